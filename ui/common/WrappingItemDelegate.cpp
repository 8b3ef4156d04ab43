// SPDX-License-Identifier: Apache-2.0
#include "ui/common/WrappingItemDelegate.h"

#include <QEvent>
#include <QHeaderView>
#include <QTimer>
#include <QTreeView>

namespace lance::ui {

WrappingItemDelegate::WrappingItemDelegate(QTreeView *view)
    : QStyledItemDelegate(view)
    , m_view(view)
{
    view->setWordWrap(true);
    view->setTextElideMode(Qt::ElideNone);
    view->setItemDelegate(this);
    // Once per change of widths, after the header has laid its sections out.
    m_relayout = new QTimer(this);
    m_relayout->setSingleShot(true);
    m_relayout->setInterval(0);
    connect(m_relayout, &QTimer::timeout, view, [view] { view->doItemsLayout(); });
    connect(view->header(), &QHeaderView::sectionResized, m_relayout, qOverload<>(&QTimer::start));
    view->viewport()->installEventFilter(this);
}

bool WrappingItemDelegate::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize) {
        m_relayout->start();
    }
    return QStyledItemDelegate::eventFilter(watched, event);
}

QSize WrappingItemDelegate::sizeHint(const QStyleOptionViewItem &option,
                                     const QModelIndex &index) const
{
    QStyleOptionViewItem measured(option);
    const bool spanned = m_view->isFirstColumnSpanned(index.row(), index.parent());
    int width = spanned ? m_view->viewport()->width() : m_view->columnWidth(index.column());
    if (index.column() == 0) {
        // The first column also holds the branch arrows, a step further in at each level.
        int depth = 0;
        for (QModelIndex parent = index.parent(); parent.isValid(); parent = parent.parent()) {
            ++depth;
        }
        width -= (depth + (m_view->rootIsDecorated() ? 1 : 0)) * m_view->indentation();
    }
    // Qt's style wraps only within a valid rectangle: a height is needed too, any will do.
    measured.rect = QRect(0, 0, qMax(1, width), option.fontMetrics.height());
    return QStyledItemDelegate::sizeHint(measured, index);
}

} // namespace lance::ui
