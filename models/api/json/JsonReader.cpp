// SPDX-License-Identifier: Apache-2.0
#include "api/json/JsonReader.h"

#include <QSet>

#include <cmath>
#include <limits>
#include <vector>

using namespace Qt::StringLiterals;

namespace lance::api::json::detail {

namespace {

QString fromUtf8(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// Keys that would make the dotted form ambiguous (or unreadable) are written `["a.b"]`.
bool needsQuotes(std::string_view key)
{
    if (key.empty()) {
        return true;
    }
    for (const char c : key) {
        if (c == '.' || c == '[' || c == ']' || c == '"' || c == '\\'
            || static_cast<unsigned char>(c) < 0x20) {
            return true;
        }
    }
    return false;
}

QString quoted(std::string_view key)
{
    QString text = fromUtf8(key);
    text.replace(u'\\', u"\\\\"_s);
    text.replace(u'"', u"\\\""_s);
    return u"[\""_s + text + u"\"]"_s;
}

// Enum strings are compared as the spec says: case-insensitive, PascalCase or snake_case.
QString normalizedChoice(const QString &text)
{
    QString normalized = text.toCaseFolded();
    normalized.remove(u'_');
    return normalized;
}

} // namespace

JsonReader::JsonReader(const JsonReader *parent, const nlohmann::json &value, std::string_view key,
                       std::size_t index, Segment segment)
    : m_value(&value)
    , m_state(parent->m_state)
    , m_parent(parent)
    , m_key(key)
    , m_index(index)
    , m_segment(segment)
{}

void JsonReader::fail(const QString &problem) const
{
    if (!failed()) {
        m_state->error = ApiError::decode(path(), problem);
    }
}

QString JsonReader::path() const
{
    // Built only when a problem is reported, so readers stay cheap on the happy path.
    std::vector<const JsonReader *> chain;
    for (const JsonReader *reader = this; reader; reader = reader->m_parent) {
        chain.push_back(reader);
    }
    QString text;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        const JsonReader *reader = *it;
        switch (reader->m_segment) {
        case Segment::Root:
            break;
        case Segment::Index:
            text += u'[' + QString::number(reader->m_index) + u']';
            break;
        case Segment::Key:
            if (needsQuotes(reader->m_key)) {
                text += quoted(reader->m_key);
            } else {
                if (!text.isEmpty()) {
                    text += u'.';
                }
                text += fromUtf8(reader->m_key);
            }
            break;
        }
    }
    return text;
}

bool JsonReader::expectObject() const
{
    if (m_value->is_object()) {
        return true;
    }
    fail(m_segment == Segment::Root ? u"expected a JSON object"_s : u"expected object"_s);
    return false;
}

const nlohmann::json *JsonReader::find(std::string_view key) const
{
    if (!m_value->is_object()) {
        return nullptr;
    }
    const auto it = m_value->find(key);
    if (it == m_value->end() || it->is_null()) {
        return nullptr;
    }
    return &*it;
}

JsonReader JsonReader::member(std::string_view key, const nlohmann::json &value) const
{
    return JsonReader(this, value, key, 0, Segment::Key);
}

JsonReader JsonReader::item(std::size_t index, const nlohmann::json &value) const
{
    return JsonReader(this, value, {}, index, Segment::Index);
}

bool JsonReader::require(std::string_view key) const
{
    return presentField(key, Presence::Required) != nullptr;
}

const nlohmann::json *JsonReader::presentField(std::string_view key, Presence presence) const
{
    if (failed()) {
        return nullptr;
    }
    const nlohmann::json *found = find(key);
    if (!found && presence == Presence::Required) {
        static const nlohmann::json null;
        member(key, null).fail(u"required field missing"_s);
    }
    return found;
}

QString JsonReader::string(std::string_view key) const
{
    const nlohmann::json *found = presentField(key, Presence::Required);
    return found ? member(key, *found).readString() : QString();
}

std::optional<QString> JsonReader::optionalString(std::string_view key) const
{
    const nlohmann::json *found = presentField(key, Presence::Optional);
    if (!found) {
        return std::nullopt;
    }
    QString value = member(key, *found).readString();
    return failed() ? std::nullopt : std::optional<QString>(std::move(value));
}

qint64 JsonReader::int64(std::string_view key, Minimum minimum) const
{
    const nlohmann::json *found = presentField(key, Presence::Required);
    return found ? member(key, *found).readInt64(minimum) : 0;
}

std::optional<qint64> JsonReader::optionalInt64(std::string_view key, Minimum minimum) const
{
    const nlohmann::json *found = presentField(key, Presence::Optional);
    if (!found) {
        return std::nullopt;
    }
    const qint64 value = member(key, *found).readInt64(minimum);
    return failed() ? std::nullopt : std::optional<qint64>(value);
}

bool JsonReader::boolean(std::string_view key) const
{
    const nlohmann::json *found = presentField(key, Presence::Required);
    return found ? member(key, *found).readBoolean() : false;
}

std::optional<bool> JsonReader::optionalBoolean(std::string_view key) const
{
    const nlohmann::json *found = presentField(key, Presence::Optional);
    if (!found) {
        return std::nullopt;
    }
    const bool value = member(key, *found).readBoolean();
    return failed() ? std::nullopt : std::optional<bool>(value);
}

StringMap JsonReader::stringMap(std::string_view key) const
{
    const nlohmann::json *found = presentField(key, Presence::Optional);
    return found ? member(key, *found).readStringMap() : StringMap();
}

std::optional<StringMap> JsonReader::nullableStringMap(std::string_view key) const
{
    if (failed()) {
        return StringMap();
    }
    if (m_value->is_object()) {
        const auto it = m_value->find(key);
        if (it != m_value->end() && it->is_null()) {
            return std::nullopt;
        }
    }
    return stringMap(key);
}

QStringList JsonReader::stringList(std::string_view key, Presence presence, Items items) const
{
    const nlohmann::json *found = presentField(key, presence);
    return found ? member(key, *found).readStringList(items) : QStringList();
}

std::optional<QStringList> JsonReader::optionalStringList(std::string_view key) const
{
    const nlohmann::json *found = presentField(key, Presence::Optional);
    if (!found) {
        return std::nullopt;
    }
    QStringList value = member(key, *found).readStringList(Items::Any);
    return failed() ? std::nullopt : std::optional<QStringList>(std::move(value));
}

std::optional<qsizetype> JsonReader::optionalChoice(std::string_view key,
                                                    const QStringList &choices) const
{
    const std::optional<QString> text = optionalString(key);
    if (!text) {
        return std::nullopt;
    }
    const QString wanted = normalizedChoice(*text);
    for (qsizetype i = 0; i < choices.size(); ++i) {
        if (normalizedChoice(choices.at(i)) == wanted) {
            return i;
        }
    }
    member(key, *find(key))
        .fail(u"unknown value \"%1\", expected one of %2"_s.arg(*text, choices.join(u", "_s)));
    return std::nullopt;
}

QString JsonReader::readString() const
{
    if (!m_value->is_string()) {
        fail(u"expected string"_s);
        return {};
    }
    return QString::fromStdString(m_value->get_ref<const std::string &>());
}

qint64 JsonReader::readInt64(Minimum minimum) const
{
    constexpr qint64 Max = std::numeric_limits<qint64>::max();
    qint64 value = 0;
    if (m_value->is_number_unsigned()) {
        const auto unsignedValue = m_value->get<std::uint64_t>();
        if (unsignedValue > std::uint64_t(Max)) {
            fail(u"integer out of range"_s);
            return 0;
        }
        value = qint64(unsignedValue);
    } else if (m_value->is_number_integer()) {
        value = m_value->get<std::int64_t>();
    } else if (m_value->is_number_float()) {
        // The parser reads every integer that fits 64 bits as an integer, so an integral float
        // this large was an integer literal beyond int64 (or its exponent form).
        const double number = m_value->get<double>();
        constexpr double Limit = 9223372036854775808.0; // 2^63
        const bool huge = std::isfinite(number) && std::trunc(number) == number
                          && (number >= Limit || number <= -Limit);
        fail(huge ? u"integer out of range"_s : u"expected integer"_s);
        return 0;
    } else {
        fail(u"expected integer"_s);
        return 0;
    }
    if (minimum == Minimum::Zero && value < 0) {
        fail(u"expected integer >= 0"_s);
        return 0;
    }
    return value;
}

bool JsonReader::readBoolean() const
{
    if (!m_value->is_boolean()) {
        fail(u"expected boolean"_s);
        return false;
    }
    return m_value->get<bool>();
}

StringMap JsonReader::readStringMap() const
{
    if (!expectObject()) {
        return {};
    }
    StringMap map;
    for (auto it = m_value->begin(); it != m_value->end() && !failed(); ++it) {
        const QString value = member(it.key(), it.value()).readString();
        map.insert(QString::fromStdString(it.key()), value);
    }
    return failed() ? StringMap() : map;
}

QStringList JsonReader::readStringList(Items items) const
{
    if (!m_value->is_array()) {
        fail(u"expected array"_s);
        return {};
    }
    QStringList list;
    list.reserve(qsizetype(m_value->size()));
    QSet<QString> seen;
    for (std::size_t i = 0; i < m_value->size() && !failed(); ++i) {
        const JsonReader child = item(i, (*m_value)[i]);
        QString text = child.readString();
        if (items == Items::Unique && !failed()) {
            if (seen.contains(text)) {
                child.fail(u"duplicate value \"%1\""_s.arg(text));
            }
            seen.insert(text);
        }
        list.append(std::move(text));
    }
    return failed() ? QStringList() : list;
}

} // namespace lance::api::json::detail
