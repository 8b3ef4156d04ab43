// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"
#include "api/json/JsonOutput.h"

#include <QStringList>

#include <optional>
#include <string_view>

namespace lance::api::json::detail {

/// Writes one JSON object into `out` with the spec's encoding rules: `set` always writes,
/// `setOptional` skips nullopt, `setNonEmpty` skips empty maps and lists (the spec's "absent
/// means empty"). The object opens when the writer is made and closes when it goes; a nested
/// value is written through `field()`, which writes the key and hands back the output.
class JsonWriter
{
public:
    explicit JsonWriter(JsonOutput &out);
    ~JsonWriter();
    JsonWriter(const JsonWriter &) = delete;
    JsonWriter &operator=(const JsonWriter &) = delete;

    JsonWriter &set(std::string_view key, const QString &value);
    JsonWriter &set(std::string_view key, qint64 value);
    JsonWriter &set(std::string_view key, bool value);
    JsonWriter &set(std::string_view key, const QStringList &value);
    JsonWriter &set(std::string_view key, const StringMap &value);
    /// A request's `id`: the list of names, `[]` for the root.
    JsonWriter &set(std::string_view key, const Identifier &value);
    // A string literal would otherwise silently become a bool.
    JsonWriter &set(std::string_view key, const char *value) = delete;

    template <typename T>
    JsonWriter &setOptional(std::string_view key, const std::optional<T> &value)
    {
        if (value) {
            set(key, *value);
        }
        return *this;
    }

    JsonWriter &setNonEmpty(std::string_view key, const StringMap &value);
    JsonWriter &setNonEmpty(std::string_view key, const QStringList &value);
    /// The spec's nullable maps: nullopt is written as null, an empty map as {}.
    JsonWriter &setNullable(std::string_view key, const std::optional<StringMap> &value);

    /// Writes `key`; the caller writes its one value into what is returned.
    JsonOutput &field(std::string_view key);

private:
    JsonOutput &m_out;
};

} // namespace lance::api::json::detail
