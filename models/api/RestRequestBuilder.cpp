// SPDX-License-Identifier: Apache-2.0
#include "api/RestRequestBuilder.h"

#include "api/JsonCodec.h"
#include "api/RestRoute.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace lance::api {

namespace {

// Header entries of the context travel as headers (RestRoute::finish), not in the body.
template <typename Request> QByteArray jsonBody(Request copy)
{
    copy.context = RestRoute::bodyContext(copy.context);
    return json::encode(copy);
}

// Identifiers are shown as lists: the string form would hide a name that contains the delimiter.
QString describeIdentifier(const Identifier &id)
{
    QStringList quoted;
    for (const QString &name : id.names()) {
        quoted.append(u"\"%1\""_s.arg(name));
    }
    return u"[%1]"_s.arg(quoted.join(u", "_s));
}

std::optional<ApiError> checkNamespaceId(const Identifier &id, const QString &delimiter)
{
    if (auto problem = id.check(delimiter)) {
        return ApiError::invalidInput(RestRequestBuilder::tr("The namespace identifier %1 is not "
                                                             "valid: %2")
                                          .arg(describeIdentifier(id), *problem));
    }
    return std::nullopt;
}

std::optional<ApiError> checkTableId(const Identifier &id, const QString &delimiter)
{
    if (id.isRoot()) {
        return ApiError::invalidInput(RestRequestBuilder::tr(
            "A table identifier needs at least one name; the root namespace is not a table."));
    }
    if (auto problem = id.check(delimiter)) {
        return ApiError::invalidInput(
            RestRequestBuilder::tr("The table identifier %1 is not valid: %2")
                .arg(describeIdentifier(id), *problem));
    }
    return std::nullopt;
}

// Batch routes have no path id, so every nested table is checked, and its position named.
std::optional<ApiError> checkBatchTableId(const Identifier &id, const QString &delimiter,
                                          qsizetype index)
{
    if (id.isRoot()) {
        return ApiError::invalidInput(
            RestRequestBuilder::tr("Entry %1 of the batch has no table identifier; every entry "
                                   "needs the table it acts on.")
                .arg(index + 1));
    }
    if (auto problem = id.check(delimiter)) {
        return ApiError::invalidInput(
            RestRequestBuilder::tr("The table identifier %1 in entry %2 of the batch is not "
                                   "valid: %3")
                // One multi-argument call: a name containing "%2" must stay as it is.
                .arg(describeIdentifier(id), QString::number(index + 1), *problem));
    }
    return std::nullopt;
}

std::optional<ApiError> checkTag(const QString &tag)
{
    if (tag.isEmpty()) {
        return ApiError::invalidInput(RestRequestBuilder::tr("The tag name is empty."));
    }
    return std::nullopt;
}

RestRoute namespaceRoute(const RestClientConfig &config, QString operation, QByteArray method,
                         const Identifier &id, const char *action, bool isRead)
{
    RestRoute route(std::move(operation), std::move(method),
                    "/v1/namespace/" + id.toPathSegment(config.delimiter) + '/' + action, isRead);
    route.refuseIfUnset(checkNamespaceId(id, config.delimiter));
    return route;
}

RestRoute tableRoute(const RestClientConfig &config, QString operation, const Identifier &id,
                     const char *action, bool isRead)
{
    RestRoute route(std::move(operation), "POST",
                    "/v1/table/" + id.toPathSegment(config.delimiter) + '/' + action, isRead);
    route.refuseIfUnset(checkTableId(id, config.delimiter));
    return route;
}

} // namespace

RestRequestBuilder::RestRequestBuilder(RestClientConfig config)
    : m_config(std::move(config))
{}

bool RestRequestBuilder::isValidHeaderName(QByteArrayView name)
{
    return RestRoute::isValidHeaderName(name);
}

bool RestRequestBuilder::isValidHeaderValue(QByteArrayView value)
{
    return RestRoute::isValidHeaderValue(value);
}

// Namespaces

