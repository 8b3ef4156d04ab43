// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QSignalSpy>
#include <QtGlobal>

namespace lance::test {

/// Runs `action` on `sender` and waits for its `finished(bool)`-like signal (an action of the
/// window ends with one, applied or not): the bool it carried, or false, with a warning, when
/// it did not come within `timeoutMs`.
template <typename Sender, typename Action>
bool finishedWith(Sender &sender, void (Sender::*signal)(bool), Action action,
                  int timeoutMs = 10000)
{
    QSignalSpy finished(&sender, signal);
    action();
    if (finished.isEmpty() && !finished.wait(timeoutMs)) {
        qWarning("%s did not finish", sender.metaObject()->className());
        return false;
    }
    return finished.first().at(0).toBool();
}

} // namespace lance::test
