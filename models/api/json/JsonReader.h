// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/CommonTypes.h"

#include <QStringList>

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace lance::api::json::detail {

/// A read-only view of one JSON value that knows its path in the document. Every getter checks
/// the type (and bound) the spec asks for; the first problem is recorded in the shared State with
/// its path and later problems are ignored, so after a failure getters just return defaults.
/// Absent fields and JSON null are the same thing for every getter (the spec's nullable maps
/// have their own getter). A reader is a cheap view: it points at its parent, the JSON value
/// and the State, all of which must outlive it.
class JsonReader
{
public:
    enum class Presence { Optional, Required };
    enum class Minimum { None, Zero };
    enum class Items { Any, Unique };

    /// The outcome of one decode: the first problem found, if any.
    struct State
    {
        std::optional<ApiError> error;
    };

    /// The reader of a document's top-level value (empty path).
    JsonReader(const nlohmann::json &value, State &state)
        : m_value(&value)
        , m_state(&state)
    {}

    const nlohmann::json &value() const { return *m_value; }
    bool failed() const { return m_state->error.has_value(); }
    /// Records `problem` at this reader's path, unless an earlier problem was recorded.
    void fail(const QString &problem) const;
    /// This reader's path, e.g. `results[2].create_table_version`; empty for the top level.
    QString path() const;

    /// Records "expected object" unless this value is an object.
    bool expectObject() const;

    /// The value of `key` in this object; nullptr when absent or null.
    const nlohmann::json *find(std::string_view key) const;
    bool has(std::string_view key) const { return find(key) != nullptr; }
    /// The reader of `value`, which is this object's member `key` (or the list item `index`).
    JsonReader member(std::string_view key, const nlohmann::json &value) const;
    JsonReader item(std::size_t index, const nlohmann::json &value) const;
    /// Records "required field missing" at `key` when it is absent or null.
    bool require(std::string_view key) const;

    QString string(std::string_view key) const;
    std::optional<QString> optionalString(std::string_view key) const;
    qint64 int64(std::string_view key, Minimum minimum = Minimum::None) const;
    std::optional<qint64> optionalInt64(std::string_view key,
                                        Minimum minimum = Minimum::None) const;
    bool boolean(std::string_view key) const;
    std::optional<bool> optionalBoolean(std::string_view key) const;
    /// A map of strings; absent or null is empty.
    StringMap stringMap(std::string_view key) const;
    /// The spec's nullable maps with default {}: absent is an empty map, null is nullopt.
    std::optional<StringMap> nullableStringMap(std::string_view key) const;
    QStringList stringList(std::string_view key, Presence presence, Items items = Items::Any) const;
    std::optional<QStringList> optionalStringList(std::string_view key) const;
    /// The index in `choices` (PascalCase wire names) of the enum string at `key`, compared
    /// without case and underscores so `exist_ok`, `EXISTOK` and `ExistOk` are one value.
    std::optional<qsizetype> optionalChoice(std::string_view key, const QStringList &choices) const;

    /// Calls `read(reader)` with the reader of the object at `key`; false if absent or invalid.
    template <typename Read> bool object(std::string_view key, Presence presence, Read &&read) const
    {
        const nlohmann::json *found = presentField(key, presence);
        if (!found) {
            return false;
        }
        const JsonReader child = member(key, *found);
        if (!child.expectObject()) {
            return false;
        }
        read(child);
        return !failed();
    }

    /// Calls `read(reader)` for each object of the list at `key`.
    template <typename Read>
    void objectList(std::string_view key, Presence presence, Read &&read) const
    {
        const nlohmann::json *found = presentField(key, presence);
        if (!found) {
            return;
        }
        const JsonReader list = member(key, *found);
        if (!found->is_array()) {
            list.fail(QStringLiteral("expected array"));
            return;
        }
        for (std::size_t i = 0; i < found->size() && !failed(); ++i) {
            const JsonReader child = list.item(i, (*found)[i]);
            if (child.expectObject()) {
                read(child);
            }
        }
    }

    /// Calls `read(name, reader)` for each member of the object at `key`, whose values must be
    /// objects (a map of a schema type).
    template <typename Read>
    void objectMap(std::string_view key, Presence presence, Read &&read) const
    {
        const nlohmann::json *found = presentField(key, presence);
        if (!found) {
            return;
        }
        const JsonReader map = member(key, *found);
        if (!map.expectObject()) {
            return;
        }
        for (auto it = found->begin(); it != found->end() && !failed(); ++it) {
            const JsonReader child = map.member(it.key(), it.value());
            if (child.expectObject()) {
                read(QString::fromStdString(it.key()), child);
            }
        }
    }

private:
    enum class Segment { Root, Key, Index };

    JsonReader(const JsonReader *parent, const nlohmann::json &value, std::string_view key,
               std::size_t index, Segment segment);

    /// The field `key` if present and not null; records "required field missing" if required.
    const nlohmann::json *presentField(std::string_view key, Presence presence) const;
    // The typed reads of this value itself.
    QString readString() const;
    qint64 readInt64(Minimum minimum) const;
    bool readBoolean() const;
    StringMap readStringMap() const;
    QStringList readStringList(Items items) const;

    const nlohmann::json *m_value;
    State *m_state;
    const JsonReader *m_parent = nullptr;
    std::string_view m_key;
    std::size_t m_index = 0;
    Segment m_segment = Segment::Root;
};

} // namespace lance::api::json::detail
