// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CatalogItemDelegate.h"

#include "catalog/CatalogTreeModel.h"
#include "ui/common/Icons.h"
#include "ui/common/StatusColors.h"
#include "ui/staging/StagedStyle.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QToolTip>

using namespace Qt::StringLiterals;

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

void CatalogItemDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                const QModelIndex &index) const
{
    QStyledItemDelegate::paint(painter, option, index);
    const QString note = stagedNote(index);
    if (!note.isEmpty()) {
        QStyleOptionViewItem painted = option;
        initStyleOption(&painted, index);
        StagedStyle::paintNote(painter, painted, note);
    }
}

bool CatalogItemDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                    const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() != QEvent::ToolTip || declaredIn(index).isEmpty()) {
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    }
    QToolTip::showText(event->globalPos(), toolTip(index), view->viewport(),
                       view->visualRect(index));
    return true;
}

QStringList CatalogItemDelegate::declaredIn(const QModelIndex &index) const
{
    if (m_marks.isEmpty()
        || Kind(index.data(CatalogTreeModel::KindRole).toInt()) != Kind::Namespace) {
        return {};
    }
    return m_marks.declaredIn(index.data(CatalogTreeModel::IdRole).toStringList());
}

QString CatalogItemDelegate::stagedNote(const QModelIndex &index) const
{
    const QStringList declared = declaredIn(index);
    return declared.isEmpty() ? QString() : tr("+ %1").arg(declared.join(u", "_s));
}

QString CatalogItemDelegate::toolTip(const QModelIndex &index) const
{
    QString loaded = index.data(Qt::ToolTipRole).toString();
    const QStringList declared = declaredIn(index);
    if (declared.isEmpty()) {
        return loaded;
    }
    const QString staged = tr("Staged to be declared here: %1").arg(declared.join(u", "_s));
    return loaded.isEmpty() ? staged : loaded + u'\n' + staged;
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
            // After the batch, on its own: the name it is to have, beside the one it has.
            if (!mark.renamedTo.isEmpty()) {
                option->text = tr("%1  → %2").arg(option->text, mark.renamedTo);
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
