// SPDX-License-Identifier: Apache-2.0
#include "engine/DatabaseWriteLock.h"

#include <QHash>

#include <chrono>

namespace lance::engine {

std::shared_ptr<DatabaseWriteLock> DatabaseWriteLock::forFile(const QString &canonicalFile)
{
    // Weak entries: the lock goes with the last database of its file, and a process that opens
    // many catalogs over time (tests, a server restarted in-process) keeps no dead locks.
    static std::mutex registryMutex;
    static QHash<QString, std::weak_ptr<DatabaseWriteLock>> registry;
    const std::lock_guard<std::mutex> guard(registryMutex);
    if (std::shared_ptr<DatabaseWriteLock> known = registry.value(canonicalFile).lock()) {
        return known;
    }
    registry.removeIf([](const auto &entry) { return entry.value().expired(); });
    auto created = std::make_shared<DatabaseWriteLock>();
    registry.insert(canonicalFile, created);
    return created;
}

DatabaseWriteLock::Guard DatabaseWriteLock::acquire(int timeoutMs)
{
    Guard guard(m_mutex, std::defer_lock);
    // Ignoring the result is fine: the caller asks the guard whether it owns the lock.
    (void)guard.try_lock_for(std::chrono::milliseconds(timeoutMs));
    return guard;
}

} // namespace lance::engine
