// SPDX-License-Identifier: Apache-2.0
#include "ui/activity/RequestLogDelegate.h"

#include "activity/RequestLog.h"
#include "ui/common/Icons.h"
#include "ui/common/StatusColors.h"

namespace lance::ui {

void RequestLogDelegate::initStyleOption(QStyleOptionViewItem *option,
                                         const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.column() == activity::RequestLog::UrlColumn) {
        option->textElideMode = Qt::ElideMiddle; // a URL's end says the most
    }
    if (!index.data(activity::RequestLog::FailedRole).toBool()) {
        return;
    }
    // Tinted from the view's base rather than the window colour: rows sit on the base.
    QPalette onBase = option->palette;
    onBase.setColor(QPalette::Window, onBase.color(QPalette::Base));
    const QColor tint = StatusColors::tint(StatusColors::Tone::Negative, onBase);
    option->backgroundBrush = tint;
    option->palette.setColor(QPalette::Text, StatusColors::textOn(tint));
    if (index.column() == activity::RequestLog::StatusColumn) {
        option->icon = Icons::icon(Icons::Id::Error);
        option->decorationSize = QSize(16, 16);
        option->features |= QStyleOptionViewItem::HasDecoration;
    }
}

} // namespace lance::ui
