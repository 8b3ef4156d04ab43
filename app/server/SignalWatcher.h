// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#ifndef Q_OS_WIN
#include <atomic>
#include <pthread.h>
#include <signal.h>
#endif

namespace lance::server {

/// Turns SIGINT and SIGTERM into an ordinary return from wait(), for a clean shutdown.
///
/// POSIX: the constructor blocks both signals in the calling thread, so every thread started
/// after it (the HTTP workers) inherits the mask and no handler ever runs in the middle of a
/// request; wait() then takes them with sigwait(). Construct it on the main thread before any
/// other thread starts; the destructor restores the previous mask.
///
/// Windows has no such signals for a console program: a console control handler takes
/// Ctrl+C (as SIGINT) and Ctrl+Break, closing the console, logoff and shutdown (as SIGTERM)
/// instead. For the last three Windows ends the process as soon as the handler returns, so the
/// handler holds on until the watcher is destroyed, that is until the server has stopped.
/// The handler is process-wide: one watcher at a time.
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

#ifndef Q_OS_WIN
private:
    sigset_t m_signals;
    sigset_t m_previousMask;
    pthread_t m_thread;
    std::atomic<bool> m_interrupted{false};
#endif
};

} // namespace lance::server
