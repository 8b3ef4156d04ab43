// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <memory>
#include <mutex>

namespace lance::engine {

/// The in-process queue of writers of one database file. Every CatalogDatabase of the same file
/// in this process shares one DatabaseWriteLock, and a write transaction holds it from before
/// `BEGIN IMMEDIATE` to after COMMIT or ROLLBACK (CatalogTransaction does). Writers of one
/// process then wait on a mutex, woken the moment the lock is free, instead of backing off in
/// SQLite's busy handler with sleeps of up to 100 ms. Writers in other processes still meet at
/// SQLite's lock and its busy timeout. Readers never take it: WAL keeps them parallel.
///
/// Threads: any; the registry and the mutex are thread-safe.
class DatabaseWriteLock
{
public:
    using Guard = std::unique_lock<std::timed_mutex>;

    /// The lock of `canonicalFile`, shared with every other holder of that path in this
    /// process; it lives while anyone keeps it.
    static std::shared_ptr<DatabaseWriteLock> forFile(const QString &canonicalFile);

    /// Waits up to `timeoutMs` for the lock; an unlocked Guard when it timed out.
    Guard acquire(int timeoutMs);

    DatabaseWriteLock() = default;
    DatabaseWriteLock(const DatabaseWriteLock &) = delete;
    DatabaseWriteLock &operator=(const DatabaseWriteLock &) = delete;

private:
    std::timed_mutex m_mutex;
};

} // namespace lance::engine
