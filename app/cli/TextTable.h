// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QStringList>

class QTextStream;

namespace lance::cli {

/// Rows under a header, padded into columns for a terminal. The last column is never padded,
/// so long paths do not drag trailing spaces along.
class TextTable
{
public:
    /// `headers` as this table writes headers: in capitals, as a window's are not.
    static QStringList capitals(QStringList headers)
    {
        for (QString &header : headers) {
            header = header.toUpper();
        }
        return headers;
    }

    explicit TextTable(QStringList header)
        : m_header(std::move(header))
    {}

    void addRow(QStringList cells);
    qsizetype rowCount() const { return m_rows.size(); }
    void print(QTextStream &out) const;

private:
    QStringList m_header;
    QList<QStringList> m_rows;
};

} // namespace lance::cli
