// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPoint>
#include <QPointer>
#include <QTimer>

class QAbstractScrollArea;

namespace lance::ui {

/// Scrolls a view while a drag hovers near its top or bottom edge, one single step every
/// IntervalMs, as QAbstractItemView does for drags it handles itself. Needed where an event
/// filter takes a view's drag events (ManifestDropController), so the view never sees them.
///
/// The timer is not stopped at either end of the scroll range: rows may still be loading in, and
/// a pointer held still in the zone sends no move event that could start it again.
class DragAutoScroller : public QObject
{
    Q_OBJECT

public:
    static constexpr int Margin = 20;     //!< pixels from the viewport's top or bottom edge
    static constexpr int IntervalMs = 50; //!< between two single steps

    explicit DragAutoScroller(QAbstractScrollArea *view, QObject *parent = nullptr);

    /// A drag is at `pos` of the view's viewport; `wanted`: it holds something the view could
    /// take somewhere, so scrolling may bring a place for it. Starts or stops scrolling.
    void dragAt(const QPoint &pos, bool wanted);
    void stop();
    bool isScrolling() const { return m_timer.isActive(); }

signals:
    /// The view scrolled under a pointer still at `pos`: another row is there now.
    void scrolled(const QPoint &pos);

private:
    void step();

    QPointer<QAbstractScrollArea> m_view;
    QTimer m_timer;
    int m_direction = 0; //!< -1 up, 1 down
    QPoint m_pos;
};

} // namespace lance::ui
