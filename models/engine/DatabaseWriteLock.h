// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <condition_variable>
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
/// Threads: any; the registry and the lock are thread-safe.
///
/// Built on a mutex and a condition variable rather than std::timed_mutex: libstdc++'s
/// try_lock_for() calls pthread_mutex_clocklock(), which ThreadSanitizer (GCC 12) does not
/// intercept, so it would see every release as an unlock of a lock nobody took.
class DatabaseWriteLock
{
public:
    /// Holds the lock from acquire() until unlock(), its destruction or a move away; like
    /// std::unique_lock, it may also hold nothing (owns_lock() says which).
    class Guard
    {
    public:
        Guard() = default;
        Guard(Guard &&other) noexcept;
        Guard &operator=(Guard &&other) noexcept;
        ~Guard();

        bool owns_lock() const { return m_lock != nullptr; }
        void unlock();

    private:
        friend class DatabaseWriteLock;
        explicit Guard(DatabaseWriteLock *lock)
            : m_lock(lock)
        {}

        DatabaseWriteLock *m_lock = nullptr;
    };

    /// The lock of `canonicalFile`, shared with every other holder of that path in this
    /// process; it lives while anyone keeps it.
    static std::shared_ptr<DatabaseWriteLock> forFile(const QString &canonicalFile);

    /// Waits up to `timeoutMs` for the lock; a Guard that holds nothing when it timed out.
    Guard acquire(int timeoutMs);
    /// How many threads wait in acquire() now: a writer queued behind another is seen here,
    /// without timing it.
    int waiting();

    DatabaseWriteLock() = default;
    DatabaseWriteLock(const DatabaseWriteLock &) = delete;
    DatabaseWriteLock &operator=(const DatabaseWriteLock &) = delete;

private:
    void release();

    std::mutex m_mutex;
    std::condition_variable m_released;
    bool m_held = false; //!< guarded by m_mutex
    int m_waiting = 0;   //!< guarded by m_mutex
};

} // namespace lance::engine
