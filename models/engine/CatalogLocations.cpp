// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogLocations.h"

#include "format/LocalPaths.h"

using namespace Qt::StringLiterals;

namespace lance::engine {

namespace {

const QString DatabaseFileName = u"lance-catalog.sqlite"_s;

} // namespace

CatalogLocations::CatalogLocations(QString root, std::optional<storage::StorageUri> tablesRoot,
                                   storage::StorageOptions storageOptions,
                                   storage::StorageOptions vended, int vendSeconds)
    : m_root(std::move(root))
    , m_tablesRoot(std::move(tablesRoot))
    , m_stores(std::move(storageOptions), std::move(vended), vendSeconds)
{}

bool CatalogLocations::isInsideTablesRoot(const storage::StorageUri &table) const
{
    if (!m_tablesRoot || table.scheme() != m_tablesRoot->scheme()
        || table.bucket() != m_tablesRoot->bucket()) {
        return false;
    }
    const QString prefix = m_tablesRoot->keyAsPrefix();
    return table.key().startsWith(prefix) && table.key().size() > prefix.size();
}

QString CatalogLocations::databaseFile() const
{
    return m_root + u'/' + DatabaseFileName;
}

QString CatalogLocations::defaultLocation(const api::Identifier &table) const
{
    Q_ASSERT(!table.isRoot());
    if (m_tablesRoot) {
        QStringList parts = table.names().first(table.depth() - 1);
        parts.append(table.name() + TableSuffix);
        return m_tablesRoot->child(parts.join(u'/')).toString();
    }
    QStringList parts{m_root};
    parts.append(table.names().first(table.depth() - 1));
    parts.append(table.name() + TableSuffix);
    return parts.join(u'/');
}

std::optional<QString> CatalogLocations::localPath(const QString &location) const
{
    return format::LocalPaths::tableFolder(location, m_root);
}

bool CatalogLocations::isInsideRoot(const QString &path) const
{
    return format::LocalPaths::isInside(path, m_root);
}

} // namespace lance::engine
