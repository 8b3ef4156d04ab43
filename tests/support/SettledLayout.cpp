// SPDX-License-Identifier: Apache-2.0
#include "SettledLayout.h"

#include "PostedEvents.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEvent>
#include <QList>
#include <QRect>
#include <QWidget>

namespace lance::test {

namespace {

// Where every widget below `top` is and whether it shows.
QList<QRect> geometries(const QWidget &top)
{
    QList<QRect> all{top.geometry()};
    const QList<QWidget *> children = top.findChildren<QWidget *>();
    for (const QWidget *child : children) {
        all << (child->isVisible() ? child->geometry() : QRect());
    }
    return all;
}

} // namespace

bool SettledLayout::wait(QWidget &top, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    QList<QRect> before = geometries(top);
    while (!deadline.hasExpired()) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        PostedEvents::deliver();
        const QList<QRect> now = geometries(top);
        if (now == before) {
            return true;
        }
        before = now;
    }
    qWarning("SettledLayout: the layouts of %s kept changing", top.metaObject()->className());
    return false;
}

} // namespace lance::test
