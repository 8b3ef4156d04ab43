// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/StagedTreeHeader.h"

#include "ui/staging/StagedStyle.h"

#include <QPainter>
#include <QStyleOptionHeader>

using namespace Qt::StringLiterals;

namespace lance::ui {

StagedTreeHeader::StagedTreeHeader(QWidget *parent)
    : QHeaderView(Qt::Horizontal, parent)
{
    setObjectName(u"stagedTreeHeader"_s);
    setStretchLastSection(false); // as CatalogTreeView sets its own: long names scroll sideways
    setSectionsMovable(false);
    setHidden(true);
}

void StagedTreeHeader::setDeclaredAtRoot(const QStringList &names)
{
    m_text = names.isEmpty() ? QString()
                             : tr("Staged at the top level: + %1").arg(names.join(u", "_s));
    setToolTip(names.isEmpty()
                   ? QString()
                   : tr("Staged to be declared at the top level: %1").arg(names.join(u", "_s)));
    setHidden(names.isEmpty());
    viewport()->update();
}

void StagedTreeHeader::paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const
{
    // The style's header background and frame, without the model's "Name".
    QStyleOptionHeader option;
    initStyleOption(&option);
    option.rect = rect;
    option.section = logicalIndex;
    option.position = QStyleOptionHeader::OnlyOneSection;
    style()->drawControl(QStyle::CE_HeaderSection, &option, painter, this);

    // The visible part of the section only: the column is at least as wide as the viewport and
    // grows with long names, and the text must stay in view.
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    const QRect area = rect.intersected(viewport()->rect()).adjusted(margin, 0, -margin, 0);
    QFont font = painter->font();
    font.setItalic(true);
    painter->save();
    painter->setFont(font);
    painter->setPen(StagedStyle::textColour(palette()));
    painter->drawText(area, int(Qt::AlignLeft | Qt::AlignVCenter),
                      QFontMetrics(font).elidedText(m_text, Qt::ElideRight, area.width()));
    painter->restore();
}

} // namespace lance::ui
