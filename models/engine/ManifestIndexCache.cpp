// SPDX-License-Identifier: Apache-2.0
#include "engine/ManifestIndexCache.h"

namespace lance::engine {

ManifestIndexCache::Table ManifestIndexCache::find(const QString &location) const
{
    const std::lock_guard lock(m_mutex);
    for (const auto &[kept, table] : m_tables) {
        if (kept == location) {
            return table;
        }
    }
    return {};
}

void ManifestIndexCache::keep(const QString &location, Table table)
{
    const std::lock_guard lock(m_mutex);
    m_tables.removeIf([&](const auto &kept) { return kept.first == location; });
    m_tables.append({location, std::move(table)});
    while (m_tables.size() > MaxTables) {
        m_tables.removeFirst();
    }
}

} // namespace lance::engine
