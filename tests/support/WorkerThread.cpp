// SPDX-License-Identifier: Apache-2.0
#include "WorkerThread.h"

#include "PostedEvents.h"
#include "api/ThreadHandoff.h"

#include <QSemaphore>
#include <QThread>

#include <memory>

namespace lance::test {

void WorkerThread::post(QThread *thread, std::function<void()> work)
{
    auto *runner = new api::ThreadHandoff(nullptr);
    runner->moveToThread(thread);
    runner->post([runner, work = std::move(work)] {
        work();
        runner->deleteLater();
    });
}

void WorkerThread::reach(QThread *thread)
{
    auto reached = std::make_shared<QSemaphore>();
    post(thread, [reached] { reached->release(); });
    reached->acquire();
}

void WorkerThread::settle(QThread *thread)
{
    reach(thread);
    PostedEvents::deliver();
}

} // namespace lance::test
