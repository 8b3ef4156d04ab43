// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/NullCellDelegate.h"

#include "catalog/TableRowsModel.h"

namespace lance::ui {

void NullCellDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.data(catalog::TableRowsModel::IsNullRole).toBool()) {
        option->font.setItalic(true);
        option->palette.setColor(QPalette::Text, option->palette.color(QPalette::PlaceholderText));
    }
}

} // namespace lance::ui
