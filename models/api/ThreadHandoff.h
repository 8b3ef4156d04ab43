// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

#include <deque>
#include <functional>
#include <mutex>

namespace lance::api {

/// Work handed to the thread this object lives in: post() from any thread queues it, and the
/// object's thread runs it from its event loop, in order, never inside post(). Owned as a child
/// of the object whose thread should run the work, it moves with it (moveToThread) and dies
/// with it, dropping what has not run.
///
/// Why not QMetaObject::invokeMethod() with a lambda: the work then travels inside Qt's event
/// queue, whose locks Debian's (uninstrumented) Qt keeps from ThreadSanitizer, which then
/// reports every object the work carries as a race. Here the work travels through our own
/// mutex, which TSan sees; Qt only carries the wake-up.
class ThreadHandoff : public QObject
{
    Q_OBJECT
public:
    explicit ThreadHandoff(QObject *parent);

    /// Queues `work` for this object's thread. Thread-safe.
    void post(std::function<void()> work);

    /// For an order Qt gives by other means (a queued signal, whose arguments Qt copies; a
    /// thread's end awaited with QThread::wait()): release() on the thread that goes first,
    /// acquire() on the one that follows, so TSan sees that order too. Nothing without
    /// ThreadSanitizer.
    static void release();
    static void acquire();

private:
    Q_INVOKABLE void runNext();

    std::mutex m_mutex;
    std::deque<std::function<void()>> m_work; //!< guarded by m_mutex
};

} // namespace lance::api
