// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ThreadHandoff.h"

#include <QMutex>
#include <QObject>

#include <atomic>
#include <functional>

namespace lance::local {

/// The part of one local call that both threads touch: whether its work may still start, and
/// how the worker tells the caller's thread that the work is done. Everything else of the call
/// stays on one thread (LocalCall on the caller's, the engine on the worker's).
///
/// The worker posts to the receiver under a mutex, and the receiver detaches under the same
/// mutex before it is destroyed, so a result finished while the caller is going away is never
/// posted to a dead object; Qt drops events already posted to an object when it is destroyed.
class LocalCallTicket
{
public:
    /// `notify` runs on `receiver`'s thread, queued, after the worker called finished().
    LocalCallTicket(api::ThreadHandoff *receiver, std::function<void()> notify);

    LocalCallTicket(const LocalCallTicket &) = delete;
    LocalCallTicket &operator=(const LocalCallTicket &) = delete;

    /// Worker: claims the work. False when it was cancelled first: then it must not run.
    bool start();
    /// Worker: the work has run; notifies the receiver (if still attached).
    void finished();

    /// Caller: cancels work that has not started. False when it has started (or finished).
    bool cancelIfQueued();
    /// Caller: the receiver is going away; finished() posts nothing from now on.
    void detach();

private:
    enum class State { Queued, Running, Done, Cancelled };

    std::atomic<State> m_state{State::Queued};
    QMutex m_mutex; //!< guards m_receiver against detach() during finished()
    api::ThreadHandoff *m_receiver = nullptr;
    std::function<void()> m_notify;
};

} // namespace lance::local
