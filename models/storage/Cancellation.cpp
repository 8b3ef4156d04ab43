// SPDX-License-Identifier: Apache-2.0
#include "storage/Cancellation.h"

#include <chrono>
#include <vector>

namespace lance::storage {

void Cancellation::cancel()
{
    std::vector<std::function<void()>> hooks;
    {
        std::lock_guard lock(m_mutex);
        if (m_cancelled) {
            return;
        }
        m_cancelled = true;
        for (const auto &[id, hook] : m_hooks) {
            hooks.push_back(hook);
        }
    }
    m_woken.notify_all();
    // Outside the lock: a hook closes a socket, and the call it wakes removes its hook.
    for (const auto &hook : hooks) {
        hook();
    }
}

bool Cancellation::isCancelled() const
{
    std::lock_guard lock(m_mutex);
    return m_cancelled;
}

int Cancellation::addHook(std::function<void()> hook)
{
    std::unique_lock lock(m_mutex);
    if (m_cancelled) {
        lock.unlock();
        hook();
        return -1;
    }
    const int id = m_nextHook++;
    m_hooks.emplace(id, std::move(hook));
    return id;
}

void Cancellation::removeHook(int id)
{
    std::lock_guard lock(m_mutex);
    m_hooks.erase(id);
}

bool Cancellation::sleepFor(int milliseconds) const
{
    std::unique_lock lock(m_mutex);
    return m_woken.wait_for(lock, std::chrono::milliseconds(milliseconds),
                            [this] { return m_cancelled; });
}

} // namespace lance::storage
