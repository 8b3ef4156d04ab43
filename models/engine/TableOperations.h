// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/TableMessages.h"
#include "engine/TableStores.h"

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;
class CatalogTransaction;

/// The table operations of CatalogEngine. A table and a namespace may not share a name in one
/// namespace. Declare and deregister run inside a caller's write transaction, so that a batch
/// can hold them with other operations.
class TableOperations
{
    Q_DECLARE_TR_FUNCTIONS(TableOperations)

public:
    TableOperations(CatalogDatabase &database, const CatalogLocations &locations)
        : m_database(database)
        , m_locations(locations)
    {}

    api::Result<api::ListTablesResponse> list(const api::ListTablesRequest &request);
    /// Every table of the catalog, as identifiers joined with the request's delimiter.
    api::Result<api::ListTablesResponse> listAll(const api::ListAllTablesRequest &request);
    api::Result<api::DescribeTableResponse> describe(const api::DescribeTableRequest &request);
    api::Result<api::ExistsResponse> exists(const api::TableExistsRequest &request);
    /// The statistics of the branch's latest version, from its manifest (format::TableStatistics);
    /// zero for a table only declared. Unsupported, with the reason, when the manifest cannot be
    /// read here (on object storage, gone, damaged).
    api::Result<api::GetTableStatsResponse> stats(const api::GetTableStatsRequest &request);
    /// Records every version found in the location's `_versions/`.
    api::Result<api::RegisterTableResponse> registerTable(const api::RegisterTableRequest &request);
    /// Removes the entry; deletes the table folder only when it lies inside the catalog root.
    api::Result<api::DropTableResponse> drop(const api::DropTableRequest &request);

    api::Result<api::DeclareTableResponse> declare(CatalogTransaction &transaction,
                                                   const api::DeclareTableRequest &request);
    /// Removes the entry with its version and tag records; the data stays.
    api::Result<api::DeregisterTableResponse>
    deregister(CatalogTransaction &transaction, const api::DeregisterTableRequest &request);

    /// The namespace of `id` exists and holds no namespace named like the table (a declare,
    /// a registration and a rename ask it).
    api::Result<void> checkCreatable(const api::Identifier &id);

private:
    /// The table folder DropTable may delete: inside the root, holding no other table.
    api::Result<std::optional<QString>> folderToDelete(const api::Identifier &id,
                                                       const QString &location);
    /// The folder on a store DropTable may delete: inside the tables' root on the store,
    /// holding no other table.
    api::Result<std::optional<TableStores::Table>> storeFolderToDelete(const api::Identifier &id,
                                                                       const QString &location);
    /// Deletes every object under a dropped table's folder on its store; failures are logged
    /// (the table is gone from the catalog already).
    static void deleteFromStore(const TableStores::Table &table);

    CatalogDatabase &m_database;
    const CatalogLocations &m_locations;
};

} // namespace lance::engine
