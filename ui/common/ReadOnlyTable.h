// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QStringList>

class QTableWidget;
class QWidget;

namespace lance::ui {

/// A table of text a steward reads and selects rows of but does not edit (the details' tags and
/// properties, a table's health, a cleanup's preview): one look and one way to fill it.
class ReadOnlyTable
{
public:
    ReadOnlyTable() = delete;

    /// Rows are selected whole, Tab leaves the table, the last column takes the spare width.
    static QTableWidget *create(const QStringList &headers, const QString &objectName,
                                QWidget *parent);
    /// Replaces the rows with `rows`; the columns from `firstNumber` on (none when negative)
    /// hold numbers, aligned right.
    static void fill(QTableWidget *table, const QList<QStringList> &rows, int firstNumber = -1);
    /// Adds one row at the end.
    static void append(QTableWidget *table, const QStringList &cells);
};

} // namespace lance::ui
