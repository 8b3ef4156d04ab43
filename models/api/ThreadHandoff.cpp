// SPDX-License-Identifier: Apache-2.0
#include "api/ThreadHandoff.h"

#include <QMetaObject>

#include <utility>

#if defined(__SANITIZE_THREAD__)
#define LCB_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LCB_TSAN 1
#endif
#endif

#ifdef LCB_TSAN
extern "C" void __tsan_acquire(void *addr);
extern "C" void __tsan_release(void *addr);
#endif

namespace lance::api {

namespace {
#ifdef LCB_TSAN
char signalKey = 0; // one key for every signal handoff: the order each one needs, and more
#endif
} // namespace

ThreadHandoff::ThreadHandoff(QObject *parent)
    : QObject(parent)
{}

void ThreadHandoff::post(std::function<void()> work)
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_work.push_back(std::move(work));
    }
    // What this thread did before (constructing this object, for one) comes before the work.
    release();
    // By name: no functor of ours travels in Qt's event, only the wake-up.
    QMetaObject::invokeMethod(this, "runNext", Qt::QueuedConnection);
}

void ThreadHandoff::runNext()
{
    acquire();
    std::function<void()> work;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (m_work.empty()) {
            return;
        }
        work = std::move(m_work.front());
        m_work.pop_front();
    }
    work();
}

void ThreadHandoff::release()
{
#ifdef LCB_TSAN
    __tsan_release(&signalKey);
#endif
}

void ThreadHandoff::acquire()
{
#ifdef LCB_TSAN
    __tsan_acquire(&signalKey);
#endif
}

} // namespace lance::api
