// SPDX-License-Identifier: Apache-2.0
#include "engine/TableStore.h"

#include "engine/CatalogDatabase.h"
#include "engine/CatalogNames.h"
#include "engine/NamespaceStore.h"

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Identifier;
using lance::api::Result;

namespace lance::engine {

Result<std::optional<TableRecord>> TableStore::find(const Identifier &id)
{
    auto row = m_database.selectOne(
        u"SELECT location, properties FROM catalog_tables WHERE id = ?"_s, {CatalogNames::key(id)});
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return std::optional<TableRecord>();
    }
    TableRecord record;
    record.id = id;
    record.location = m_database.paths().resolve((*row)->value(0).toString());
    record.properties = CatalogDatabase::mapFromText((*row)->value(1).toString());
    return std::optional<TableRecord>(std::move(record));
}

Result<TableRecord> TableStore::require(const Identifier &id)
{
    auto table = find(id);
    if (!table) {
        return table.error();
    }
    if (*table) {
        return std::move(**table);
    }
    return missing(id);
}

Result<QString> TableStore::requireLocation(const Identifier &id)
{
    auto row = m_database.selectOne(u"SELECT location FROM catalog_tables WHERE id = ?"_s,
                                    {CatalogNames::key(id)});
    if (!row) {
        return row.error();
    }
    if (*row) {
        return m_database.paths().resolve((*row)->value(0).toString());
    }
    return missing(id);
}

ApiError TableStore::missing(const Identifier &id)
{
    // Which is missing, the namespace or the table: asked only on the way to an error.
    auto namespaceExists = NamespaceStore(m_database).exists(id.parent());
    if (!namespaceExists) {
        return namespaceExists.error();
    }
    if (!*namespaceExists) {
        return NamespaceStore::notFound(id.parent());
    }
    return ApiError::catalog(ErrorCode::TableNotFound,
                             tr("Table %1 does not exist.").arg(CatalogNames::display(id)));
}

ApiError TableStore::alreadyExists(const Identifier &id)
{
    return ApiError::catalog(ErrorCode::TableAlreadyExists,
                             tr("Table %1 already exists.").arg(CatalogNames::display(id)));
}

Result<bool> TableStore::insert(const TableRecord &record)
{
    return m_database
        .execute(u"INSERT INTO catalog_tables (id, namespace, name, location, properties) "
                 "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"_s,
                 {CatalogNames::key(record.id), CatalogNames::key(record.id.parent()),
                  record.id.name(), m_database.paths().store(record.location),
                  CatalogDatabase::mapToText(record.properties)})
        .transform([](qint64 added) { return added > 0; }); // 0: it was there already
}

Result<qint64> TableStore::remove(const Identifier &id)
{
    return m_database.execute(u"DELETE FROM catalog_tables WHERE id = ?"_s,
                              {CatalogNames::key(id)});
}

Result<void> TableStore::move(const Identifier &from, const Identifier &to)
{
    // The key is the primary key the versions and tags refer to, and neither SQLite nor the
    // schema cascades updates: the new entry is added, the records are pointed at it, and the old
    // entry goes, all in the caller's transaction.
    const QString oldKey = CatalogNames::key(from);
    const QString newKey = CatalogNames::key(to);
    auto added = m_database.execute(
        u"INSERT INTO catalog_tables (id, namespace, name, location, properties) "
        "SELECT ?, ?, ?, location, properties FROM catalog_tables WHERE id = ?"_s,
        {newKey, CatalogNames::key(to.parent()), to.name(), oldKey});
    if (!added) {
        return added.error();
    }
    if (*added != 1) {
        return missing(from);
    }
    for (const QString &sql : {u"UPDATE table_versions SET table_id = ? WHERE table_id = ?"_s,
                               u"UPDATE table_tags SET table_id = ? WHERE table_id = ?"_s,
                               u"UPDATE manifest_moves SET table_id = ? WHERE table_id = ?"_s}) {
        if (auto updated = m_database.execute(sql, {newKey, oldKey}); !updated) {
            return updated.error();
        }
    }
    if (auto removed = remove(from); !removed) {
        return removed.error();
    }
    return {};
}

Result<QStringList> TableStore::names(const Identifier &namespaceId, const QString &after,
                                      qint64 limit, bool includeDeclared)
{
    const QString key = CatalogNames::key(namespaceId);
    if (includeDeclared) {
        return m_database.selectTexts(u"SELECT name FROM catalog_tables WHERE namespace = ? AND "
                                      "name > ? ORDER BY name LIMIT ?"_s,
                                      {key, after, limit});
    }
    return m_database.selectTexts(
        u"SELECT name FROM catalog_tables t WHERE namespace = ? AND name > ? AND EXISTS "
        "(SELECT 1 FROM table_versions v WHERE v.table_id = t.id) ORDER BY name LIMIT ?"_s,
        {key, after, limit});
}

Result<QStringList> TableStore::allKeys(const QString &after, qint64 limit, bool includeDeclared)
{
    if (includeDeclared) {
        return m_database.selectTexts(
            u"SELECT id FROM catalog_tables WHERE id > ? ORDER BY id LIMIT ?"_s, {after, limit});
    }
    return m_database.selectTexts(
        u"SELECT id FROM catalog_tables t WHERE id > ? AND EXISTS "
        "(SELECT 1 FROM table_versions v WHERE v.table_id = t.id) ORDER BY id LIMIT ?"_s,
        {after, limit});
}

Result<QStringList> TableStore::tablesWithin(const QString &folder, const Identifier &except)
{
    // As stored: inside the catalog folder, relative to it.
    QString stored = m_database.paths().store(folder);
    if (stored.endsWith(u'/')) {
        stored.chop(1);
    }
    const QString below = stored + u'/';
    return m_database.selectTexts(u"SELECT id FROM catalog_tables WHERE id <> ? AND "
                                  "(location = ? OR substr(location, 1, length(?)) = ?)"_s,
                                  {CatalogNames::key(except), stored, below, below});
}

} // namespace lance::engine
