// SPDX-License-Identifier: Apache-2.0
// The codec's machinery: decodeValue()/encodeValue() walk a message's field list
// (MessageFields.h) and read or write each field by its C++ type, with the rules of
// JsonCodec.h. Only the Arrow schema (SchemaCodec.cpp) is written by hand.
#pragma once

#include "api/JsonCodec.h"
#include "api/Result.h"
#include "api/json/CleanupFields.h"
#include "api/json/HealthFields.h"
#include "api/json/JsonReader.h"
#include "api/json/JsonText.h"
#include "api/json/JsonWriter.h"
#include "api/json/QueryFields.h"
#include "api/json/VersionTagFields.h"

#include <QMap>

#include <array>
#include <concepts>
#include <nlohmann/json.hpp>
#include <type_traits>
#include <utility>
#include <variant>

namespace lance::api::json::detail {

// Every message: the walk over its fields. `decodeValue` reads an object the caller has
// already checked is an object; `encodeValue` returns one.
template <Described T> void decodeValue(const JsonReader &reader, T &out);
template <Described T> void encodeValue(JsonOutput &out, const T &value);
// The Arrow schema: recursive, and limited in depth against hostile answers.
void decodeValue(const JsonReader &reader, JsonArrowSchema &out);
void encodeValue(JsonOutput &out, const JsonArrowSchema &value);

/// A type with a codec of its own: a message, or the schema.
template <typename T>
concept Encodable = Described<T> || std::same_as<T, JsonArrowSchema>;

/// The wire names of an enum's values, in declaration order (PascalCase).
template <typename Enum> const QStringList &wireNames();
template <> const QStringList &wireNames<ManifestNamingScheme>();
template <> const QStringList &wireNames<CreateNamespaceMode>();
template <> const QStringList &wireNames<DropNamespaceMode>();
template <> const QStringList &wireNames<DropNamespaceBehavior>();
template <> const QStringList &wireNames<RegisterTableMode>();

/// The entries of a batch commit and of its answer: "exactly one of" four kinds, each an
/// object under its key (BatchCodec.cpp).
void decodeOneOf(const JsonReader &reader, CommitTableOperation &out);
void decodeOneOf(const JsonReader &reader, CommitTableResult &out);
void encodeOneOf(JsonOutput &out, const CommitTableOperation &value);
void encodeOneOf(JsonOutput &out, const CommitTableResult &value);

// Reading one field, by type.

inline void readField(const JsonReader &reader, std::string_view key, QString &out,
                      const FieldOptions &)
{
    out = reader.string(key);
}
inline void readField(const JsonReader &reader, std::string_view key, std::optional<QString> &out,
                      const FieldOptions &)
{
    out = reader.optionalString(key);
}
inline void readField(const JsonReader &reader, std::string_view key, qint64 &out,
                      const FieldOptions &options)
{
    out = reader.int64(key, options.minimum);
}
inline void readField(const JsonReader &reader, std::string_view key, std::optional<qint64> &out,
                      const FieldOptions &options)
{
    out = reader.optionalInt64(key, options.minimum);
}
inline void readField(const JsonReader &reader, std::string_view key, bool &out,
                      const FieldOptions &)
{
    out = reader.boolean(key);
}
inline void readField(const JsonReader &reader, std::string_view key, std::optional<bool> &out,
                      const FieldOptions &)
{
    out = reader.optionalBoolean(key);
}
/// Absent or null is an empty map.
inline void readField(const JsonReader &reader, std::string_view key, StringMap &out,
                      const FieldOptions &)
{
    out = reader.stringMap(key);
}
/// The spec's nullable maps: absent is an empty map, null is nullopt.
inline void readField(const JsonReader &reader, std::string_view key, std::optional<StringMap> &out,
                      const FieldOptions &)
{
    out = reader.nullableStringMap(key);
}
inline void readField(const JsonReader &reader, std::string_view key, QStringList &out,
                      const FieldOptions &options)
{
    out = reader.stringList(key, options.presence.value_or(JsonReader::Presence::Required),
                            options.items);
}
inline void readField(const JsonReader &reader, std::string_view key,
                      std::optional<QStringList> &out, const FieldOptions &)
{
    out = reader.optionalStringList(key);
}
/// A request's `id`: absent or null is the root namespace, unless the field is required (a
/// batch entry, which has no path id to fall back on).
inline void readField(const JsonReader &reader, std::string_view key, Identifier &out,
                      const FieldOptions &options)
{
    if (options.presence == JsonReader::Presence::Required && !reader.require(key)) {
        return;
    }
    out = Identifier(reader.stringList(key, JsonReader::Presence::Optional));
}
/// A response's `id`: nullopt when absent or null.
inline void readField(const JsonReader &reader, std::string_view key,
                      std::optional<Identifier> &out, const FieldOptions &)
{
    std::optional<QStringList> names = reader.optionalStringList(key);
    out = names ? std::optional<Identifier>(Identifier(std::move(*names))) : std::nullopt;
}
template <typename Enum>
requires std::is_enum_v<Enum>
void readField(const JsonReader &reader, std::string_view key, std::optional<Enum> &out,
               const FieldOptions &)
{
    const std::optional<qsizetype> index = reader.optionalChoice(key, wireNames<Enum>());
    out = index ? std::optional<Enum>(static_cast<Enum>(*index)) : std::nullopt;
}
/// A required nested object.
template <Encodable T>
void readField(const JsonReader &reader, std::string_view key, T &out, const FieldOptions &)
{
    reader.object(key, JsonReader::Presence::Required,
                  [&out](const JsonReader &child) { decodeValue(child, out); });
}
/// An optional nested object: stays nullopt when absent, null or invalid.
template <Encodable T>
void readField(const JsonReader &reader, std::string_view key, std::optional<T> &out,
               const FieldOptions &)
{
    T value;
    if (reader.object(key, JsonReader::Presence::Optional,
                      [&value](const JsonReader &child) { decodeValue(child, value); })) {
        out = std::move(value);
    }
}
template <Encodable T>
void readField(const JsonReader &reader, std::string_view key, QList<T> &out,
               const FieldOptions &options)
{
    reader.objectList(key, options.presence.value_or(JsonReader::Presence::Required),
                      [&out](const JsonReader &child) { decodeValue(child, out.emplace_back()); });
}
/// A map whose values are objects of a schema type, by name.
template <Encodable T>
void readField(const JsonReader &reader, std::string_view key, QMap<QString, T> &out,
               const FieldOptions &options)
{
    reader.objectMap(
        key, options.presence.value_or(JsonReader::Presence::Required),
        [&out](const QString &name, const JsonReader &child) { decodeValue(child, out[name]); });
}
template <typename Entry>
requires std::same_as<Entry, CommitTableOperation> || std::same_as<Entry, CommitTableResult>
void readField(const JsonReader &reader, std::string_view key, QList<Entry> &out,
               const FieldOptions &)
{
    reader.objectList(key, JsonReader::Presence::Required,
                      [&out](const JsonReader &child) { decodeOneOf(child, out.emplace_back()); });
}

// Writing one field, by type: absent optionals and empty default-empty maps are left out.

template <typename T>
requires std::same_as<T, QString> || std::same_as<T, qint64> || std::same_as<
    T, bool> || std::same_as<T, Identifier>
void writeField(JsonWriter &writer, std::string_view key, const T &value, const FieldOptions &)
{
    writer.set(key, value);
}
template <typename T>
requires std::same_as<T, QString> || std::same_as<T, qint64> || std::same_as<
    T, bool> || std::same_as<T, QStringList> || std::same_as<T, Identifier>
void writeField(JsonWriter &writer, std::string_view key, const std::optional<T> &value,
                const FieldOptions &)
{
    writer.setOptional(key, value);
}
inline void writeField(JsonWriter &writer, std::string_view key, const StringMap &value,
                       const FieldOptions &)
{
    writer.setNonEmpty(key, value);
}
inline void writeField(JsonWriter &writer, std::string_view key,
                       const std::optional<StringMap> &value, const FieldOptions &)
{
    writer.setNullable(key, value);
}
/// A required list is always written; one that may be absent is left out when empty.
inline void writeField(JsonWriter &writer, std::string_view key, const QStringList &value,
                       const FieldOptions &options)
{
    if (options.presence.value_or(JsonReader::Presence::Required)
        == JsonReader::Presence::Required) {
        writer.set(key, value);
    } else {
        writer.setNonEmpty(key, value);
    }
}
template <typename Enum>
requires std::is_enum_v<Enum>
void writeField(JsonWriter &writer, std::string_view key, const std::optional<Enum> &value,
                const FieldOptions &)
{
    if (value) {
        writer.set(key, toWireString(*value));
    }
}
template <Encodable T>
void writeField(JsonWriter &writer, std::string_view key, const T &value, const FieldOptions &)
{
    encodeValue(writer.field(key), value);
}
template <Encodable T>
void writeField(JsonWriter &writer, std::string_view key, const std::optional<T> &value,
                const FieldOptions &)
{
    if (value) {
        encodeValue(writer.field(key), *value);
    }
}
template <Encodable T>
void writeField(JsonWriter &writer, std::string_view key, const QList<T> &value,
                const FieldOptions &)
{
    JsonOutput &out = writer.field(key);
    out.beginArray();
    for (const T &item : value) {
        encodeValue(out, item);
    }
    out.endArray();
}
template <Encodable T>
void writeField(JsonWriter &writer, std::string_view key, const QMap<QString, T> &value,
                const FieldOptions &)
{
    JsonOutput &out = writer.field(key);
    out.beginObject();
    for (auto it = value.cbegin(); it != value.cend(); ++it) {
        out.key(it.key());
        encodeValue(out, it.value());
    }
    out.endObject();
}
template <typename Entry>
requires std::same_as<Entry, CommitTableOperation> || std::same_as<Entry, CommitTableResult>
void writeField(JsonWriter &writer, std::string_view key, const QList<Entry> &value,
                const FieldOptions &)
{
    JsonOutput &out = writer.field(key);
    out.beginArray();
    for (const Entry &entry : value) {
        encodeOneOf(out, entry);
    }
    out.endArray();
}

template <Described T> void decodeValue(const JsonReader &reader, T &out)
{
    std::apply(
        [&](const auto &...each) {
            (readField(reader, each.key, out.*each.member, each.options), ...);
        },
        Fields<T>::list);
}

template <Described T> void encodeValue(JsonOutput &out, const T &value)
{
    JsonWriter writer(out);
    std::apply(
        [&](const auto &...each) {
            (writeField(writer, each.key, value.*each.member, each.options), ...);
        },
        Fields<T>::list);
}

template <typename T> Result<void> decodeDocument(QByteArrayView json, T &out)
{
    try {
        nlohmann::json document;
        if (Result<void> parsed = parseText(json, document); !parsed.hasValue()) {
            return parsed;
        }
        JsonReader::State state;
        const JsonReader reader(document, state);
        T value;
        if (reader.expectObject()) {
            decodeValue(reader, value);
        }
        if (state.error) {
            return *state.error;
        }
        out = std::move(value);
        return {};
    } catch (const std::exception &error) {
        // Nothing above should throw; if it does, it must not leave the codec.
        return ApiError::decode(
            {}, QStringLiteral("unreadable JSON: %1").arg(QString::fromUtf8(error.what())));
    }
}

template <typename T> QByteArray encodeDocument(const T &value, Format format)
{
    try {
        JsonOutput out(format);
        encodeValue(out, value);
        return QByteArray(out.text().data(), qsizetype(out.text().size()));
    } catch (const std::exception &) {
        return {}; // allocation failure only
    }
}

} // namespace lance::api::json::detail

/// Defines the public encode() and decodeInto() of `Type` from its decodeValue/encodeValue.
/// `Type` is a type name, which cannot be put in parentheses.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LCB_JSON_DEFINE_CODEC(Type)                                                                \
    QByteArray encode(const Type &value, Format format)                                            \
    {                                                                                              \
        return detail::encodeDocument(value, format);                                              \
    }                                                                                              \
    Result<void> decodeInto(QByteArrayView json, Type &out)                                        \
    {                                                                                              \
        return detail::decodeDocument(json, out);                                                  \
    }
// NOLINTEND(bugprone-macro-parentheses)
