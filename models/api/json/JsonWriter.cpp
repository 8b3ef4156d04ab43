// SPDX-License-Identifier: Apache-2.0
#include "api/json/JsonWriter.h"

namespace lance::api::json::detail {

namespace {

void writeList(JsonOutput &out, const QStringList &list)
{
    out.beginArray();
    for (const QString &text : list) {
        out.string(text);
    }
    out.endArray();
}

void writeMap(JsonOutput &out, const StringMap &map)
{
    out.beginObject();
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        out.key(it.key());
        out.string(it.value());
    }
    out.endObject();
}

} // namespace

JsonWriter::JsonWriter(JsonOutput &out)
    : m_out(out)
{
    m_out.beginObject();
}

JsonWriter::~JsonWriter()
{
    m_out.endObject();
}

JsonOutput &JsonWriter::field(std::string_view key)
{
    m_out.key(key);
    return m_out;
}

JsonWriter &JsonWriter::set(std::string_view key, const QString &value)
{
    field(key).string(value);
    return *this;
}

JsonWriter &JsonWriter::set(std::string_view key, qint64 value)
{
    field(key).integer(value);
    return *this;
}

JsonWriter &JsonWriter::set(std::string_view key, bool value)
{
    field(key).boolean(value);
    return *this;
}

JsonWriter &JsonWriter::set(std::string_view key, const QStringList &value)
{
    writeList(field(key), value);
    return *this;
}

JsonWriter &JsonWriter::set(std::string_view key, const StringMap &value)
{
    writeMap(field(key), value);
    return *this;
}

JsonWriter &JsonWriter::set(std::string_view key, const Identifier &value)
{
    writeList(field(key), value.names());
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
    if (value) {
        return set(key, *value);
    }
    field(key).null();
    return *this;
}

} // namespace lance::api::json::detail
