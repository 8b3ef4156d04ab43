// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QStringList>

#include <vector>

namespace lance::catalog {

/// An append-only list of names stored back to back in one UTF-8 buffer, with the end offset of
/// each. A short table name costs its UTF-8 bytes plus four, where a QString would cost a
/// 24-byte header plus a heap block of 32 bytes or more: this is what keeps a namespace of
/// 100,000 tables cheap. Reading a name builds a QString, so callers that only compare (the
/// filter, lookups by name) use utf8At().
class CompactNameList
{
public:
    qsizetype size() const { return qsizetype(m_ends.size()); }
    bool isEmpty() const { return m_ends.empty(); }

    void append(const QStringList &names);
    QString at(qsizetype index) const { return QString::fromUtf8(utf8At(index)); }
    QByteArrayView utf8At(qsizetype index) const;
    /// The first index at or after `from` holding `name`, or -1.
    qsizetype indexOf(const QString &name, qsizetype from = 0) const;
    /// Gives back the slack that appending page by page leaves behind; call when complete.
    void squeeze();
    /// Bytes held, slack included (for the benchmark).
    qsizetype memoryUsage() const;

private:
    QByteArray m_utf8;
    std::vector<quint32> m_ends; //!< m_ends[i] is one past the last byte of name i
};

} // namespace lance::catalog
