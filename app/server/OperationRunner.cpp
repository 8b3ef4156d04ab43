// SPDX-License-Identifier: Apache-2.0
#include "OperationRunner.h"

#include "ErrorAnswer.h"
#include "api/JsonCodec.h"
#include "engine/CatalogEngine.h"

#include <QStringList>

#include <concepts>

using namespace Qt::StringLiterals;

namespace lance::server {

using engine::CatalogEngine;

namespace {

template <typename Request>
concept HasPathId = requires(Request request)
{
    {
        request.id
        } -> std::same_as<api::Identifier &>;
};

// Identifiers are shown as lists: the string form would hide a name holding the delimiter.
QString quoted(const api::Identifier &id)
{
    return id.isRoot() ? u"[]"_s : u"[\"%1\"]"_s.arg(id.names().join(u"\", \""_s));
}

// The REST-only query parameters; they override what the body says (spec DescribeTable).
void applyQuery(const QueryParameters &query, api::ListNamespacesRequest &request)
{
    request.pageToken = query.pageToken;
    request.limit = query.limit;
}

void applyQuery(const QueryParameters &query, api::ListTablesRequest &request)
{
    request.pageToken = query.pageToken;
    request.limit = query.limit;
    request.includeDeclared = query.includeDeclared;
}

void applyQuery(const QueryParameters &query, api::DescribeTableRequest &request)
{
    if (query.withTableUri) {
        request.withTableUri = query.withTableUri;
    }
    if (query.loadDetailedMetadata) {
        request.loadDetailedMetadata = query.loadDetailedMetadata;
    }
    if (query.checkDeclared) {
        request.checkDeclared = query.checkDeclared;
    }
}

void applyQuery(const QueryParameters &query, api::ListTableVersionsRequest &request)
{
    request.pageToken = query.pageToken;
    request.limit = query.limit;
    request.descending = query.descending;
    request.branch = query.branch;
}

void applyQuery(const QueryParameters &query, api::ListTableTagsRequest &request)
{
    request.pageToken = query.pageToken;
    request.limit = query.limit;
}

template <typename Request> void applyQuery(const QueryParameters &, Request &) {}

// Fills `request` from the body, the path and the query; an answer when the input is refused.
template <typename Request>
std::optional<HttpAnswer> prepare(const Route &route, const OperationInput &input, Request &request)
{
    if (route.body == Route::Body::Json) {
        // The spec marks these bodies required; a client with nothing to say sends `{}`.
        if (input.body.trimmed().isEmpty()) {
            return ErrorAnswer::make(
                400, api::ErrorCode::InvalidInput,
                OperationRunner::tr("%1 needs a JSON request body; send {} when every field is "
                                    "left out.")
                    .arg(route.name()),
                input.instance);
        }
        if (std::optional<api::ApiError> error = api::json::decodeInto(input.body, request)) {
            return ErrorAnswer::make(
                400, api::ErrorCode::InvalidInput,
                OperationRunner::tr("The request body is not a valid %1 request: %2")
                    .arg(route.name(), error->detail()),
                input.instance);
        }
    }
    if constexpr (HasPathId<Request>) {
        if (!request.id.isRoot() && request.id != input.pathId) {
            return ErrorAnswer::make(
                400, api::ErrorCode::InvalidInput,
                OperationRunner::tr("The body's id %1 is not the id %2 of the request path.")
                    .arg(quoted(request.id), quoted(input.pathId)),
                input.instance);
        }
        request.id = input.pathId;
    }
    applyQuery(input.query, request);
    return std::nullopt;
}

template <typename Request, typename Response>
HttpAnswer call(const Route &route, const OperationInput &input, CatalogEngine &engine,
                api::Result<Response> (CatalogEngine::*method)(const Request &))
{
    Request request;
    if (std::optional<HttpAnswer> refused = prepare(route, input, request)) {
        return *refused;
    }
    api::Result<Response> result = (engine.*method)(request);
    if (!result) {
        return ErrorAnswer::fromApiError(result.error(), input.instance);
    }
    return HttpAnswer::json(200, api::json::encode(*result));
}

// The exists operations: 200 without a body, or 404 with the code of what is missing.
template <typename Request>
HttpAnswer callExists(const Route &route, const OperationInput &input, CatalogEngine &engine,
                      api::Result<api::ExistsResponse> (CatalogEngine::*method)(const Request &),
                      api::ErrorCode missingCode, const QString &missingText)
{
    Request request;
    if (std::optional<HttpAnswer> refused = prepare(route, input, request)) {
        return *refused;
    }
    api::Result<api::ExistsResponse> result = (engine.*method)(request);
    if (!result) {
        return ErrorAnswer::fromApiError(result.error(), input.instance);
    }
    if (!result->exists) {
        return ErrorAnswer::make(404, missingCode, missingText.arg(quoted(request.id)),
                                 input.instance);
    }
    return HttpAnswer::empty(200);
}

} // namespace

HttpAnswer OperationRunner::run(const Route &route, const OperationInput &input,
                                CatalogEngine &engine)
{
    switch (route.operation) {
    case Operation::ListNamespaces:
        return call(route, input, engine, &CatalogEngine::listNamespaces);
    case Operation::DescribeNamespace:
        return call(route, input, engine, &CatalogEngine::describeNamespace);
    case Operation::CreateNamespace:
        return call(route, input, engine, &CatalogEngine::createNamespace);
    case Operation::DropNamespace:
        return call(route, input, engine, &CatalogEngine::dropNamespace);
    case Operation::NamespaceExists:
        return callExists(route, input, engine, &CatalogEngine::namespaceExists,
                          api::ErrorCode::NamespaceNotFound,
                          tr("The namespace %1 does not exist."));
    case Operation::ListTables:
        return call(route, input, engine, &CatalogEngine::listTables);
    case Operation::DescribeTable:
        return call(route, input, engine, &CatalogEngine::describeTable);
    case Operation::TableExists:
        return callExists(route, input, engine, &CatalogEngine::tableExists,
                          api::ErrorCode::TableNotFound, tr("The table %1 does not exist."));
    case Operation::RegisterTable:
        return call(route, input, engine, &CatalogEngine::registerTable);
    case Operation::DeclareTable:
        return call(route, input, engine, &CatalogEngine::declareTable);
    case Operation::DeregisterTable:
        return call(route, input, engine, &CatalogEngine::deregisterTable);
    case Operation::DropTable:
        return call(route, input, engine, &CatalogEngine::dropTable);
    case Operation::ListTableVersions:
        return call(route, input, engine, &CatalogEngine::listTableVersions);
    case Operation::CreateTableVersion:
        return call(route, input, engine, &CatalogEngine::createTableVersion);
    case Operation::DescribeTableVersion:
        return call(route, input, engine, &CatalogEngine::describeTableVersion);
    case Operation::BatchDeleteTableVersions:
        return call(route, input, engine, &CatalogEngine::batchDeleteTableVersions);
    case Operation::BatchCreateTableVersions:
        return call(route, input, engine, &CatalogEngine::batchCreateTableVersions);
    case Operation::BatchCommitTables:
        return call(route, input, engine, &CatalogEngine::batchCommitTables);
    case Operation::ListTableTags:
        return call(route, input, engine, &CatalogEngine::listTableTags);
    case Operation::GetTableTagVersion:
        return call(route, input, engine, &CatalogEngine::getTableTagVersion);
    case Operation::CreateTableTag:
        return call(route, input, engine, &CatalogEngine::createTableTag);
    case Operation::UpdateTableTag:
        return call(route, input, engine, &CatalogEngine::updateTableTag);
    case Operation::DeleteTableTag:
        return call(route, input, engine, &CatalogEngine::deleteTableTag);
    }
    Q_UNREACHABLE();
}

} // namespace lance::server
