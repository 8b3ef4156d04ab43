// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

namespace lance::engine {

class CatalogDatabase;

/// A table's catalog entry.
struct TableRecord
{
    api::Identifier id;
    /// As given (an absolute path for the tables the catalog places); the database stores it
    /// relative to the catalog folder when it lies inside (RootRelativePaths).
    QString location;
    api::StringMap properties;
};

/// The SQL of tables. Removing a table removes its version and tag records with it.
class TableStore
{
    Q_DECLARE_TR_FUNCTIONS(TableStore)

public:
    explicit TableStore(CatalogDatabase &database)
        : m_database(database)
    {}

    api::Result<std::optional<TableRecord>> find(const api::Identifier &id);
    /// The table `id`: NamespaceNotFound when its namespace is missing, TableNotFound when the
    /// table is.
    api::Result<TableRecord> require(const api::Identifier &id);
    /// Only the location of the table `id`, with require()'s errors: what a version's create
    /// needs, without parsing the table's properties once per version of a batch.
    api::Result<QString> requireLocation(const api::Identifier &id);
    /// Adds the table (its namespace must exist); false when it exists already.
    api::Result<bool> insert(const TableRecord &record);
    api::Result<qint64> remove(const api::Identifier &id);
    /// Gives the table `from` the identifier `to` (its namespace must exist and hold no table of
    /// that name), with its versions, tags and pending manifest moves. The location stays.
    api::Result<void> move(const api::Identifier &from, const api::Identifier &to);
    /// Names of the tables directly in `namespaceId` after `after`, sorted, at most `limit`;
    /// without `includeDeclared` only tables with version records.
    api::Result<QStringList> names(const api::Identifier &namespaceId, const QString &after,
                                   qint64 limit, bool includeDeclared);
    /// Tables other than `except` whose stored location is `folder` or lies below it.
    /// At most `limit` tables of every namespace after the key `after`, by key
    /// (CatalogNames::key: names joined with `$`), sorted.
    api::Result<QStringList> allKeys(const QString &after, qint64 limit, bool includeDeclared);
    api::Result<QStringList> tablesWithin(const QString &folder, const api::Identifier &except);

    static api::ApiError alreadyExists(const api::Identifier &id);

private:
    /// Why `id`, which has no record, is missing: its namespace or itself.
    api::ApiError missing(const api::Identifier &id);

    CatalogDatabase &m_database;
};

} // namespace lance::engine
