// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Operations.h"
#include "api/Result.h"
#include "storage/StorageOptions.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <optional>

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;
class BranchOperations;
class CleanupOperations;
class HealthOperations;
class QueryOperations;
class ManifestIndexCache;
class CommitOperations;
class HistoryOperations;
class NamespaceOperations;
class RenameOperations;
class RestoreOperations;
class TableOperations;
class TagOperations;
class VersionOperations;

/// A Lance namespace kept in a SQLite database inside a catalog root folder, or in a PostgreSQL
/// database that several servers share (Options::databaseUrl): the engine behind the embedded
/// local catalog and `lance-catalog-server`.
///
/// One handler per operation of the operation table (api/Operations.h), all called run() and
/// told apart by their request type, synchronous, with the table's response types; the local
/// service and the server reach each through `engine.run(request)`. Failures are ApiErrors made by
/// ApiError::catalog(): the spec error code, the HTTP status the REST binding answers with, and one
/// sentence naming the object.
///
/// Not found is an error here too: the exists operations answer `exists: true` or the 404
/// error (NamespaceNotFound, TableNotFound, TableVersionNotFound) a server would send.
///
/// Threads: an engine holds one database connection and must be used on the thread that opened
/// it. Several engines (threads, processes) may open the same root at once; SQLite's WAL mode
/// and write transactions keep them consistent, and a write that loses a race (say two
/// CreateTableVersion of one version) gets ConcurrentModification. Writes of the engines of
/// one process queue on an in-process lock (DatabaseWriteLock); reads run in parallel.
///
/// Manifests: CreateTableVersion of a staged manifest records the final path, commits, then
/// moves the file (ManifestJournal). Opening an engine completes moves a crash left behind; a
/// reader may see a new version's record a moment before its final manifest file.
///
/// Layout of a root: `lance-catalog.sqlite` (plus its -wal and -shm files; not with PostgreSQL,
/// where the root holds the tables only); a root table `t` lives by default in
/// `<root>/t.lance`, a table `a$b$t` in `<root>/a/b/t.lance`.
class CatalogEngine
{
    Q_DECLARE_TR_FUNCTIONS(CatalogEngine)

public:
    struct Options
    {
        QString root; //!< the catalog root folder; created if missing
        /// When the database is created (first open of a root), register the Lance tables that
        /// already sit in the root: `<name>.lance/` folders as root tables, and the directory
        /// namespace's `<8 hex>_<ns>$...$<table>/` folders as tables in their namespaces.
        bool registerExistingTables = true;
        /// Off: commits survive a crashed process but not a power loss (SQLite's
        /// `synchronous = NORMAL`), one fsync cheaper each. Only for benchmarks and catalogs
        /// that may be lost; manifest moves are synced either way.
        bool syncEveryCommit = true;
        /// Empty: the catalog is the SQLite database in `root`. Else the `postgresql://`
        /// address of the database that holds it (no password in it), and `root` is only
        /// where its tables' data goes by default.
        QString databaseUrl = {};
        /// The password file for `databaseUrl` (none: `PGPASSFILE` or `~/.pgpass`).
        std::optional<QString> databasePasswordFile = {};
        /// How to reach the stores of tables located at `s3://`, `az://` or `gs://` URIs:
        /// Lance's option keys, as the operator gives them (`--storage-options-file`).
        storage::StorageOptions storageOptions = {};
        /// What DescribeTable and DeclareTable answer a client that asks for credentials
        /// (`vend_credentials`) for a table on a store, valid for `vendSeconds` (0: nothing).
        storage::StorageOptions vendedStorageOptions = {};
        int vendSeconds = 0;
        /// Where new tables go when that is an object store (`s3://bucket/prefix`, `az://`,
        /// `gs://`); empty: in `root`. With it `root` holds only the SQLite database, and may be
        /// empty with `databaseUrl`.
        QString tablesRoot = {};
    };

    /// Opens (and on first use creates) the catalog in `options.root`.
    static api::Result<std::unique_ptr<CatalogEngine>> open(const Options &options);
    ~CatalogEngine();

    CatalogEngine(const CatalogEngine &) = delete;
    CatalogEngine &operator=(const CatalogEngine &) = delete;

    /// The absolute, clean path of the root folder.
    QString root() const;

    // Namespaces
    api::Result<api::ListNamespacesResponse> run(const api::ListNamespacesRequest &request);
    api::Result<api::DescribeNamespaceResponse> run(const api::DescribeNamespaceRequest &request);
    api::Result<api::CreateNamespaceResponse> run(const api::CreateNamespaceRequest &request);
    api::Result<api::DropNamespaceResponse> run(const api::DropNamespaceRequest &request);
    api::Result<api::ExistsResponse> run(const api::NamespaceExistsRequest &request);
    api::Result<api::UpdateNamespacePropertiesResponse>
    run(const api::UpdateNamespacePropertiesRequest &request);

