// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

#include <QStringList>

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace lance::api::json::detail {

/// Builds one JSON object with the spec's encoding rules: `set` always writes, `setOptional`
/// skips nullopt, `setNonEmpty` skips empty maps and lists (the spec's "absent means empty").
class JsonWriter
{
public:
    JsonWriter &set(std::string_view key, const QString &value);
    JsonWriter &set(std::string_view key, qint64 value);
    JsonWriter &set(std::string_view key, bool value);
    JsonWriter &set(std::string_view key, const QStringList &value);
    JsonWriter &set(std::string_view key, const StringMap &value);
    /// A request's `id`: the list of names, `[]` for the root.
    JsonWriter &set(std::string_view key, const Identifier &value);
    JsonWriter &set(std::string_view key, nlohmann::json value);
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

    nlohmann::json take() { return std::move(m_object); }

private:
    nlohmann::json m_object = nlohmann::json::object();
};

} // namespace lance::api::json::detail
