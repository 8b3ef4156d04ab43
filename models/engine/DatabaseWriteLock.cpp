// SPDX-License-Identifier: Apache-2.0
#include "engine/DatabaseWriteLock.h"

#include <QHash>

#include <chrono>
#include <utility>

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
    std::unique_lock<std::mutex> state(m_mutex);
    ++m_waiting;
    const bool free = m_released.wait_for(state, std::chrono::milliseconds(timeoutMs),
                                          [this] { return !m_held; });
    --m_waiting;
    if (!free) {
        return Guard();
    }
    m_held = true;
    return Guard(this);
}

int DatabaseWriteLock::waiting()
{
    const std::lock_guard<std::mutex> state(m_mutex);
    return m_waiting;
}

void DatabaseWriteLock::release()
{
    {
        const std::lock_guard<std::mutex> state(m_mutex);
        m_held = false;
    }
    m_released.notify_one();
}

DatabaseWriteLock::Guard::Guard(Guard &&other) noexcept
    : m_lock(std::exchange(other.m_lock, nullptr))
{}

DatabaseWriteLock::Guard &DatabaseWriteLock::Guard::operator=(Guard &&other) noexcept
{
    if (this != &other) {
        unlock();
        m_lock = std::exchange(other.m_lock, nullptr);
    }
    return *this;
}

DatabaseWriteLock::Guard::~Guard()
{
    unlock();
}

void DatabaseWriteLock::Guard::unlock()
{
    if (m_lock) {
        std::exchange(m_lock, nullptr)->release();
    }
}

} // namespace lance::engine
