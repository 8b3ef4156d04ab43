// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogLocations.h"

#include "format/LocalPaths.h"

using namespace Qt::StringLiterals;

namespace lance::engine {

namespace {

const QString DatabaseFileName = u"lance-catalog.sqlite"_s;

} // namespace

CatalogLocations::CatalogLocations(QString root)
    : m_root(std::move(root))
{}

QString CatalogLocations::databaseFile() const
{
    return m_root + u'/' + DatabaseFileName;
}

QString CatalogLocations::defaultLocation(const api::Identifier &table) const
{
    Q_ASSERT(!table.isRoot());
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
