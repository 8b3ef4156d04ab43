// SPDX-License-Identifier: Apache-2.0
#include "api/json/JsonOutput.h"

#include <array>
#include <charconv>

namespace lance::api::json::detail {

namespace {

constexpr std::string_view Replacement = "\xEF\xBF\xBD"; // U+FFFD in UTF-8

// The escapes nlohmann printed, so that text written before and after this writer compares
// equal: the short forms where JSON has one, \u00xx (lower-case hex) for other controls.
void appendControl(std::string &out, unsigned char byte)
{
    switch (byte) {
    case '\b':
        out += "\\b";
        return;
    case '\f':
        out += "\\f";
        return;
    case '\n':
        out += "\\n";
        return;
    case '\r':
        out += "\\r";
        return;
    case '\t':
        out += "\\t";
        return;
    default:
        break;
    }
    constexpr std::string_view Hex = "0123456789abcdef";
    out += "\\u00";
    out += Hex[byte >> 4];
    out += Hex[byte & 0xF];
}

void appendAscii(std::string &out, char16_t unit)
{
    if (unit == u'"' || unit == u'\\') {
        out += '\\';
        out += char(unit);
    } else if (unit < 0x20) {
        appendControl(out, static_cast<unsigned char>(unit));
    } else {
        out += char(unit);
    }
}

void appendCodePoint(std::string &out, char32_t point)
{
    if (point < 0x800) {
        out += char(0xC0 | (point >> 6));
    } else if (point < 0x10000) {
        out += char(0xE0 | (point >> 12));
        out += char(0x80 | ((point >> 6) & 0x3F));
    } else {
        out += char(0xF0 | (point >> 18));
        out += char(0x80 | ((point >> 12) & 0x3F));
        out += char(0x80 | ((point >> 6) & 0x3F));
    }
    out += char(0x80 | (point & 0x3F));
}

} // namespace

JsonOutput::JsonOutput(Format format)
    : m_indented(format == Format::Indented)
{}

void JsonOutput::beforeMember()
{
    if (m_depth == 0) {
        return;
    }
    if (!m_empty) {
        m_text += ',';
    }
    m_empty = false;
    if (m_indented) {
        m_text += '\n';
        m_text.append(std::size_t(2) * std::size_t(m_depth), ' ');
    }
}

void JsonOutput::beforeValue()
{
    // A value in an object follows its key; one in an array (or the document) is a member.
    if (m_afterKey) {
        m_afterKey = false;
    } else {
        beforeMember();
    }
}

void JsonOutput::beginObject()
{
    beforeValue();
    m_text += '{';
    ++m_depth;
    m_empty = true;
}

void JsonOutput::beginArray()
{
    beforeValue();
    m_text += '[';
    ++m_depth;
    m_empty = true;
}

void JsonOutput::close(char bracket)
{
    --m_depth;
    if (m_indented && !m_empty) {
        m_text += '\n';
        m_text.append(std::size_t(2) * std::size_t(m_depth), ' ');
    }
    m_text += bracket;
    m_empty = false;
}

void JsonOutput::endObject()
{
    close('}');
}

void JsonOutput::endArray()
{
    close(']');
}

void JsonOutput::key(std::string_view name)
{
    beforeMember();
    appendEscaped(name);
    m_text += m_indented ? ": " : ":";
    m_afterKey = true;
}

void JsonOutput::key(QStringView name)
{
    beforeMember();
    appendEscaped(name);
    m_text += m_indented ? ": " : ":";
    m_afterKey = true;
}

void JsonOutput::string(QStringView text)
{
    beforeValue();
    appendEscaped(text);
}

void JsonOutput::string(std::string_view utf8)
{
    beforeValue();
    appendEscaped(utf8);
}

void JsonOutput::integer(qint64 value)
{
    beforeValue();
    std::array<char, 24> digits{};
    const auto [end, error] = std::to_chars(digits.data(), digits.data() + digits.size(), value);
    Q_UNUSED(error); // 24 characters hold any 64-bit integer
    m_text.append(digits.data(), end);
}

void JsonOutput::boolean(bool value)
{
    beforeValue();
    m_text += value ? "true" : "false";
}

void JsonOutput::null()
{
    beforeValue();
    m_text += "null";
}

void JsonOutput::appendEscaped(QStringView text)
{
    m_text += '"';
    const qsizetype size = text.size();
    for (qsizetype i = 0; i < size; ++i) {
        const char16_t unit = text[i].unicode();
        if (unit < 0x80) {
            appendAscii(m_text, unit);
        } else if (!QChar::isSurrogate(unit)) {
            appendCodePoint(m_text, unit);
        } else if (QChar::isHighSurrogate(unit) && i + 1 < size
                   && QChar::isLowSurrogate(text[i + 1].unicode())) {
            appendCodePoint(m_text, QChar::surrogateToUcs4(unit, text[i + 1].unicode()));
            ++i;
        } else {
            m_text += Replacement;
        }
    }
    m_text += '"';
}

void JsonOutput::appendEscaped(std::string_view utf8)
{
    // Keys and wire names: text this program wrote, already valid UTF-8.
    m_text += '"';
    for (const char byte : utf8) {
        if (static_cast<unsigned char>(byte) < 0x80) {
            appendAscii(m_text, char16_t(byte));
        } else {
            m_text += byte;
        }
    }
    m_text += '"';
}

} // namespace lance::api::json::detail
