// SPDX-License-Identifier: Apache-2.0
#include "staging/KnownState.h"

namespace lance::staging {

QString KnownState::keyOf(const api::Identifier &id)
{
    // NUL cannot occur in a valid name, so distinct identifiers never share a key, whatever the
    // delimiter is.
    return id.names().join(QChar(0));
}

void KnownState::setTables(const api::Identifier &namespaceId, const QStringList &tables)
{
    m_tables.insert(keyOf(namespaceId), QSet<QString>(tables.cbegin(), tables.cend()));
}

void KnownState::setVersions(const api::Identifier &table, const QList<qint64> &versions)
{
    m_versions.insert(keyOf(table), QSet<qint64>(versions.cbegin(), versions.cend()));
}

void KnownState::setDeclaredOnly(const api::Identifier &table, bool declaredOnly)
{
    if (declaredOnly) {
        m_declaredOnly.insert(keyOf(table));
    } else {
        m_declaredOnly.remove(keyOf(table));
    }
}

void KnownState::forget(const api::Identifier &id)
{
    const QString key = keyOf(id);
    m_tables.remove(key);
    m_versions.remove(key);
    m_declaredOnly.remove(key);
}

void KnownState::clear()
{
    m_tables.clear();
    m_versions.clear();
    m_declaredOnly.clear();
}

bool KnownState::isEmpty() const
{
    return m_tables.isEmpty() && m_versions.isEmpty() && m_declaredOnly.isEmpty();
}

std::optional<bool> KnownState::tableExists(const api::Identifier &table) const
{
    if (table.isRoot()) {
        return std::nullopt;
    }
    if (m_declaredOnly.contains(keyOf(table))) {
        return true;
    }
    const auto listing = m_tables.constFind(keyOf(table.parent()));
    if (listing == m_tables.cend()) {
        return std::nullopt;
    }
    return listing->contains(table.name());
}

const QSet<qint64> *KnownState::versionsOf(const api::Identifier &table) const
{
    static const QSet<qint64> None;
    const QString key = keyOf(table);
    const auto found = m_versions.constFind(key);
    if (found != m_versions.cend()) {
        return &*found;
    }
    return m_declaredOnly.contains(key) ? &None : nullptr;
}

bool KnownState::isDeclaredOnly(const api::Identifier &table) const
{
    return m_declaredOnly.contains(keyOf(table));
}

} // namespace lance::staging
