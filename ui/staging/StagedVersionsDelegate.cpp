// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/StagedVersionsDelegate.h"

#include "catalog/TableVersionModel.h"
#include "ui/staging/StagedStyle.h"

namespace lance::ui {

bool StagedVersionsDelegate::isStagedForDeletion(const QModelIndex &index) const
{
    const QVariant version = index.data(catalog::TableVersionModel::VersionRole);
    return !m_mark.deletedRanges.isEmpty() && version.isValid()
           && m_mark.deletes(version.toLongLong());
}

void StagedVersionsDelegate::initStyleOption(QStyleOptionViewItem *option,
                                             const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (isStagedForDeletion(index)) {
        option->font.setStrikeOut(true);
        option->backgroundBrush = StagedStyle::deletedTint(option->palette);
    }
    if (index.data(catalog::TableVersionModel::StagedRole).toBool()) {
        option->font.setItalic(true);
        option->palette.setColor(QPalette::Text, StagedStyle::textColour(option->palette));
        if (index.column() == catalog::TableVersionModel::TimeColumn) {
            option->text = tr("staged");
        }
    }
}

} // namespace lance::ui
