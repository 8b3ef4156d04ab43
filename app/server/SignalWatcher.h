// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <atomic>
#include <pthread.h>
#include <signal.h>

namespace lance::server {

/// Turns SIGINT and SIGTERM into an ordinary return from wait(), for a clean shutdown.
///
/// The constructor blocks both signals in the calling thread, so every thread started after it
/// (the HTTP workers) inherits the mask and no handler ever runs in the middle of a request;
/// wait() then takes them with sigwait(). Construct it on the main thread before any other
/// thread starts; the destructor restores the previous mask.
class SignalWatcher
{
public:
    SignalWatcher();
    ~SignalWatcher();
    SignalWatcher(const SignalWatcher &) = delete;
    SignalWatcher &operator=(const SignalWatcher &) = delete;

    /// Blocks until SIGINT or SIGTERM arrives (returns its number) or interrupt() is called
    /// (returns 0). Call it on the thread that constructed the watcher.
    int wait();
    /// Wakes wait() from any thread, before or during the wait.
    void interrupt();

private:
    sigset_t m_signals;
    sigset_t m_previousMask;
    pthread_t m_thread;
    std::atomic<bool> m_interrupted{false};
};

} // namespace lance::server
