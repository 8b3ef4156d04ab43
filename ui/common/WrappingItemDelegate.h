// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

class QTimer;
class QTreeView;

namespace lance::ui {

/// Rows as tall as their wrapped text in a QTreeView with word wrap on. Qt's own delegate
/// measures a row with no width to wrap to, so long text stays one line and is cut; this one
/// measures each cell at its column's width (a row spanning its columns at the view's), and the
/// rows are measured again whenever a column or the view changes width.
class WrappingItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit WrappingItemDelegate(QTreeView *view);

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QTreeView *m_view;
    QTimer *m_relayout; //!< measures the rows again once the widths have settled
};

} // namespace lance::ui
