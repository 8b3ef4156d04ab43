// SPDX-License-Identifier: Apache-2.0
// What the topic files of the codec share: one decodeValue/encodeValue pair per message type
// (defined in the topic's .cpp), enum names, and the document-level wrappers behind the public
// encode() and decodeInto().
#pragma once

#include "api/JsonCodec.h"
#include "api/json/JsonReader.h"
#include "api/json/JsonText.h"
#include "api/json/JsonWriter.h"

#include <nlohmann/json.hpp>

namespace lance::api::json::detail {

/// `decodeValue` reads an object the caller has already checked is an object; `encodeValue`
/// returns one. Both follow the rules in JsonCodec.h.
#define LCB_JSON_VALUE_CODEC(Type)                                                                 \
    void decodeValue(const JsonReader &reader, Type &out);                                         \
    nlohmann::json encodeValue(const Type &value);

LCB_JSON_VALUE_CODEC(TableVersion)
LCB_JSON_VALUE_CODEC(VersionRange)
LCB_JSON_VALUE_CODEC(TagContents)
LCB_JSON_VALUE_CODEC(JsonArrowSchema)
LCB_JSON_VALUE_CODEC(TableBasicStats)
LCB_JSON_VALUE_CODEC(ErrorResponse)

LCB_JSON_VALUE_CODEC(ListNamespacesRequest)
LCB_JSON_VALUE_CODEC(ListNamespacesResponse)
LCB_JSON_VALUE_CODEC(DescribeNamespaceRequest)
LCB_JSON_VALUE_CODEC(DescribeNamespaceResponse)
LCB_JSON_VALUE_CODEC(CreateNamespaceRequest)
LCB_JSON_VALUE_CODEC(CreateNamespaceResponse)
LCB_JSON_VALUE_CODEC(DropNamespaceRequest)
LCB_JSON_VALUE_CODEC(DropNamespaceResponse)
LCB_JSON_VALUE_CODEC(NamespaceExistsRequest)

LCB_JSON_VALUE_CODEC(ListTablesRequest)
LCB_JSON_VALUE_CODEC(ListTablesResponse)
LCB_JSON_VALUE_CODEC(DescribeTableRequest)
LCB_JSON_VALUE_CODEC(DescribeTableResponse)
LCB_JSON_VALUE_CODEC(TableExistsRequest)
LCB_JSON_VALUE_CODEC(RegisterTableRequest)
LCB_JSON_VALUE_CODEC(RegisterTableResponse)
LCB_JSON_VALUE_CODEC(DeclareTableRequest)
LCB_JSON_VALUE_CODEC(DeclareTableResponse)
LCB_JSON_VALUE_CODEC(DeregisterTableRequest)
LCB_JSON_VALUE_CODEC(DeregisterTableResponse)
LCB_JSON_VALUE_CODEC(DropTableRequest)
LCB_JSON_VALUE_CODEC(DropTableResponse)

LCB_JSON_VALUE_CODEC(ListTableVersionsRequest)
LCB_JSON_VALUE_CODEC(ListTableVersionsResponse)
LCB_JSON_VALUE_CODEC(CreateTableVersionRequest)
LCB_JSON_VALUE_CODEC(CreateTableVersionResponse)
LCB_JSON_VALUE_CODEC(DescribeTableVersionRequest)
LCB_JSON_VALUE_CODEC(DescribeTableVersionResponse)
LCB_JSON_VALUE_CODEC(BatchDeleteTableVersionsRequest)
LCB_JSON_VALUE_CODEC(BatchDeleteTableVersionsResponse)
LCB_JSON_VALUE_CODEC(CreateTableVersionEntry)
LCB_JSON_VALUE_CODEC(BatchCreateTableVersionsRequest)
LCB_JSON_VALUE_CODEC(BatchCreateTableVersionsResponse)
LCB_JSON_VALUE_CODEC(BatchCommitTablesRequest)
LCB_JSON_VALUE_CODEC(BatchCommitTablesResponse)

LCB_JSON_VALUE_CODEC(ListTableTagsRequest)
LCB_JSON_VALUE_CODEC(ListTableTagsResponse)
LCB_JSON_VALUE_CODEC(GetTableTagVersionRequest)
LCB_JSON_VALUE_CODEC(GetTableTagVersionResponse)
LCB_JSON_VALUE_CODEC(CreateTableTagRequest)
LCB_JSON_VALUE_CODEC(UpdateTableTagRequest)
LCB_JSON_VALUE_CODEC(DeleteTableTagRequest)
LCB_JSON_VALUE_CODEC(TableTagChangeResponse)

#undef LCB_JSON_VALUE_CODEC

/// The wire names of an enum's values, in declaration order (PascalCase).
template <typename Enum> const QStringList &wireNames();
template <> const QStringList &wireNames<ManifestNamingScheme>();
template <> const QStringList &wireNames<CreateNamespaceMode>();
template <> const QStringList &wireNames<DropNamespaceMode>();
template <> const QStringList &wireNames<DropNamespaceBehavior>();
template <> const QStringList &wireNames<RegisterTableMode>();

template <typename Enum>
std::optional<Enum> readEnum(const JsonReader &reader, std::string_view key)
{
    const std::optional<qsizetype> index = reader.optionalChoice(key, wireNames<Enum>());
    return index ? std::optional<Enum>(static_cast<Enum>(*index)) : std::nullopt;
}

template <typename Enum> std::optional<QString> enumName(const std::optional<Enum> &value)
{
    return value ? std::optional<QString>(toWireString(*value)) : std::nullopt;
}

/// A required nested object of a schema type.
template <typename T> void readObject(const JsonReader &reader, std::string_view key, T &out)
{
    reader.object(key, JsonReader::Presence::Required,
                  [&out](const JsonReader &child) { decodeValue(child, out); });
}

/// An optional nested object: stays nullopt when absent, null or invalid.
template <typename T>
void readObject(const JsonReader &reader, std::string_view key, std::optional<T> &out)
{
    T value;
    if (reader.object(key, JsonReader::Presence::Optional,
                      [&value](const JsonReader &child) { decodeValue(child, value); })) {
        out = std::move(value);
    }
}

template <typename List>
void readObjectList(const JsonReader &reader, std::string_view key, List &out,
                    JsonReader::Presence presence = JsonReader::Presence::Required)
{
    reader.objectList(key, presence,
                      [&out](const JsonReader &child) { decodeValue(child, out.emplace_back()); });
}

template <typename List> nlohmann::json encodeList(const List &list)
{
    nlohmann::json array = nlohmann::json::array();
    for (const auto &value : list) {
        array.push_back(encodeValue(value));
    }
    return array;
}

/// A request's `id`: absent or null is the root namespace.
Identifier readId(const JsonReader &reader);
/// A response's `id`: nullopt when absent or null.
std::optional<Identifier> readOptionalId(const JsonReader &reader);

template <typename T> std::optional<ApiError> decodeDocument(QByteArrayView json, T &out)
{
    try {
        nlohmann::json document;
        if (std::optional<ApiError> error = parseText(json, document)) {
            return error;
        }
        JsonReader::State state;
        const JsonReader reader(document, state);
        T value;
        if (reader.expectObject()) {
            decodeValue(reader, value);
        }
        if (state.error) {
            return state.error;
        }
        out = std::move(value);
        return std::nullopt;
    } catch (const std::exception &error) {
        // Nothing above should throw; if it does, it must not leave the codec.
        return ApiError::decode(
            {}, QStringLiteral("unreadable JSON: %1").arg(QString::fromUtf8(error.what())));
    }
}

template <typename T> QByteArray encodeDocument(const T &value, Format format)
{
    try {
        return printText(encodeValue(value), format);
    } catch (const std::exception &) {
        return {}; // allocation failure only
    }
}

} // namespace lance::api::json::detail

/// Defines the public encode() and decodeInto() of `Type` from its decodeValue/encodeValue.
#define LCB_JSON_DEFINE_CODEC(Type)                                                                \
    QByteArray encode(const Type &value, Format format)                                            \
    {                                                                                              \
        return detail::encodeDocument(value, format);                                              \
    }                                                                                              \
    std::optional<ApiError> decodeInto(QByteArrayView json, Type &out)                             \
    {                                                                                              \
        return detail::decodeDocument(json, out);                                                  \
    }
