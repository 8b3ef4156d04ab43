// SPDX-License-Identifier: Apache-2.0
#include "PostedEvents.h"

#include <QCoreApplication>
#include <QEvent>

namespace lance::test {

void PostedEvents::deliver()
{
    // Each round delivers what the round before posted; a handful covers any chain of queued
    // hand-offs the code under test makes (none is longer than three).
    constexpr int Rounds = 8;
    for (int round = 0; round < Rounds; ++round) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::processEvents(QEventLoop::AllEvents);
    }
}

} // namespace lance::test
