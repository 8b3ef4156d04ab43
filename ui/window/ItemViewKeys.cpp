// SPDX-License-Identifier: Apache-2.0
#include "ui/window/ItemViewKeys.h"

#include <QAbstractItemView>
#include <QKeyEvent>
#include <QTableView>
#include <QTreeView>
#include <QWidget>

namespace lance::ui {

ItemViewKeys::ItemViewKeys(QWidget *window)
    : QObject(window)
    , m_window(window)
{}

bool ItemViewKeys::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress) {
        return false;
    }
    const auto *key = static_cast<QKeyEvent *>(event);
    const bool tab = key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab;
    auto *view = qobject_cast<QAbstractItemView *>(watched);
    if (!tab || !(key->modifiers() & Qt::ControlModifier) || !view || !view->model() || !m_window
        || !m_window->isAncestorOf(view)) {
        return false;
    }
    const bool back = key->key() == Qt::Key_Backtab || (key->modifiers() & Qt::ShiftModifier);
    const QAbstractItemModel *model = view->model();
    QModelIndex current = view->currentIndex();
    if (!current.isValid()) {
        current = model->index(0, 0, view->rootIndex());
    } else {
        // The next cell of the row, then the first cell of the next row (as Tab does in a
        // spreadsheet); at either end it stays.
        const QModelIndex parent = current.parent();
        const int columns = model->columnCount(parent);
        int row = current.row();
        int column = current.column() + (back ? -1 : 1);
        const auto hidden = [view](int each) {
            if (const auto *table = qobject_cast<const QTableView *>(view)) {
                return table->isColumnHidden(each);
            }
            const auto *tree = qobject_cast<const QTreeView *>(view);
            return tree && tree->isColumnHidden(each);
        };
        while (column >= 0 && column < columns && hidden(column)) {
            column += back ? -1 : 1;
        }
        if (column >= columns) {
            column = 0;
            row = qMin(row + 1, model->rowCount(parent) - 1);
        } else if (column < 0) {
            column = columns - 1;
            row = qMax(row - 1, 0);
        }
        current = model->index(row, column, parent);
    }
    if (current.isValid()) {
        view->setCurrentIndex(current);
        view->scrollTo(current);
    }
    return true;
}

} // namespace lance::ui
