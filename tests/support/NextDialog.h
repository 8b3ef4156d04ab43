// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QApplication>
#include <QDialog>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace lance::test {

/// Answers a modal dialog the app runs with exec(): the code that opens it only returns once it
/// closed, so the test has to act from inside its event loop. handle() polls from a timer until
/// a `Dialog` is the active modal widget, then calls `fill` with it; `fill` types, clicks and
/// usually accepts. A dialog `fill` left open is rejected, so a refused Stage cannot hang the
/// test: its exec() returns and the test finds nothing staged. Polling stops when `context`
/// (say the window) is destroyed, so a dialog a failed test never saw cannot call a `fill`
/// whose captures are gone in the next test.
class NextDialog
{
public:
    /// Gives up (with a warning) when no `Dialog` shows within `timeoutMs`.
    template <typename Dialog>
    static void handle(QObject *context, std::function<void(Dialog *)> fill, int timeoutMs = 10000)
    {
        poll<Dialog>(context, std::move(fill), timeoutMs / PollMs);
    }

private:
    static constexpr int PollMs = 10;

    template <typename Dialog>
    static void poll(QObject *context, std::function<void(Dialog *)> fill, int triesLeft)
    {
        QTimer::singleShot(PollMs, context, [context, fill = std::move(fill), triesLeft]() mutable {
            auto *dialog = qobject_cast<Dialog *>(QApplication::activeModalWidget());
            if (!dialog) {
                if (triesLeft > 0) {
                    poll<Dialog>(context, std::move(fill), triesLeft - 1);
                } else {
                    qWarning("NextDialog: no %s showed", Dialog::staticMetaObject.className());
                }
                return;
            }
            QPointer<Dialog> open = dialog;
            fill(dialog);
            if (open && open->isVisible()) {
                open->reject();
            }
        });
    }
};

} // namespace lance::test
