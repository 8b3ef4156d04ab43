// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace lance::catalog {

/// Case-insensitive substring test of the tree filter, made once per keystroke and then run on
/// every loaded name. Names kept in UTF-8 (CompactNameList) are searched without building a
/// QString while both the typed text and the name are ASCII, which is what keeps one keystroke
/// over 100,000 names within a frame; anything else goes through QString's case folding, so
/// the answer is always the same as QString::contains(Qt::CaseInsensitive).
class NameMatcher
{
public:
    NameMatcher() = default;
    explicit NameMatcher(const QString &needle);

    bool isEmpty() const { return m_needle.isEmpty(); }
    const QString &needle() const { return m_needle; }

    bool matches(QStringView name) const;
    bool matches(QByteArrayView utf8Name) const;

private:
    QString m_needle;
    QByteArray m_asciiLower; //!< the needle lowercased, when it is all ASCII; empty otherwise
};

} // namespace lance::catalog