    // Tables
    api::Result<api::ListTablesResponse> run(const api::ListTablesRequest &request);
    api::Result<api::ListTablesResponse> run(const api::ListAllTablesRequest &request);
    api::Result<api::DescribeTableResponse> run(const api::DescribeTableRequest &request);
    api::Result<api::ExistsResponse> run(const api::TableExistsRequest &request);
    api::Result<api::RegisterTableResponse> run(const api::RegisterTableRequest &request);
    api::Result<api::DeclareTableResponse> run(const api::DeclareTableRequest &request);
    api::Result<api::DeregisterTableResponse> run(const api::DeregisterTableRequest &request);
    api::Result<api::DropTableResponse> run(const api::DropTableRequest &request);
    api::Result<api::GetTableStatsResponse> run(const api::GetTableStatsRequest &request);
    api::Result<api::RestoreTableResponse> run(const api::RestoreTableRequest &request);
    api::Result<api::RenameTableResponse> run(const api::RenameTableRequest &request);

    // Versions
    api::Result<api::ListTableVersionsResponse> run(const api::ListTableVersionsRequest &request);
    api::Result<api::CreateTableVersionResponse> run(const api::CreateTableVersionRequest &request);
    api::Result<api::DescribeTableVersionResponse>
    run(const api::DescribeTableVersionRequest &request);
    api::Result<api::BatchDeleteTableVersionsResponse>
    run(const api::BatchDeleteTableVersionsRequest &request);
    api::Result<api::BatchCreateTableVersionsResponse>
    run(const api::BatchCreateTableVersionsRequest &request);
    /// All operations in one database transaction: every one applied, or none. A failure names
    /// the operation (index and kind) in its message and in the error's context entries
    /// `failed_operation_index` and `failed_operation_kind`.
    api::Result<api::BatchCommitTablesResponse> run(const api::BatchCommitTablesRequest &request);

    // Transactions: the history of what was committed here
    /// The credential the history names for the commits that follow ("local" by default); a
    /// server sets it for each request, from the credential that was accepted.
    void setActor(const QString &actor);
    api::Result<api::DescribeTransactionResponse>
    run(const api::DescribeTransactionRequest &request);
    api::Result<api::ListTransactionsResponse> run(const api::ListTransactionsRequest &request);

    // Tags
    api::Result<api::ListTableTagsResponse> run(const api::ListTableTagsRequest &request);
    api::Result<api::GetTableTagVersionResponse> run(const api::GetTableTagVersionRequest &request);
    api::Result<api::CreateTableTagResponse> run(const api::CreateTableTagRequest &request);
    api::Result<api::UpdateTableTagResponse> run(const api::UpdateTableTagRequest &request);
    api::Result<api::DeleteTableTagResponse> run(const api::DeleteTableTagRequest &request);

    // Branches
    api::Result<api::ListTableBranchesResponse> run(const api::ListTableBranchesRequest &request);
    api::Result<api::CreateTableBranchResponse> run(const api::CreateTableBranchRequest &request);
    api::Result<api::DeleteTableBranchResponse> run(const api::DeleteTableBranchRequest &request);

    // Rows
    api::Result<api::QueryTableResponse> run(const api::QueryTableRequest &request);

    // Health (an extension)
    api::Result<api::GetTableHealthResponse> run(const api::GetTableHealthRequest &request);
    api::Result<api::PlanTableCleanupResponse> run(const api::PlanTableCleanupRequest &request);
    api::Result<api::CleanupTableResponse> run(const api::CleanupTableRequest &request);

private:
    CatalogEngine(std::unique_ptr<CatalogDatabase> database,
                  std::unique_ptr<CatalogLocations> locations);

    std::unique_ptr<CatalogDatabase> m_database;
    std::unique_ptr<CatalogLocations> m_locations;
    std::unique_ptr<NamespaceOperations> m_namespaces;
    std::unique_ptr<TableOperations> m_tables;
    std::unique_ptr<VersionOperations> m_versions;
    std::unique_ptr<TagOperations> m_tags;
    std::unique_ptr<CommitOperations> m_commits;
    std::unique_ptr<RestoreOperations> m_restores;
    std::unique_ptr<RenameOperations> m_renames;
    std::unique_ptr<HistoryOperations> m_history;
    std::unique_ptr<BranchOperations> m_branches;
    /// What health and cleanup read of tables' manifests, for their next read.
    std::unique_ptr<ManifestIndexCache> m_manifestIndexes;
    std::unique_ptr<HealthOperations> m_health;
    std::unique_ptr<CleanupOperations> m_cleanups;
    std::unique_ptr<QueryOperations> m_queries;
};

} // namespace lance::engine
