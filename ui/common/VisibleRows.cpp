// SPDX-License-Identifier: Apache-2.0
#include "ui/common/VisibleRows.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTreeView>

namespace lance::ui {

namespace {

int headerHeight(const QHeaderView *header)
{
    if (!header || header->isHidden()) {
        return 0;
    }
    // Laid out, the header's own height; before that, what it asks for.
    return qMax(header->height() > 1 && header->isVisible() ? header->height() : 0,
                header->sizeHint().height());
}

const QHeaderView *headerOf(const QAbstractItemView &view)
{
    if (const auto *table = qobject_cast<const QTableView *>(&view)) {
        return table->horizontalHeader();
    }
    if (const auto *tree = qobject_cast<const QTreeView *>(&view)) {
        return tree->isHeaderHidden() ? nullptr : tree->header();
    }
    return nullptr;
}

} // namespace

VisibleRows::VisibleRows(QAbstractItemView *view, int rows)
    : QObject(view)
    , m_view(view)
    , m_rows(rows)
{
    view->installEventFilter(this);
    if (const QHeaderView *header = headerOf(*view)) {
        connect(header, &QHeaderView::sectionCountChanged, this, &VisibleRows::update);
    }
    update();
}

void VisibleRows::keep(QAbstractItemView *view, int rows)
{
    new VisibleRows(view, rows);
}

int VisibleRows::rowHeight(const QAbstractItemView &view)
{
    if (const auto *table = qobject_cast<const QTableView *>(&view)) {
        return table->verticalHeader()->defaultSectionSize();
    }
    // A tree's rows are as tall as their delegate says; with none yet, a line and its margins.
    const int first = view.model() && view.model()->rowCount() > 0 ? view.sizeHintForRow(0) : -1;
    return first > 0 ? first : view.fontMetrics().height() + 4;
}

int VisibleRows::shown(const QAbstractItemView &view)
{
    return view.viewport()->height() / qMax(1, rowHeight(view));
}

bool VisibleRows::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::Show:
    case QEvent::Polish:
    case QEvent::FontChange:
    case QEvent::StyleChange:
        update();
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

void VisibleRows::update()
{
    // With room for a horizontal scroll bar: a narrow pane shows one under the rows.
    const int scrollBar = m_view->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff
                              ? 0
                              : m_view->horizontalScrollBar()->sizeHint().height();
    const int height = 2 * m_view->frameWidth() + headerHeight(headerOf(*m_view))
                       + m_rows * rowHeight(*m_view) + scrollBar;
    if (m_view->minimumHeight() != height) {
        m_view->setMinimumHeight(height);
    }
}

} // namespace lance::ui
