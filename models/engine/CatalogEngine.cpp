// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogEngine.h"

#include "engine/BranchOperations.h"
#include "engine/CatalogBootstrap.h"
#include "engine/CatalogDatabase.h"
#include "engine/CatalogLocations.h"
#include "engine/CleanupOperations.h"
#include "engine/CommitOperations.h"
#include "engine/HealthOperations.h"
#include "engine/HistoryOperations.h"
#include "engine/ManifestIndexCache.h"
#include "engine/ManifestJournal.h"
#include "engine/NamespaceOperations.h"
#include "engine/QueryOperations.h"
#include "engine/RenameOperations.h"
#include "engine/RestoreOperations.h"
#include "engine/TableOperations.h"
#include "engine/TagOperations.h"
#include "engine/VersionOperations.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

// The spec operationId of `request`'s operation, from the operation table.
template <typename Request> QString nameOf(const Request &)
{
    return Operation<Request>::info.name();
}

// Errors name the spec operation, as the REST client's do.
template <typename T> Result<T> named(Result<T> result, const QString &operation)
{
    if (!result) {
        ApiError error = result.error();
        error.setOperation(operation);
        return error;
    }
    return result;
}

template <typename Response>
Result<Response> single(Result<CommitTableResult> result, const QString &operation)
{
    if (!result) {
        return named(Result<Response>(result.error()), operation);
    }
    return std::get<Response>(std::move(*result));
}

} // namespace

CatalogEngine::CatalogEngine(std::unique_ptr<CatalogDatabase> database,
                             std::unique_ptr<CatalogLocations> locations)
    : m_database(std::move(database))
    , m_locations(std::move(locations))
    , m_namespaces(std::make_unique<NamespaceOperations>(*m_database))
    , m_tables(std::make_unique<TableOperations>(*m_database, *m_locations))
    , m_versions(std::make_unique<VersionOperations>(*m_database, *m_locations))
    , m_tags(std::make_unique<TagOperations>(*m_database))
    , m_commits(std::make_unique<CommitOperations>(*m_database, *m_tables, *m_versions))
    , m_restores(std::make_unique<RestoreOperations>(*m_database, *m_locations, *m_commits))
    , m_renames(std::make_unique<RenameOperations>(*m_database, *m_tables, *m_commits))
    , m_history(std::make_unique<HistoryOperations>(*m_database))
    , m_branches(
          std::make_unique<BranchOperations>(*m_database, *m_locations, *m_versions, *m_commits))
    , m_manifestIndexes(std::make_unique<ManifestIndexCache>())
    , m_health(std::make_unique<HealthOperations>(*m_database, *m_locations, *m_manifestIndexes))
    , m_cleanups(std::make_unique<CleanupOperations>(*m_database, *m_locations, *m_commits,
                                                     *m_manifestIndexes))
    , m_queries(std::make_unique<QueryOperations>(*m_database, *m_locations))
{}

CatalogEngine::~CatalogEngine() = default;

Result<std::unique_ptr<CatalogEngine>> CatalogEngine::open(const Options &options)
{
    std::optional<storage::StorageUri> tablesRoot;
    if (!options.tablesRoot.isEmpty()) {
        auto parsed = storage::StorageUri::parse(options.tablesRoot);
        if (!parsed || parsed->isLocal()) {
            return ApiError::catalog(
                ErrorCode::InvalidInput,
                tr("The tables' root %1 is not an s3://, az:// or gs:// location.")
                    .arg(options.tablesRoot));
        }
        tablesRoot = *parsed;
    }
    // A catalog in PostgreSQL with every table on a store needs no folder of its own.
    const bool folderless
        = options.root.trimmed().isEmpty() && tablesRoot && !options.databaseUrl.isEmpty();
    QString canonical;
    if (!folderless) {
        if (options.root.trimmed().isEmpty()) {
            return ApiError::catalog(ErrorCode::InvalidInput, tr("The catalog folder is not set."));
        }
        const QString absolute = QDir::cleanPath(QFileInfo(options.root).absoluteFilePath());
        if (!QDir().mkpath(absolute) || !QFileInfo(absolute).isDir()) {
            return ApiError::catalog(ErrorCode::InvalidInput,
                                     tr("The catalog folder %1 cannot be created.").arg(absolute));
        }
        // Canonical, so that "inside the root" compares physical paths.
        canonical = QFileInfo(absolute).canonicalFilePath();
    }
    auto locations
        = std::make_unique<CatalogLocations>(canonical, tablesRoot, options.storageOptions,
                                             options.vendedStorageOptions, options.vendSeconds);
    const CatalogLocations &where = *locations;
    // Only a folder is searched for tables that are there already.
    const bool bootstrap = options.registerExistingTables && !folderless && !tablesRoot;
    const CatalogDatabase::Populate populate = [&](CatalogDatabase &created) -> Result<void> {
        return bootstrap ? CatalogBootstrap(created, where).run() : Result<void>();
    };
    auto database = options.databaseUrl.isEmpty()
                        ? CatalogDatabase::open(locations->databaseFile(), populate,
                                                options.syncEveryCommit
                                                    ? CatalogDatabase::Durability::PowerLoss
                                                    : CatalogDatabase::Durability::ProcessCrash)
                        : CatalogDatabase::openServer(
                            {options.databaseUrl, options.databasePasswordFile}, populate);
    if (!database) {
        return database.error();
    }
    // Rolls forward the manifest moves a crash left between a commit and its moves.
    if (const auto problem = ManifestJournal(**database).recover(); !problem.hasValue()) {
        return problem.error();
    }
    return std::unique_ptr<CatalogEngine>(
        new CatalogEngine(std::move(*database), std::move(locations)));
}

