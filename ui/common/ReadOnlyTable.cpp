// SPDX-License-Identifier: Apache-2.0
#include "ui/common/ReadOnlyTable.h"

#include <QHeaderView>
#include <QTableWidget>

namespace lance::ui {

QTableWidget *ReadOnlyTable::create(const QStringList &headers, const QString &objectName,
                                    QWidget *parent)
{
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setObjectName(objectName);
    table->setHorizontalHeaderLabels(headers);
    table->horizontalHeader()->setStretchLastSection(true);
    table->verticalHeader()->setVisible(false);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setTabKeyNavigation(false);
    table->setAlternatingRowColors(true);
    return table;
}

void ReadOnlyTable::fill(QTableWidget *table, const QList<QStringList> &rows, int firstNumber)
{
    table->setRowCount(0);
    for (const QStringList &row : rows) {
        append(table, row);
    }
    if (firstNumber < 0) {
        return;
    }
    for (int row = 0; row < table->rowCount(); ++row) {
        for (int column = firstNumber; column < table->columnCount(); ++column) {
            if (QTableWidgetItem *item = table->item(row, column)) {
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
        }
    }
}

void ReadOnlyTable::append(QTableWidget *table, const QStringList &cells)
{
    const int row = table->rowCount();
    table->insertRow(row);
    for (int column = 0; column < cells.size(); ++column) {
        table->setItem(row, column, new QTableWidgetItem(cells.at(column)));
    }
}

} // namespace lance::ui
