// SPDX-License-Identifier: Apache-2.0
#include "TextTable.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

void TextTable::addRow(QStringList cells)
{
    while (cells.size() < m_header.size()) {
        cells.append(QString());
    }
    m_rows.append(std::move(cells));
}

void TextTable::print(QTextStream &out) const
{
    QList<qsizetype> widths;
    for (const QString &title : m_header) {
        widths.append(title.size());
    }
    for (const QStringList &row : m_rows) {
        for (qsizetype column = 0; column < widths.size(); ++column) {
            widths[column] = std::max(widths[column], row.at(column).size());
        }
    }
    const auto printRow = [&](const QStringList &cells) {
        QString line;
        for (qsizetype column = 0; column < widths.size(); ++column) {
            const bool last = column + 1 == widths.size();
            line += last ? cells.at(column) : cells.at(column).leftJustified(widths[column] + 2);
        }
        out << line << u'\n';
    };
    printRow(m_header);
    for (const QStringList &row : m_rows) {
        printRow(row);
    }
}

} // namespace lance::cli