QString CatalogEngine::root() const
{
    return m_locations->root();
}

// Namespaces

Result<ListNamespacesResponse> CatalogEngine::run(const ListNamespacesRequest &request)
{
    return named(m_namespaces->list(request), nameOf(request));
}

Result<DescribeNamespaceResponse> CatalogEngine::run(const DescribeNamespaceRequest &request)
{
    return named(m_namespaces->describe(request), nameOf(request));
}

Result<CreateNamespaceResponse> CatalogEngine::run(const CreateNamespaceRequest &request)
{
    return named(m_namespaces->create(request), nameOf(request));
}

Result<DropNamespaceResponse> CatalogEngine::run(const DropNamespaceRequest &request)
{
    return named(m_namespaces->drop(request), nameOf(request));
}

Result<ExistsResponse> CatalogEngine::run(const NamespaceExistsRequest &request)
{
    return named(m_namespaces->exists(request), nameOf(request));
}

Result<UpdateNamespacePropertiesResponse>
CatalogEngine::run(const UpdateNamespacePropertiesRequest &request)
{
    return named(m_namespaces->updateProperties(request), nameOf(request));
}

// Tables

Result<ListTablesResponse> CatalogEngine::run(const ListTablesRequest &request)
{
    return named(m_tables->list(request), nameOf(request));
}

Result<DescribeTableResponse> CatalogEngine::run(const DescribeTableRequest &request)
{
    return named(m_tables->describe(request), nameOf(request));
}

Result<ExistsResponse> CatalogEngine::run(const TableExistsRequest &request)
{
    return named(m_tables->exists(request), nameOf(request));
}

Result<RegisterTableResponse> CatalogEngine::run(const RegisterTableRequest &request)
{
    return named(m_tables->registerTable(request), nameOf(request));
}

Result<DeclareTableResponse> CatalogEngine::run(const DeclareTableRequest &request)
{
    return single<DeclareTableResponse>(m_commits->commitOne(request), nameOf(request));
}

Result<DeregisterTableResponse> CatalogEngine::run(const DeregisterTableRequest &request)
{
    return single<DeregisterTableResponse>(m_commits->commitOne(request), nameOf(request));
}

Result<DropTableResponse> CatalogEngine::run(const DropTableRequest &request)
{
    return named(m_tables->drop(request), nameOf(request));
}

Result<GetTableStatsResponse> CatalogEngine::run(const GetTableStatsRequest &request)
{
    return named(m_tables->stats(request), nameOf(request));
}

Result<ListTablesResponse> CatalogEngine::run(const ListAllTablesRequest &request)
{
    return named(m_tables->listAll(request), nameOf(request));
}

Result<RestoreTableResponse> CatalogEngine::run(const RestoreTableRequest &request)
{
    return named(m_restores->restore(request), nameOf(request));
}

Result<RenameTableResponse> CatalogEngine::run(const RenameTableRequest &request)
{
    return named(m_renames->rename(request), nameOf(request));
}

// Versions

Result<ListTableVersionsResponse> CatalogEngine::run(const ListTableVersionsRequest &request)
{
    return named(m_versions->list(request), nameOf(request));
}

