// SPDX-License-Identifier: Apache-2.0
#include "api/json/JsonOutput.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace lance::api::json::detail {

namespace {

constexpr std::string_view Replacement = "\xEF\xBF\xBD"; // U+FFFD in UTF-8

// The escapes nlohmann printed, so that text written before and after this writer compares
// equal: the short forms where JSON has one, \u00xx (lower-case hex) for other controls.
// Writes through `out`, which has room for the longest escape (6 bytes).
char *writeAscii(char *out, char16_t unit)
{
    if (unit >= 0x20 && unit != u'"' && unit != u'\\') {
        *out++ = char(unit);
        return out;
    }
    *out++ = '\\';
    switch (unit) {
    case u'"':
        *out++ = '"';
        return out;
    case u'\\':
        *out++ = '\\';
        return out;
    case u'\b':
        *out++ = 'b';
        return out;
    case u'\f':
        *out++ = 'f';
        return out;
    case u'\n':
        *out++ = 'n';
        return out;
    case u'\r':
        *out++ = 'r';
        return out;
    case u'\t':
        *out++ = 't';
        return out;
    default:
        break;
    }
    constexpr std::string_view Hex = "0123456789abcdef";
    *out++ = 'u';
    *out++ = '0';
    *out++ = '0';
    *out++ = Hex[unit >> 4];
    *out++ = Hex[unit & 0xF];
    return out;
}

char *writeCodePoint(char *out, char32_t point)
{
    if (point < 0x800) {
        *out++ = char(0xC0 | (point >> 6));
    } else if (point < 0x10000) {
        *out++ = char(0xE0 | (point >> 12));
        *out++ = char(0x80 | ((point >> 6) & 0x3F));
    } else {
        *out++ = char(0xF0 | (point >> 18));
        *out++ = char(0x80 | ((point >> 12) & 0x3F));
        *out++ = char(0x80 | ((point >> 6) & 0x3F));
    }
    *out++ = char(0x80 | (point & 0x3F));
    return out;
}

// The longest a JSON string of `units` input units can become: a control escaped as \u00xx
// (6 bytes for one unit), and the two quotes.
constexpr std::size_t maxEscapedBytes(std::size_t units)
{
    return 6 * units + 2;
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

// Both write through a pointer into room made beforehand, then cut the text to what was
// written: appending byte by byte was most of the encoder's time.
void JsonOutput::appendEscaped(QStringView text)
{
    const std::size_t size = std::size_t(text.size());
    const std::size_t start = m_text.size();
    m_text.resize(start + maxEscapedBytes(size));
    char *out = m_text.data() + start;
    *out++ = '"';
    const char16_t *units = text.utf16();
    for (std::size_t i = 0; i < size; ++i) {
        const char16_t unit = units[i];
        if (unit < 0x80) {
            out = writeAscii(out, unit);
        } else if (!QChar::isSurrogate(unit)) {
            out = writeCodePoint(out, unit);
        } else if (QChar::isHighSurrogate(unit) && i + 1 < size
                   && QChar::isLowSurrogate(units[i + 1])) {
            out = writeCodePoint(out, QChar::surrogateToUcs4(unit, units[i + 1]));
            ++i;
        } else {
            out = std::copy(Replacement.begin(), Replacement.end(), out);
        }
    }
    *out++ = '"';
    m_text.resize(std::size_t(out - m_text.data()));
}

void JsonOutput::appendEscaped(std::string_view utf8)
{
    // Keys and wire names: text this program wrote, already valid UTF-8.
    const std::size_t start = m_text.size();
    m_text.resize(start + maxEscapedBytes(utf8.size()));
    char *out = m_text.data() + start;
    *out++ = '"';
    for (const char byte : utf8) {
        if (static_cast<unsigned char>(byte) < 0x80) {
            out = writeAscii(out, char16_t(byte));
        } else {
            *out++ = byte;
        }
    }
    *out++ = '"';
    m_text.resize(std::size_t(out - m_text.data()));
}

} // namespace lance::api::json::detail
