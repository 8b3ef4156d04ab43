// SPDX-License-Identifier: Apache-2.0
#include "ui/drop/DragAutoScroller.h"

#include <QAbstractScrollArea>
#include <QScrollBar>

namespace lance::ui {

DragAutoScroller::DragAutoScroller(QAbstractScrollArea *view, QObject *parent)
    : QObject(parent)
    , m_view(view)
{
    m_timer.setInterval(IntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &DragAutoScroller::step);
}

void DragAutoScroller::dragAt(const QPoint &pos, bool wanted)
{
    m_pos = pos;
    m_direction = 0;
    if (wanted && m_view) {
        if (pos.y() < Margin) {
            m_direction = -1;
        } else if (pos.y() >= m_view->viewport()->height() - Margin) {
            m_direction = 1;
        }
    }
    if (m_direction == 0) {
        m_timer.stop();
    } else if (!m_timer.isActive()) {
        m_timer.start();
    }
}

void DragAutoScroller::stop()
{
    m_timer.stop();
}

void DragAutoScroller::step()
{
    if (!m_view) {
        m_timer.stop();
        return;
    }
    m_view->verticalScrollBar()->triggerAction(m_direction < 0
                                                   ? QAbstractSlider::SliderSingleStepSub
                                                   : QAbstractSlider::SliderSingleStepAdd);
    emit scrolled(m_pos);
}

} // namespace lance::ui