Result<CreateTableVersionResponse> CatalogEngine::run(const CreateTableVersionRequest &request)
{
    return single<CreateTableVersionResponse>(m_commits->commitOne(request), nameOf(request));
}

Result<DescribeTableVersionResponse> CatalogEngine::run(const DescribeTableVersionRequest &request)
{
    return named(m_versions->describe(request), nameOf(request));
}

Result<BatchDeleteTableVersionsResponse>
CatalogEngine::run(const BatchDeleteTableVersionsRequest &request)
{
    return single<BatchDeleteTableVersionsResponse>(m_commits->commitOne(request), nameOf(request));
}

Result<BatchCreateTableVersionsResponse>
CatalogEngine::run(const BatchCreateTableVersionsRequest &request)
{
    // The same path as a batch commit of create_table_version operations only.
    BatchCommitTablesRequest batch;
    batch.operations.reserve(request.entries.size());
    for (const CreateTableVersionEntry &entry : request.entries) {
        CreateTableVersionRequest create;
        create.id = entry.id;
        create.version = entry.version;
        create.manifestPath = entry.manifestPath;
        create.manifestSize = entry.manifestSize;
        create.eTag = entry.eTag;
        create.metadata = entry.metadata;
        create.namingScheme = entry.namingScheme;
        create.branch = entry.branch;
        batch.operations.append(std::move(create));
    }
    auto committed = m_commits->commitAll(batch, u"entries"_s);
    if (!committed) {
        return named(Result<BatchCreateTableVersionsResponse>(committed.error()), nameOf(request));
    }
    BatchCreateTableVersionsResponse response;
    response.transactionId = committed->transactionId;
    response.versions.reserve(committed->results.size());
    for (const CommitTableResult &result : std::as_const(committed->results)) {
        response.versions.append(*std::get<CreateTableVersionResponse>(result).version);
    }
    return response;
}

Result<BatchCommitTablesResponse> CatalogEngine::run(const BatchCommitTablesRequest &request)
{
    return named(m_commits->commitAll(request, u"operations"_s), nameOf(request));
}

// Transactions

void CatalogEngine::setActor(const QString &actor)
{
    m_commits->setActor(actor);
    m_tags->setActor(actor);
}

Result<DescribeTransactionResponse> CatalogEngine::run(const DescribeTransactionRequest &request)
{
    return named(m_history->describe(request), nameOf(request));
}

Result<ListTransactionsResponse> CatalogEngine::run(const ListTransactionsRequest &request)
{
    return named(m_history->list(request), nameOf(request));
}

// Tags

Result<ListTableTagsResponse> CatalogEngine::run(const ListTableTagsRequest &request)
{
    return named(m_tags->list(request), nameOf(request));
}

Result<GetTableTagVersionResponse> CatalogEngine::run(const GetTableTagVersionRequest &request)
{
    return named(m_tags->version(request), nameOf(request));
}

Result<CreateTableTagResponse> CatalogEngine::run(const CreateTableTagRequest &request)
{
    return named(m_tags->create(request), nameOf(request));
}

Result<UpdateTableTagResponse> CatalogEngine::run(const UpdateTableTagRequest &request)
{
    return named(m_tags->update(request), nameOf(request));
}

Result<DeleteTableTagResponse> CatalogEngine::run(const DeleteTableTagRequest &request)
{
    return named(m_tags->remove(request), nameOf(request));
}

// Branches

Result<ListTableBranchesResponse> CatalogEngine::run(const ListTableBranchesRequest &request)
{
    return named(m_branches->list(request), nameOf(request));
}

Result<CreateTableBranchResponse> CatalogEngine::run(const CreateTableBranchRequest &request)
{
    return named(m_branches->create(request), nameOf(request));
}

Result<DeleteTableBranchResponse> CatalogEngine::run(const DeleteTableBranchRequest &request)
{
    return named(m_branches->remove(request), nameOf(request));
}

Result<QueryTableResponse> CatalogEngine::run(const QueryTableRequest &request)
{
    return named(m_queries->query(request), nameOf(request));
}

Result<GetTableHealthResponse> CatalogEngine::run(const GetTableHealthRequest &request)
{
    return named(m_health->health(request), nameOf(request));
}

Result<PlanTableCleanupResponse> CatalogEngine::run(const PlanTableCleanupRequest &request)
{
    return named(m_cleanups->plan(request), nameOf(request));
}

Result<CleanupTableResponse> CatalogEngine::run(const CleanupTableRequest &request)
{
    return named(m_cleanups->apply(request), nameOf(request));
}

} // namespace lance::engine
