// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogEngine.h"

#include "engine/CatalogBootstrap.h"
#include "engine/CatalogDatabase.h"
#include "engine/CatalogLocations.h"
#include "engine/CommitOperations.h"
#include "engine/ManifestJournal.h"
#include "engine/NamespaceOperations.h"
#include "engine/TableOperations.h"
#include "engine/TagOperations.h"
#include "engine/VersionOperations.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

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
{}

CatalogEngine::~CatalogEngine() = default;

Result<std::unique_ptr<CatalogEngine>> CatalogEngine::open(const Options &options)
{
    if (options.root.trimmed().isEmpty()) {
        return ApiError::catalog(ErrorCode::InvalidInput, tr("The catalog folder is not set."));
    }
    const QString absolute = QDir::cleanPath(QFileInfo(options.root).absoluteFilePath());
    if (!QDir().mkpath(absolute) || !QFileInfo(absolute).isDir()) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("The catalog folder %1 cannot be created.").arg(absolute));
    }
    // Canonical, so that "inside the root" compares physical paths.
    auto locations = std::make_unique<CatalogLocations>(QFileInfo(absolute).canonicalFilePath());
    const CatalogLocations &where = *locations;
    const bool bootstrap = options.registerExistingTables;
    auto database = CatalogDatabase::open(
        locations->databaseFile(), [&](CatalogDatabase &created) -> std::optional<ApiError> {
            return bootstrap ? CatalogBootstrap(created, where).run() : std::nullopt;
        });
    if (!database) {
        return database.error();
    }
    // Rolls forward the manifest moves a crash left between a commit and its moves.
    if (auto problem = ManifestJournal(**database).recover()) {
        return *problem;
    }
    return std::unique_ptr<CatalogEngine>(
        new CatalogEngine(std::move(*database), std::move(locations)));
}

QString CatalogEngine::root() const
{
    return m_locations->root();
}

// Namespaces

Result<ListNamespacesResponse> CatalogEngine::listNamespaces(const ListNamespacesRequest &request)
{
    return named(m_namespaces->list(request), u"ListNamespaces"_s);
}

Result<DescribeNamespaceResponse>
CatalogEngine::describeNamespace(const DescribeNamespaceRequest &request)
{
    return named(m_namespaces->describe(request), u"DescribeNamespace"_s);
}

Result<CreateNamespaceResponse>
CatalogEngine::createNamespace(const CreateNamespaceRequest &request)
{
    return named(m_namespaces->create(request), u"CreateNamespace"_s);
}

Result<DropNamespaceResponse> CatalogEngine::dropNamespace(const DropNamespaceRequest &request)
{
    return named(m_namespaces->drop(request), u"DropNamespace"_s);
}

Result<ExistsResponse> CatalogEngine::namespaceExists(const NamespaceExistsRequest &request)
{
    return named(m_namespaces->exists(request), u"NamespaceExists"_s);
}

// Tables

Result<ListTablesResponse> CatalogEngine::listTables(const ListTablesRequest &request)
{
    return named(m_tables->list(request), u"ListTables"_s);
}

Result<DescribeTableResponse> CatalogEngine::describeTable(const DescribeTableRequest &request)
{
    return named(m_tables->describe(request), u"DescribeTable"_s);
}

Result<ExistsResponse> CatalogEngine::tableExists(const TableExistsRequest &request)
{
    return named(m_tables->exists(request), u"TableExists"_s);
}

Result<RegisterTableResponse> CatalogEngine::registerTable(const RegisterTableRequest &request)
{
    return named(m_tables->registerTable(request), u"RegisterTable"_s);
}

Result<DeclareTableResponse> CatalogEngine::declareTable(const DeclareTableRequest &request)
{
    return single<DeclareTableResponse>(m_commits->commitOne(request), u"DeclareTable"_s);
}

Result<DeregisterTableResponse>
CatalogEngine::deregisterTable(const DeregisterTableRequest &request)
{
    return single<DeregisterTableResponse>(m_commits->commitOne(request), u"DeregisterTable"_s);
}

Result<DropTableResponse> CatalogEngine::dropTable(const DropTableRequest &request)
{
    return named(m_tables->drop(request), u"DropTable"_s);
}

// Versions

Result<ListTableVersionsResponse>
CatalogEngine::listTableVersions(const ListTableVersionsRequest &request)
{
    return named(m_versions->list(request), u"ListTableVersions"_s);
}

Result<CreateTableVersionResponse>
CatalogEngine::createTableVersion(const CreateTableVersionRequest &request)
{
    return single<CreateTableVersionResponse>(m_commits->commitOne(request),
                                              u"CreateTableVersion"_s);
}

Result<DescribeTableVersionResponse>
CatalogEngine::describeTableVersion(const DescribeTableVersionRequest &request)
{
    return named(m_versions->describe(request), u"DescribeTableVersion"_s);
}

Result<BatchDeleteTableVersionsResponse>
CatalogEngine::batchDeleteTableVersions(const BatchDeleteTableVersionsRequest &request)
{
    return single<BatchDeleteTableVersionsResponse>(m_commits->commitOne(request),
                                                    u"BatchDeleteTableVersions"_s);
}

Result<BatchCreateTableVersionsResponse>
CatalogEngine::batchCreateTableVersions(const BatchCreateTableVersionsRequest &request)
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
        return named(Result<BatchCreateTableVersionsResponse>(committed.error()),
                     u"BatchCreateTableVersions"_s);
    }
    BatchCreateTableVersionsResponse response;
    response.versions.reserve(committed->results.size());
    for (const CommitTableResult &result : std::as_const(committed->results)) {
        response.versions.append(*std::get<CreateTableVersionResponse>(result).version);
    }
    return response;
}

Result<BatchCommitTablesResponse>
CatalogEngine::batchCommitTables(const BatchCommitTablesRequest &request)
{
    return named(m_commits->commitAll(request, u"operations"_s), u"BatchCommitTables"_s);
}

// Tags

Result<ListTableTagsResponse> CatalogEngine::listTableTags(const ListTableTagsRequest &request)
{
    return named(m_tags->list(request), u"ListTableTags"_s);
}

Result<GetTableTagVersionResponse>
CatalogEngine::getTableTagVersion(const GetTableTagVersionRequest &request)
{
    return named(m_tags->version(request), u"GetTableTagVersion"_s);
}

Result<CreateTableTagResponse> CatalogEngine::createTableTag(const CreateTableTagRequest &request)
{
    return named(m_tags->create(request), u"CreateTableTag"_s);
}

Result<UpdateTableTagResponse> CatalogEngine::updateTableTag(const UpdateTableTagRequest &request)
{
    return named(m_tags->update(request), u"UpdateTableTag"_s);
}

Result<DeleteTableTagResponse> CatalogEngine::deleteTableTag(const DeleteTableTagRequest &request)
{
    return named(m_tags->remove(request), u"DeleteTableTag"_s);
}

} // namespace lance::engine
