// SPDX-License-Identifier: Apache-2.0
#include "ui/drop/DropHighlight.h"

#include "ui/common/StatusColors.h"

#include <QEvent>
#include <QPainter>

using namespace Qt::StringLiterals;

namespace lance::ui {

DropHighlight::DropHighlight(QWidget *target)
    : QWidget(target)
{
    Q_ASSERT(target);
    setObjectName(u"dropHighlight"_s);
    // Only a picture: clicks, the wheel and drag events go to the target under it.
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setFocusPolicy(Qt::NoFocus);
    hide();
    target->installEventFilter(this);
    cover();
}

QColor DropHighlight::frameColour(const QPalette &palette, const QColor &background)
{
    constexpr double Visible = 3.0;
    constexpr int Steps = 20; // a bound: even dark blue on near black gets there in about ten
    const bool darkBackground = background.lightnessF() < 0.5;
    QColor colour = palette.color(QPalette::Highlight);
    for (int step = 0; step < Steps && StatusColors::contrastRatio(colour, background) < Visible;
         ++step) {
        colour = darkBackground ? colour.lighter(120) : colour.darker(120);
    }
    return colour;
}

bool DropHighlight::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize) {
        cover();
    }
    return QWidget::eventFilter(watched, event);
}

bool DropHighlight::event(QEvent *event)
{
    switch (event->type()) {
    case QEvent::Show:
        cover();
        raise(); // over children the target gained since (an editor, a page)
        break;
    case QEvent::Move:
        // A scroll area's viewport moves its children along when it scrolls (QWidget::scroll).
        if (pos() != QPoint(0, 0)) {
            cover();
        }
        break;
    default:
        break;
    }
    return QWidget::event(event);
}

void DropHighlight::paintEvent(QPaintEvent *)
{
    const QWidget *target = parentWidget();
    const QColor frame = frameColour(palette(), target->palette().color(target->backgroundRole()));
    QColor tint = frame;
    tint.setAlphaF(0.12); // faint: the target's content must stay readable under it
    QPainter painter(this);
    const QRect all = rect();
    painter.fillRect(all, tint);
    // Four bands rather than a pen, so the frame is exactly FrameWidth device-independent
    // pixels inside the edge at any scale factor.
    const int w = FrameWidth;
    painter.fillRect(QRect(0, 0, all.width(), w), frame);
    painter.fillRect(QRect(0, all.height() - w, all.width(), w), frame);
    painter.fillRect(QRect(0, w, w, all.height() - 2 * w), frame);
    painter.fillRect(QRect(all.width() - w, w, w, all.height() - 2 * w), frame);
}

void DropHighlight::cover()
{
    setGeometry(parentWidget()->rect());
}

} // namespace lance::ui