Result<PreparedRequest> RestRequestBuilder::build(const ListNamespacesRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"ListNamespaces"_s, "GET", request.id, "list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DescribeNamespaceRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"DescribeNamespace"_s, "POST", request.id, "describe", true);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const CreateNamespaceRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"CreateNamespace"_s, "POST", request.id, "create", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DropNamespaceRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"DropNamespace"_s, "POST", request.id, "drop", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const NamespaceExistsRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"NamespaceExists"_s, "POST", request.id, "exists", true);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

// Tables

Result<PreparedRequest> RestRequestBuilder::build(const ListTablesRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"ListTables"_s, "GET", request.id, "table/list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    route.addQuery("include_declared", request.includeDeclared);
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DescribeTableRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"DescribeTable"_s, request.id, "describe", true);
    route.addQuery("with_table_uri", request.withTableUri);
    route.addQuery("load_detailed_metadata", request.loadDetailedMetadata);
    route.addQuery("check_declared", request.checkDeclared);
    // The spec makes the query flags override the body's; sending them once avoids a mismatch.
    DescribeTableRequest body = request;
    body.withTableUri.reset();
    body.loadDetailedMetadata.reset();
    body.checkDeclared.reset();
    route.setBody(jsonBody(std::move(body)));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const TableExistsRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"TableExists"_s, request.id, "exists", true);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const RegisterTableRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"RegisterTable"_s, request.id, "register", false);
    if (request.location.isEmpty()) {
        route.refuseIfUnset(ApiError::invalidInput(tr(
            "The table location is empty; registering a table needs the location of its data.")));
    }
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DeclareTableRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"DeclareTable"_s, request.id, "declare", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DeregisterTableRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"DeregisterTable"_s, request.id, "deregister", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DropTableRequest &request) const
{
    // No body: the spec defines none for DropTable (everything is in the path).
    RestRoute route = tableRoute(m_config, u"DropTable"_s, request.id, "drop", false);
    return route.finish(m_config, request.context);
}

// Versions

Result<PreparedRequest> RestRequestBuilder::build(const ListTableVersionsRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"ListTableVersions"_s, request.id, "version/list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    route.addQuery("descending", request.descending);
    route.addQuery("branch", request.branch);
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const CreateTableVersionRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"CreateTableVersion"_s, request.id, "version/create", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DescribeTableVersionRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"DescribeTableVersion"_s, request.id, "version/describe", true);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest>
RestRequestBuilder::build(const BatchDeleteTableVersionsRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"BatchDeleteTableVersions"_s, request.id, "version/delete", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest>
RestRequestBuilder::build(const BatchCreateTableVersionsRequest &request) const
{
    RestRoute route(u"BatchCreateTableVersions"_s, "POST", "/v1/table/version/batch-create", false);
    if (request.entries.isEmpty()) {
        route.refuseIfUnset(ApiError::invalidInput(
            tr("The batch has no entries; there are no table versions to create.")));
    }
    for (qsizetype i = 0; i < request.entries.size(); ++i) {
        route.refuseIfUnset(checkBatchTableId(request.entries.at(i).id, m_config.delimiter, i));
    }
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const BatchCommitTablesRequest &request) const
{
    RestRoute route(u"BatchCommitTables"_s, "POST", "/v1/table/batch-commit", false);
    if (request.operations.isEmpty()) {
        route.refuseIfUnset(
            ApiError::invalidInput(tr("The batch has no operations; there is nothing to commit.")));
    }
    for (qsizetype i = 0; i < request.operations.size(); ++i) {
        route.refuseIfUnset(checkBatchTableId(commitOperationTarget(request.operations.at(i)),
                                              m_config.delimiter, i));
    }
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

// Tags

Result<PreparedRequest> RestRequestBuilder::build(const ListTableTagsRequest &request) const
{
    // The spec says POST without a body; the reference server routes GET (RestClient falls back).
    RestRoute route = tableRoute(m_config, u"ListTableTags"_s, request.id, "tags/list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const GetTableTagVersionRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"GetTableTagVersion"_s, request.id, "tags/version", true);
    route.refuseIfUnset(checkTag(request.tag));
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const CreateTableTagRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"CreateTableTag"_s, request.id, "tags/create", false);
    route.refuseIfUnset(checkTag(request.tag));
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const UpdateTableTagRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"UpdateTableTag"_s, request.id, "tags/update", false);
    route.refuseIfUnset(checkTag(request.tag));
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DeleteTableTagRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"DeleteTableTag"_s, request.id, "tags/delete", false);
    route.refuseIfUnset(checkTag(request.tag));
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

} // namespace lance::api
