// SPDX-License-Identifier: Apache-2.0
#include "CatalogItemDelegate.h"

#include "Icons.h"
#include "StatusColors.h"
#include "catalog/CatalogTreeModel.h"

namespace lance::ui {

using Kind = catalog::CatalogNode::Kind;
using catalog::CatalogTreeModel;

CatalogItemDelegate::CatalogItemDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
    , m_namespaceIcon(Icons::icon(Icons::Id::Namespace))
    , m_tableIcon(Icons::icon(Icons::Id::Table))
    , m_declaredIcon(Icons::icon(Icons::Id::DeclaredTable))
    , m_errorIcon(Icons::icon(Icons::Id::Error))
{}

QSize CatalogItemDelegate::sizeHint(const QStyleOptionViewItem &option,
                                    const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (Kind(index.data(CatalogTreeModel::KindRole).toInt()) == Kind::Error) {
        constexpr int ErrorRowChars = 40;
        size.setWidth(
            std::min(size.width(), option.fontMetrics.averageCharWidth() * ErrorRowChars));
    }
    return size;
}

void CatalogItemDelegate::initStyleOption(QStyleOptionViewItem *option,
                                          const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    option->features |= QStyleOptionViewItem::HasDecoration;
    switch (Kind(index.data(CatalogTreeModel::KindRole).toInt())) {
    case Kind::Namespace:
        option->icon = m_namespaceIcon;
        break;
    case Kind::Table:
        if (index.data(CatalogTreeModel::DeclaredOnlyRole).toBool()) {
            option->icon = m_declaredIcon;
            option->font.setItalic(true);
        } else {
            option->icon = m_tableIcon;
        }
        if (!m_marks.isEmpty()) {
            const staging::StagedMarks::Mark mark
                = m_marks.markOf(index.data(CatalogTreeModel::IdRole).toStringList());
            if (mark.deregistered) {
                option->font.setStrikeOut(true);
            } else if (mark.changes > 0) {
                option->text = tr("%1  (%2 staged)").arg(option->text).arg(mark.changes);
            }
        }
        break;
    case Kind::Loading:
        option->features &= ~QStyleOptionViewItem::HasDecoration;
        option->icon = QIcon();
        option->font.setItalic(true);
        option->palette.setColor(QPalette::Text, option->palette.color(QPalette::PlaceholderText));
        break;
    case Kind::Error:
        // The tint marks the row even where the icon is scrolled away; the text keeps the
        // palette's colour, which stays readable on the tint in light and dark palettes.
        option->icon = m_errorIcon;
        option->backgroundBrush = StatusColors::tint(StatusColors::Tone::Negative, option->palette);
        option->text = tr("%1 — Retry").arg(option->text);
        break;
    }
}

} // namespace lance::ui
