// SPDX-License-Identifier: Apache-2.0
#include "SignalWatcher.h"

#ifdef Q_OS_WIN
#include <condition_variable>
#include <csignal>
#include <mutex>
// Without NOMINMAX, <windows.h> defines min and max macros that break std::min and std::max.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#endif

namespace lance::server {

#ifndef Q_OS_WIN

SignalWatcher::SignalWatcher()
    : m_thread(pthread_self())
{
    sigemptyset(&m_signals);
    sigaddset(&m_signals, SIGINT);
    sigaddset(&m_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &m_signals, &m_previousMask);
}

SignalWatcher::~SignalWatcher()
{
    // A signal still pending (an interrupt() nobody waited for) would be delivered, with its
    // default action, the moment the mask is restored: take it first.
#ifdef Q_OS_LINUX
    const timespec noWait{0, 0};
    while (sigtimedwait(&m_signals, nullptr, &noWait) > 0) {
    }
#else
    // macOS has no sigtimedwait(): sigwait() returns at once for a signal sigpending() shows.
    sigset_t pending;
    while (sigpending(&pending) == 0
           && (sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1)) {
        int signal = 0;
        sigwait(&m_signals, &signal);
    }
#endif
    pthread_sigmask(SIG_SETMASK, &m_previousMask, nullptr);
}

int SignalWatcher::wait()
{
    for (;;) {
        int signal = 0;
        if (sigwait(&m_signals, &signal) != 0) {
            continue;
        }
        // interrupt() wakes this thread with a SIGTERM of its own; the flag tells them apart.
        return m_interrupted.load() ? 0 : signal;
    }
}

void SignalWatcher::interrupt()
{
    m_interrupted.store(true);
    // The signal is blocked in the waiting thread, so it stays pending until sigwait() takes
    // it: an interrupt() before wait() is not lost.
    pthread_kill(m_thread, SIGTERM);
}

#else // Q_OS_WIN

namespace {

/// What the console control handler and the watcher share. The handler runs on a thread
/// Windows starts for each event and takes no context, hence one process-wide instance.
struct ConsoleEvents
{
    std::mutex mutex;
    std::condition_variable changed;
    bool watching = false;    //!< a SignalWatcher exists
    int signal = 0;           //!< the signal a console event stands for; 0 for none yet
    bool interrupted = false; //!< interrupt() was called
};

ConsoleEvents &consoleEvents()
{
    // Never destroyed: a handler thread may still wait on it while the process exits.
    static auto *events = new ConsoleEvents;
    return *events;
}

BOOL WINAPI onConsoleEvent(DWORD event)
{
    int signal = 0;
    switch (event) {
    case CTRL_C_EVENT:
        signal = SIGINT;
        break;
    case CTRL_BREAK_EVENT:
    case CTRL_CLOSE_EVENT:
    case CTRL_LOGOFF_EVENT:
    case CTRL_SHUTDOWN_EVENT:
        signal = SIGTERM;
        break;
    default:
        return FALSE;
    }
    ConsoleEvents &events = consoleEvents();
    std::unique_lock lock(events.mutex);
    if (!events.watching) {
        return FALSE; // the next handler: Windows' default ends the process
    }
    events.signal = signal;
    events.changed.notify_all();
    if (event == CTRL_C_EVENT || event == CTRL_BREAK_EVENT) {
        return TRUE; // handled: the process goes on and stops the server itself
    }
    // Windows ends the process when this returns (or after its few seconds of grace): give
    // the server that long to stop, as it does after Ctrl+C.
    events.changed.wait(lock, [&events] { return !events.watching; });
    return TRUE;
}

} // namespace

SignalWatcher::SignalWatcher()
{
    ConsoleEvents &events = consoleEvents();
    {
        const std::lock_guard lock(events.mutex);
        events.watching = true;
        events.signal = 0;
        events.interrupted = false;
    }
    SetConsoleCtrlHandler(onConsoleEvent, TRUE);
}

SignalWatcher::~SignalWatcher()
{
    ConsoleEvents &events = consoleEvents();
    {
        const std::lock_guard lock(events.mutex);
        events.watching = false;
        events.changed.notify_all();
    }
    // Only now: Windows may hold its handler list while a handler waits above, and
    // `watching = false` has just released that wait.
    SetConsoleCtrlHandler(onConsoleEvent, FALSE);
}

int SignalWatcher::wait()
{
    ConsoleEvents &events = consoleEvents();
    std::unique_lock lock(events.mutex);
    events.changed.wait(lock, [&events] { return events.signal != 0 || events.interrupted; });
    const int signal = events.interrupted ? 0 : events.signal;
    events.signal = 0;
    return signal;
}

void SignalWatcher::interrupt()
{
    ConsoleEvents &events = consoleEvents();
    const std::lock_guard lock(events.mutex);
    // Kept until the watcher goes: an interrupt() before wait() is not lost.
    events.interrupted = true;
    events.changed.notify_all();
}

#endif // Q_OS_WIN

} // namespace lance::server
