// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/PendingRowDelegate.h"

#include "staging/PendingChanges.h"
#include "ui/common/Icons.h"
#include "ui/common/StatusColors.h"

namespace lance::ui {

using staging::PendingChanges;

void PendingRowDelegate::initStyleOption(QStyleOptionViewItem *option,
                                         const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    // A table's own name is at the end of its identifier ("…$orders"); a summary starts with
    // what matters ("version 7, …").
    option->textElideMode
        = index.column() == PendingChanges::TargetColumn ? Qt::ElideLeft : Qt::ElideRight;
    if (index.data(PendingChanges::ProblemsRole).toStringList().isEmpty()) {
        return;
    }
    const bool blocking = index.data(PendingChanges::BlockingRole).toBool();
    option->backgroundBrush = StatusColors::tint(
        blocking ? StatusColors::Tone::Negative : StatusColors::Tone::Warning, option->palette);
    if (index.column() == PendingChanges::KindColumn) {
        option->features |= QStyleOptionViewItem::HasDecoration;
        option->icon = Icons::icon(blocking ? Icons::Id::Error : Icons::Id::Warning);
        option->decorationSize
            = option->decorationSize.isValid() ? option->decorationSize : QSize(16, 16);
    }
}

} // namespace lance::ui
