// SPDX-License-Identifier: Apache-2.0
#include "api/json/JsonWriter.h"

namespace lance::api::json::detail {

namespace {

nlohmann::json toJson(const QStringList &list)
{
    nlohmann::json array = nlohmann::json::array();
    for (const QString &text : list) {
        array.push_back(text.toStdString());
    }
    return array;
}

nlohmann::json toJson(const StringMap &map)
{
    nlohmann::json object = nlohmann::json::object();
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        object[it.key().toStdString()] = it.value().toStdString();
    }
    return object;
}

} // namespace

JsonWriter &JsonWriter::set(std::string_view key, const QString &value)
{
    return set(key, nlohmann::json(value.toStdString()));
}

JsonWriter &JsonWriter::set(std::string_view key, qint64 value)
{
    return set(key, nlohmann::json(std::int64_t(value)));
}

JsonWriter &JsonWriter::set(std::string_view key, bool value)
{
    return set(key, nlohmann::json(value));
}

JsonWriter &JsonWriter::set(std::string_view key, const QStringList &value)
{
    return set(key, toJson(value));
}

JsonWriter &JsonWriter::set(std::string_view key, const StringMap &value)
{
    return set(key, toJson(value));
}

JsonWriter &JsonWriter::set(std::string_view key, const Identifier &value)
{
    return set(key, toJson(value.names()));
}

JsonWriter &JsonWriter::set(std::string_view key, nlohmann::json value)
{
    m_object[std::string(key)] = std::move(value);
    return *this;
}

JsonWriter &JsonWriter::setNonEmpty(std::string_view key, const StringMap &value)
{
    return value.isEmpty() ? *this : set(key, value);
}

JsonWriter &JsonWriter::setNonEmpty(std::string_view key, const QStringList &value)
{
    return value.isEmpty() ? *this : set(key, value);
}

JsonWriter &JsonWriter::setNullable(std::string_view key, const std::optional<StringMap> &value)
{
    return value ? set(key, *value) : set(key, nlohmann::json(nullptr));
}

} // namespace lance::api::json::detail
