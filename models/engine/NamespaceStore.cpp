// SPDX-License-Identifier: Apache-2.0
#include "engine/NamespaceStore.h"

#include "engine/CatalogDatabase.h"
#include "engine/CatalogNames.h"

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Identifier;
using lance::api::Result;
using lance::api::StringMap;

namespace lance::engine {

Result<std::optional<StringMap>> NamespaceStore::properties(const Identifier &id)
{
    auto row = m_database.selectOne(u"SELECT properties FROM catalog_namespaces WHERE id = ?"_s,
                                    {CatalogNames::key(id)});
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return std::optional<StringMap>();
    }
    return std::optional<StringMap>(CatalogDatabase::mapFromText((*row)->value(0).toString()));
}

ApiError NamespaceStore::notFound(const Identifier &id)
{
    return ApiError::catalog(ErrorCode::NamespaceNotFound,
                             tr("Namespace %1 does not exist.").arg(CatalogNames::display(id)));
}

Result<StringMap> NamespaceStore::require(const Identifier &id)
{
    auto found = properties(id);
    if (!found) {
        return found.error();
    }
    if (!*found) {
        return notFound(id);
    }
    return **found;
}

Result<bool> NamespaceStore::exists(const Identifier &id)
{
    return m_database.selectsAny(u"SELECT 1 FROM catalog_namespaces WHERE id = ?"_s,
                                 {CatalogNames::key(id)});
}

Result<std::pair<bool, bool>> NamespaceStore::exist(const Identifier &first,
                                                    const Identifier &second)
{
    // Two scalar lookups in one statement: `id IN (?, ?)` made SQLite build a temporary index
    // of the two values each time, four times the cost of two plain queries.
    auto row
        = m_database.selectOne(u"SELECT EXISTS (SELECT 1 FROM catalog_namespaces WHERE id = ?),"
                               " EXISTS (SELECT 1 FROM catalog_namespaces WHERE id = ?)"_s,
                               {CatalogNames::key(first), CatalogNames::key(second)});
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return std::pair(false, false); // cannot happen: the statement always answers a row
    }
    return std::pair((*row)->value(0).toLongLong() != 0, (*row)->value(1).toLongLong() != 0);
}

Result<bool> NamespaceStore::insert(const Identifier &id, const StringMap &properties)
{
    Q_ASSERT(!id.isRoot());
    return m_database
        .execute(
            u"INSERT INTO catalog_namespaces (id, parent, name, properties) VALUES (?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING"_s,
            {CatalogNames::key(id), CatalogNames::key(id.parent()), id.name(),
             CatalogDatabase::mapToText(properties)})
        .transform([](qint64 added) { return added > 0; }); // 0: it was there already
}

Result<void> NamespaceStore::setProperties(const Identifier &id, const StringMap &properties)
{
    auto updated
        = m_database.execute(u"UPDATE catalog_namespaces SET properties = ? WHERE id = ?"_s,
                             {CatalogDatabase::mapToText(properties), CatalogNames::key(id)});
    if (!updated) {
        return updated.error();
    }
    return {};
}

Result<qint64> NamespaceStore::remove(const Identifier &id)
{
    Q_ASSERT(!id.isRoot());
    return m_database.execute(u"DELETE FROM catalog_namespaces WHERE id = ?"_s,
                              {CatalogNames::key(id)});
}

Result<QStringList> NamespaceStore::children(const Identifier &parent, const QString &after,
                                             qint64 limit)
{
    return m_database.selectTexts(u"SELECT name FROM catalog_namespaces WHERE parent = ? AND "
                                  "name > ? ORDER BY name LIMIT ?"_s,
                                  {CatalogNames::key(parent), after, limit});
}

Result<bool> NamespaceStore::hasChildren(const Identifier &id)
{
    const QString key = CatalogNames::key(id);
    return m_database.selectsAny(
        u"SELECT 1 WHERE EXISTS (SELECT 1 FROM catalog_namespaces WHERE parent = ?) "
        "OR EXISTS (SELECT 1 FROM catalog_tables WHERE namespace = ?)"_s,
        {key, key});
}

} // namespace lance::engine
