// SPDX-License-Identifier: Apache-2.0
#include "rest/RestRequestBuilder.h"

#include "api/JsonCodec.h"
#include "rest/RestRoute.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace lance::rest {

namespace {

// Header entries of the context travel as headers (RestRoute::finish), not in the body.
template <typename Request> QByteArray jsonBody(Request copy)
{
    copy.context = RestRoute::bodyContext(copy.context);
    return api::json::encode(copy);
}

// Identifiers are shown as lists: the string form would hide a name that contains the delimiter.
QString describeIdentifier(const api::Identifier &id)
{
    QStringList quoted;
    for (const QString &name : id.names()) {
        quoted.append(u"\"%1\""_s.arg(name));
    }
    return u"[%1]"_s.arg(quoted.join(u", "_s));
}

std::optional<api::ApiError> checkNamespaceId(const api::Identifier &id, const QString &delimiter)
{
    if (auto problem = id.check(delimiter)) {
        return api::ApiError::invalidInput(
            RestRequestBuilder::tr("The namespace identifier %1 is not "
                                   "valid: %2")
                .arg(describeIdentifier(id), *problem));
    }
    return std::nullopt;
}

std::optional<api::ApiError> checkTableId(const api::Identifier &id, const QString &delimiter)
{
    if (id.isRoot()) {
        return api::ApiError::invalidInput(RestRequestBuilder::tr(
            "A table identifier needs at least one name; the root namespace is not a table."));
    }
    if (auto problem = id.check(delimiter)) {
        return api::ApiError::invalidInput(
            RestRequestBuilder::tr("The table identifier %1 is not valid: %2")
                .arg(describeIdentifier(id), *problem));
    }
    return std::nullopt;
}

// Batch routes have no path id, so every nested table is checked, and its position named.
std::optional<api::ApiError> checkBatchTableId(const api::Identifier &id, const QString &delimiter,
                                               qsizetype index)
{
    if (id.isRoot()) {
        return api::ApiError::invalidInput(
            RestRequestBuilder::tr("Entry %1 of the batch has no table identifier; every entry "
                                   "needs the table it acts on.")
                .arg(index + 1));
    }
    if (auto problem = id.check(delimiter)) {
        return api::ApiError::invalidInput(
            RestRequestBuilder::tr("The table identifier %1 in entry %2 of the batch is not "
                                   "valid: %3")
                // One multi-argument call: a name containing "%2" must stay as it is.
                .arg(describeIdentifier(id), QString::number(index + 1), *problem));
    }
    return std::nullopt;
}

std::optional<api::ApiError> checkTag(const QString &tag)
{
    if (tag.isEmpty()) {
        return api::ApiError::invalidInput(RestRequestBuilder::tr("The tag name is empty."));
    }
    return std::nullopt;
}

RestRoute namespaceRoute(const RestClientConfig &config, QString operation, QByteArray method,
                         const api::Identifier &id, const char *action, bool isRead)
{
    RestRoute route(std::move(operation), std::move(method),
                    "/v1/namespace/" + id.toPathSegment(config.delimiter) + '/' + action, isRead);
    route.refuseIfUnset(checkNamespaceId(id, config.delimiter));
    return route;
}

RestRoute tableRoute(const RestClientConfig &config, QString operation, const api::Identifier &id,
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

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::ListNamespacesRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"ListNamespaces"_s, "GET", request.id, "list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::DescribeNamespaceRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"DescribeNamespace"_s, "POST", request.id, "describe", true);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::CreateNamespaceRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"CreateNamespace"_s, "POST", request.id, "create", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::DropNamespaceRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"DropNamespace"_s, "POST", request.id, "drop", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::NamespaceExistsRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"NamespaceExists"_s, "POST", request.id, "exists", true);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

// Tables

api::Result<PreparedRequest> RestRequestBuilder::build(const api::ListTablesRequest &request) const
{
    RestRoute route
        = namespaceRoute(m_config, u"ListTables"_s, "GET", request.id, "table/list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    route.addQuery("include_declared", request.includeDeclared);
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::DescribeTableRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"DescribeTable"_s, request.id, "describe", true);
    route.addQuery("with_table_uri", request.withTableUri);
    route.addQuery("load_detailed_metadata", request.loadDetailedMetadata);
    route.addQuery("check_declared", request.checkDeclared);
    // The spec makes the query flags override the body's; sending them once avoids a mismatch.
    api::DescribeTableRequest body = request;
    body.withTableUri.reset();
    body.loadDetailedMetadata.reset();
    body.checkDeclared.reset();
    route.setBody(jsonBody(std::move(body)));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest> RestRequestBuilder::build(const api::TableExistsRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"TableExists"_s, request.id, "exists", true);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::RegisterTableRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"RegisterTable"_s, request.id, "register", false);
    if (request.location.isEmpty()) {
        route.refuseIfUnset(api::ApiError::invalidInput(tr(
            "The table location is empty; registering a table needs the location of its data.")));
    }
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::DeclareTableRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"DeclareTable"_s, request.id, "declare", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::DeregisterTableRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"DeregisterTable"_s, request.id, "deregister", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest> RestRequestBuilder::build(const api::DropTableRequest &request) const
{
    // No body: the spec defines none for DropTable (everything is in the path).
    RestRoute route = tableRoute(m_config, u"DropTable"_s, request.id, "drop", false);
    return route.finish(m_config, request.context);
}

// Versions

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::ListTableVersionsRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"ListTableVersions"_s, request.id, "version/list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    route.addQuery("descending", request.descending);
    route.addQuery("branch", request.branch);
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::CreateTableVersionRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"CreateTableVersion"_s, request.id, "version/create", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::DescribeTableVersionRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"DescribeTableVersion"_s, request.id, "version/describe", true);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::BatchDeleteTableVersionsRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"BatchDeleteTableVersions"_s, request.id, "version/delete", false);
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::BatchCreateTableVersionsRequest &request) const
{
    RestRoute route(u"BatchCreateTableVersions"_s, "POST", "/v1/table/version/batch-create", false);
    if (request.entries.isEmpty()) {
        route.refuseIfUnset(api::ApiError::invalidInput(
            tr("The batch has no entries; there are no table versions to create.")));
    }
    for (qsizetype i = 0; i < request.entries.size(); ++i) {
        route.refuseIfUnset(checkBatchTableId(request.entries.at(i).id, m_config.delimiter, i));
    }
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::BatchCommitTablesRequest &request) const
{
    RestRoute route(u"BatchCommitTables"_s, "POST", "/v1/table/batch-commit", false);
    if (request.operations.isEmpty()) {
        route.refuseIfUnset(api::ApiError::invalidInput(
            tr("The batch has no operations; there is nothing to commit.")));
    }
    for (qsizetype i = 0; i < request.operations.size(); ++i) {
        route.refuseIfUnset(checkBatchTableId(api::commitOperationTarget(request.operations.at(i)),
                                              m_config.delimiter, i));
    }
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

// Tags

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::ListTableTagsRequest &request) const
{
    // The spec says POST without a body; the reference server routes GET (RestClient falls back).
    RestRoute route = tableRoute(m_config, u"ListTableTags"_s, request.id, "tags/list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::GetTableTagVersionRequest &request) const
{
    RestRoute route
        = tableRoute(m_config, u"GetTableTagVersion"_s, request.id, "tags/version", true);
    route.refuseIfUnset(checkTag(request.tag));
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::CreateTableTagRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"CreateTableTag"_s, request.id, "tags/create", false);
    route.refuseIfUnset(checkTag(request.tag));
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::UpdateTableTagRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"UpdateTableTag"_s, request.id, "tags/update", false);
    route.refuseIfUnset(checkTag(request.tag));
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

api::Result<PreparedRequest>
RestRequestBuilder::build(const api::DeleteTableTagRequest &request) const
{
    RestRoute route = tableRoute(m_config, u"DeleteTableTag"_s, request.id, "tags/delete", false);
    route.refuseIfUnset(checkTag(request.tag));
    route.setBody(jsonBody(request));
    return route.finish(m_config, request.context);
}

} // namespace lance::rest
