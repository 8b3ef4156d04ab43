// SPDX-License-Identifier: Apache-2.0
#include "catalog/NameMatcher.h"

namespace lance::catalog {

namespace {

constexpr char lowerAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

bool isAscii(QStringView text)
{
    for (QChar c : text) {
        if (c.unicode() >= 0x80) {
            return false;
        }
    }
    return true;
}

} // namespace

NameMatcher::NameMatcher(const QString &needle)
    : m_needle(needle)
{
    if (isAscii(needle)) {
        m_asciiLower = needle.toLatin1().toLower();
    }
}

bool NameMatcher::matches(QStringView name) const
{
    return name.contains(m_needle, Qt::CaseInsensitive);
}

bool NameMatcher::matches(QByteArrayView utf8Name) const
{
    if (m_needle.isEmpty()) {
        return true;
    }
    const qsizetype needleSize = m_asciiLower.size();
    const qsizetype last = utf8Name.size() - needleSize;
    bool ascii = !m_asciiLower.isEmpty();
    for (qsizetype i = 0; ascii && i < utf8Name.size(); ++i) {
        ascii = uchar(utf8Name[i]) < 0x80;
    }
    if (!ascii) {
        // Unicode case folding maps some non-ASCII letters onto ASCII ones (the Kelvin sign
        // onto k), so a byte search would miss matches QString finds.
        return matches(QStringView(QString::fromUtf8(utf8Name)));
    }
    for (qsizetype start = 0; start <= last; ++start) {
        qsizetype i = 0;
        while (i < needleSize && lowerAscii(utf8Name[start + i]) == m_asciiLower[i]) {
            ++i;
        }
        if (i == needleSize) {
            return true;
        }
    }
    return false;
}

} // namespace lance::catalog
