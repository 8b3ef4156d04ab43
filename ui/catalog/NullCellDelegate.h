// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace lance::ui {

/// Paints a null value (catalog::TableRowsModel::IsNullRole) in the palette's placeholder colour
/// and in italics, so that "null" reads as no value, not as the text "null".
class NullCellDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace lance::ui
