// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>

namespace lance::storage {

/// A flag that cancels store calls from another thread. A call waiting for a socket registers a
/// hook that closes it, so cancel() ends the wait at once rather than at the next timeout; a
/// call sleeping between retries wakes up. Shared by every call that should stop together.
class Cancellation
{
public:
    void cancel();
    bool isCancelled() const;

    /// Runs `hook` on cancel() (at once when already cancelled) until removeHook(id).
    int addHook(std::function<void()> hook);
    void removeHook(int id);

    /// Sleeps `milliseconds` unless cancelled first; true when it was cancelled.
    bool sleepFor(int milliseconds) const;

private:
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_woken;
    bool m_cancelled = false;
    int m_nextHook = 0;
    std::map<int, std::function<void()>> m_hooks;
};

} // namespace lance::storage
