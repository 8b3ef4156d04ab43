// SPDX-License-Identifier: Apache-2.0
#include "staging/KnownState.h"

using namespace Qt::StringLiterals;

namespace lance::staging {

QString KnownState::keyOf(const api::Identifier &id)
{
    // NUL cannot occur in a valid name, so distinct identifiers never share a key, whatever the
    // delimiter is.
    return id.names().join(QChar(0));
}

QString KnownState::branchKey(const std::optional<QString> &branch)
{
    return !branch || *branch == u"main"_s ? QString() : *branch;
}

QString KnownState::versionsKey(const api::Identifier &table, const std::optional<QString> &branch)
{
    // A branch name holds no NUL either; main's key is the table's own.
    const QString name = branchKey(branch);
    return name.isEmpty() ? keyOf(table) : keyOf(table) + QChar(0) + QChar(0) + name;
}

void KnownState::setTables(const api::Identifier &namespaceId, const QStringList &tables)
{
    m_tables.insert(keyOf(namespaceId), QSet<QString>(tables.cbegin(), tables.cend()));
}

void KnownState::setVersions(const api::Identifier &table, const QList<qint64> &versions,
                             const std::optional<QString> &branch)
{
    m_versions.insert(versionsKey(table, branch), QSet<qint64>(versions.cbegin(), versions.cend()));
}

void KnownState::setManifestProblem(const QString &manifestPath, qint64 version,
                                    const QString &problem)
{
    m_manifests.insert(manifestPath + QChar(0) + QString::number(version), problem);
}

std::optional<QString> KnownState::manifestProblem(const QString &manifestPath,
                                                   qint64 version) const
{
    const auto found = m_manifests.constFind(manifestPath + QChar(0) + QString::number(version));
    return found == m_manifests.cend() ? std::nullopt : std::optional(*found);
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
    m_declaredOnly.remove(key);
    // The table's versions on every branch.
    const QString branches = key + QChar(0) + QChar(0);
    m_versions.removeIf(
        [&](const auto &entry) { return entry.key() == key || entry.key().startsWith(branches); });
}

void KnownState::clear()
{
    m_tables.clear();
    m_versions.clear();
    m_declaredOnly.clear();
    m_manifests.clear();
}

bool KnownState::isEmpty() const
{
    return m_tables.isEmpty() && m_versions.isEmpty() && m_declaredOnly.isEmpty()
           && m_manifests.isEmpty();
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

const QSet<qint64> *KnownState::versionsOf(const api::Identifier &table,
                                           const std::optional<QString> &branch) const
{
    static const QSet<qint64> None;
    const auto found = m_versions.constFind(versionsKey(table, branch));
    if (found != m_versions.cend()) {
        return &*found;
    }
    return branchKey(branch).isEmpty() && m_declaredOnly.contains(keyOf(table)) ? &None : nullptr;
}

bool KnownState::isDeclaredOnly(const api::Identifier &table) const
{
    return m_declaredOnly.contains(keyOf(table));
}

} // namespace lance::staging
