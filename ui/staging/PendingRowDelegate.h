// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace lance::ui {

/// Paints the Pending Changes rows (staging::PendingChanges) so that a problem shows without
/// reading the Problems column, which a narrow dock may cut: a row whose problem blocks the
/// commit is on the error tone's tint with an error icon before its change, a row with
/// warnings only on the warning tone's tint with a warning icon. Selected rows keep the
/// highlight, and the icon. Identifiers are elided at their start, so the table's own name
/// shows.
class PendingRowDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace lance::ui
