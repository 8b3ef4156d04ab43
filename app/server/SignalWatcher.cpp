// SPDX-License-Identifier: Apache-2.0
#include "SignalWatcher.h"

namespace lance::server {

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
    const timespec noWait{0, 0};
    while (sigtimedwait(&m_signals, nullptr, &noWait) > 0) {
    }
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

} // namespace lance::server
