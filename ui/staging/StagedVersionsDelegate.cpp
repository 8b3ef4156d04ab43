// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/StagedVersionsDelegate.h"

#include "catalog/TableVersionModel.h"
#include "ui/common/Icons.h"
#include "ui/staging/StagedStyle.h"

namespace lance::ui {

bool StagedVersionsDelegate::isStagedForDeletion(const QModelIndex &index) const
{
    const QVariant version = index.data(catalog::TableVersionModel::VersionRole);
    return !m_mark.deletedRanges.isEmpty() && version.isValid()
           && m_mark.deletes(version.toLongLong());
}

StagedVersionsDelegate::StagedVersionsDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
    , m_unreadableIcon(Icons::icon(Icons::Id::Warning))
{}

QIcon StagedVersionsDelegate::markOf(const QModelIndex &index) const
{
    const bool unreadable
        = index.column() == catalog::TableVersionModel::VersionColumn
          && !index.data(catalog::TableVersionModel::UnreadableRole).toString().isEmpty();
    return unreadable ? m_unreadableIcon : QIcon();
}

void StagedVersionsDelegate::initStyleOption(QStyleOptionViewItem *option,
                                             const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (const QIcon mark = markOf(index); !mark.isNull()) {
        option->icon = mark;
        option->features |= QStyleOptionViewItem::HasDecoration;
    }
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
