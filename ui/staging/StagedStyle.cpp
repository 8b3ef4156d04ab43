// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/StagedStyle.h"

#include "ui/common/StatusColors.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>
#include <QStyleOptionViewItem>

namespace lance::ui {

QColor StagedStyle::textColour(const QPalette &palette)
{
    constexpr double Readable = 4.5;
    constexpr int Steps = 12; // amber reaches 4.5:1 on white in about six; a bound, not a goal
    const QColor base = palette.color(QPalette::Base);
    const bool dark = StatusColors::isDark(palette);
    QColor colour = StatusColors::accent(StatusColors::Tone::Warning, palette);
    for (int step = 0; step < Steps && StatusColors::contrastRatio(colour, base) < Readable;
         ++step) {
        colour = dark ? colour.lighter(115) : colour.darker(115);
    }
    return colour;
}

QColor StagedStyle::deletedTint(const QPalette &palette)
{
    return StatusColors::tint(StatusColors::Tone::Negative, palette);
}

void StagedStyle::paintNote(QPainter *painter, const QStyleOptionViewItem &option,
                            const QString &note)
{
    const QWidget *widget = option.widget;
    const QStyle *style = widget ? widget->style() : QApplication::style();
    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &option, widget);
    // The style draws the text this far inside its rect (QCommonStyle's viewItemDrawText).
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    QFont font = option.font;
    font.setItalic(true);
    const QFontMetrics metrics(font);
    const int gap = metrics.averageCharWidth() * 2;
    const QRect noteRect = textRect.adjusted(
        margin + QFontMetrics(option.font).horizontalAdvance(option.text) + gap, 0, -margin, 0);
    if (noteRect.width() < metrics.averageCharWidth() * 4) {
        return; // not even "+ a…": the tooltip has it
    }
    const bool selected = option.state.testFlag(QStyle::State_Selected);
    painter->save();
    painter->setFont(font);
    painter->setPen(selected ? option.palette.color(QPalette::HighlightedText)
                             : textColour(option.palette));
    painter->drawText(noteRect, int(Qt::AlignLeft | Qt::AlignVCenter),
                      metrics.elidedText(note, Qt::ElideRight, noteRect.width()));
    painter->restore();
}

} // namespace lance::ui
