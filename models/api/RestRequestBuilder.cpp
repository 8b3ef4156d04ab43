// SPDX-License-Identifier: Apache-2.0
#include "api/RestRequestBuilder.h"

#include "api/JsonCodec.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace lance::api {

namespace {

// Context keys the spec (`header.`) and the Lance SDKs (`headers.`) turn into request headers.
constexpr QStringView HeaderPrefixes[] = {u"header.", u"headers."};

std::optional<QString> headerNameOf(const QString &contextKey)
{
    for (const QStringView prefix : HeaderPrefixes) {
        if (contextKey.startsWith(prefix)) {
            return contextKey.mid(prefix.size());
        }
    }
    return std::nullopt;
}

// The context entries that stay in the JSON body: everything but the header entries.
StringMap bodyContext(const StringMap &context)
{
    StringMap kept;
    for (auto it = context.cbegin(); it != context.cend(); ++it) {
        if (!headerNameOf(it.key())) {
            kept.insert(it.key(), it.value());
        }
    }
    return kept;
}

template <typename Request> QByteArray jsonBody(Request copy)
{
    copy.context = bodyContext(copy.context);
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

QByteArray boolText(bool value)
{
    return value ? QByteArrayLiteral("true") : QByteArrayLiteral("false");
}

// Sub-delimiters that are safe inside a query value stay readable (`delimiter=$`, as the Lance
// client sends it); `&`, `=`, `+`, `#` and `%` are encoded so the value cannot split the query.
QByteArray queryValue(const QString &value)
{
    return QUrl::toPercentEncoding(value, "$:@,;/!*'()");
}

struct Route
{
    QString operation; //!< spec operationId
    QByteArray method = "POST";
    QByteArray path; //!< `/v1/...`, already percent-encoded
    QList<QPair<QByteArray, QByteArray>> query;
    std::optional<QByteArray> body;
    bool isRead = false;
    std::optional<ApiError> problem; //!< refuse instead of sending

    void addQuery(QByteArray name, const std::optional<QString> &value)
    {
        // An empty page token means "from the start": sending `page_token=` could confuse that.
        if (value && !value->isEmpty()) {
            query.append({std::move(name), queryValue(*value)});
        }
    }
    void addQuery(QByteArray name, std::optional<qint64> value)
    {
        if (value) {
            query.append({std::move(name), QByteArray::number(*value)});
        }
    }
    void addQuery(QByteArray name, std::optional<bool> value)
    {
        if (value) {
            query.append({std::move(name), boolText(*value)});
        }
    }
    void refuseIfUnset(std::optional<ApiError> error)
    {
        if (!problem && error) {
            problem = std::move(error);
        }
    }
};

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

Route namespaceRoute(const RestClientConfig &config, QString operation, QByteArray method,
                     const Identifier &id, const char *action, bool isRead)
{
    Route route;
    route.operation = std::move(operation);
    route.method = std::move(method);
    route.isRead = isRead;
    route.path = "/v1/namespace/" + id.toPathSegment(config.delimiter) + '/' + action;
    route.refuseIfUnset(checkNamespaceId(id, config.delimiter));
    return route;
}

Route tableRoute(const RestClientConfig &config, QString operation, const Identifier &id,
                 const char *action, bool isRead)
{
    Route route;
    route.operation = std::move(operation);
    route.isRead = isRead;
    route.path = "/v1/table/" + id.toPathSegment(config.delimiter) + '/' + action;
    route.refuseIfUnset(checkTableId(id, config.delimiter));
    return route;
}

using Headers = QList<QPair<QByteArray, QByteArray>>;

qsizetype indexOfHeader(const Headers &headers, QByteArrayView name, qsizetype from = 0)
{
    for (qsizetype i = from; i < headers.size(); ++i) {
        if (headers.at(i).first.compare(name, Qt::CaseInsensitive) == 0) {
            return i;
        }
    }
    return -1;
}

// The headers the builder sets itself come first and cannot be replaced; a later header of the
// same name replaces an earlier extra or context header.
void setHeader(Headers &headers, qsizetype builtInCount, QByteArray name, QByteArray value)
{
    const qsizetype at = indexOfHeader(headers, name);
    if (at >= 0 && at < builtInCount) {
        return;
    }
    if (at >= 0) {
        headers[at].second = std::move(value);
        return;
    }
    headers.append({std::move(name), std::move(value)});
}

Result<PreparedRequest> finish(const RestClientConfig &config, const Route &route,
                               const StringMap &context)
{
    if (route.problem) {
        return *route.problem;
    }
    PreparedRequest request;
    request.operation = route.operation;
    request.method = route.method;
    request.isRead = route.isRead;

    QByteArray prefix = config.baseUrl.path(QUrl::FullyEncoded).toUtf8();
    while (prefix.endsWith('/')) {
        prefix.chop(1);
    }
    QByteArray encoded
        = config.baseUrl.toEncoded(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment)
          + prefix + route.path + "?delimiter=" + queryValue(config.delimiter);
    for (const auto &[name, value] : route.query) {
        encoded += '&' + name + '=' + value;
    }
    // fromEncoded keeps `%24` and `%2F` in the path as they are; QUrl(QString) could decode them.
    request.url = QUrl::fromEncoded(encoded, QUrl::StrictMode);
    if (!request.url.isValid() || request.url.host().isEmpty()) {
        return ApiError::invalidInput(
            RestRequestBuilder::tr("No request URL can be built from the server URL \"%1\".")
                .arg(config.baseUrl.toDisplayString(QUrl::RemoveUserInfo)));
    }

    Headers headers;
    headers.emplaceBack("Accept", "application/json");
    if (route.body) {
        headers.emplaceBack("Content-Type", "application/json");
        request.body = *route.body;
        request.hasBody = true;
    }
    headers.emplaceBack("User-Agent", "LanceCatalogBrowser/" LCB_VERSION);
    switch (config.auth) {
    case AuthMethod::None:
        break;
    case AuthMethod::ApiKey:
        headers.emplaceBack("x-api-key", config.secret.toUtf8());
        break;
    case AuthMethod::BearerToken:
        headers.emplaceBack("Authorization", "Bearer " + config.secret.toUtf8());
        break;
    }
    const qsizetype builtInCount = headers.size();
    for (const auto &[name, value] : config.extraHeaders) {
        if (!RestRequestBuilder::isValidHeaderName(name)
            || !RestRequestBuilder::isValidHeaderValue(value)) {
            return ApiError::invalidInput(
                RestRequestBuilder::tr("The extra header \"%1\" cannot be sent: its name or value "
                                       "is not valid in HTTP.")
                    .arg(QString::fromUtf8(name).simplified()));
        }
        setHeader(headers, builtInCount, name, value);
    }
    for (auto it = context.cbegin(); it != context.cend(); ++it) {
        const std::optional<QString> name = headerNameOf(it.key());
        if (!name) {
            continue;
        }
        const QByteArray nameBytes = name->toUtf8();
        const QByteArray valueBytes = it.value().toUtf8();
        if (!RestRequestBuilder::isValidHeaderName(nameBytes)
            || !RestRequestBuilder::isValidHeaderValue(valueBytes)) {
            return ApiError::invalidInput(
                RestRequestBuilder::tr("The context entry \"%1\" cannot be sent as an HTTP "
                                       "header: its name or value is not valid in HTTP.")
                    .arg(it.key().simplified()));
        }
        setHeader(headers, builtInCount, nameBytes, valueBytes);
    }
    request.headers = std::move(headers);
    return request;
}

} // namespace

RestRequestBuilder::RestRequestBuilder(RestClientConfig config)
    : m_config(std::move(config))
{}

bool RestRequestBuilder::isValidHeaderName(QByteArrayView name)
{
    if (name.isEmpty()) {
        return false;
    }
    static constexpr QByteArrayView Symbols("!#$%&'*+-.^_`|~");
    for (const char c : name) {
        const bool alphanumeric
            = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alphanumeric && !Symbols.contains(c)) {
            return false;
        }
    }
    return true;
}

bool RestRequestBuilder::isValidHeaderValue(QByteArrayView value)
{
    return !value.contains('\r') && !value.contains('\n') && !value.contains('\0');
}

// Namespaces

Result<PreparedRequest> RestRequestBuilder::build(const ListNamespacesRequest &request) const
{
    Route route = namespaceRoute(m_config, u"ListNamespaces"_s, "GET", request.id, "list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DescribeNamespaceRequest &request) const
{
    Route route
        = namespaceRoute(m_config, u"DescribeNamespace"_s, "POST", request.id, "describe", true);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const CreateNamespaceRequest &request) const
{
    Route route
        = namespaceRoute(m_config, u"CreateNamespace"_s, "POST", request.id, "create", false);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DropNamespaceRequest &request) const
{
    Route route = namespaceRoute(m_config, u"DropNamespace"_s, "POST", request.id, "drop", false);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const NamespaceExistsRequest &request) const
{
    Route route
        = namespaceRoute(m_config, u"NamespaceExists"_s, "POST", request.id, "exists", true);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

// Tables

Result<PreparedRequest> RestRequestBuilder::build(const ListTablesRequest &request) const
{
    Route route = namespaceRoute(m_config, u"ListTables"_s, "GET", request.id, "table/list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    route.addQuery("include_declared", request.includeDeclared);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DescribeTableRequest &request) const
{
    Route route = tableRoute(m_config, u"DescribeTable"_s, request.id, "describe", true);
    route.addQuery("with_table_uri", request.withTableUri);
    route.addQuery("load_detailed_metadata", request.loadDetailedMetadata);
    route.addQuery("check_declared", request.checkDeclared);
    // The spec makes the query flags override the body's; sending them once avoids a mismatch.
    DescribeTableRequest body = request;
    body.withTableUri.reset();
    body.loadDetailedMetadata.reset();
    body.checkDeclared.reset();
    route.body = jsonBody(std::move(body));
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const TableExistsRequest &request) const
{
    Route route = tableRoute(m_config, u"TableExists"_s, request.id, "exists", true);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const RegisterTableRequest &request) const
{
    Route route = tableRoute(m_config, u"RegisterTable"_s, request.id, "register", false);
    if (request.location.isEmpty()) {
        route.refuseIfUnset(ApiError::invalidInput(tr(
            "The table location is empty; registering a table needs the location of its data.")));
    }
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DeclareTableRequest &request) const
{
    Route route = tableRoute(m_config, u"DeclareTable"_s, request.id, "declare", false);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DeregisterTableRequest &request) const
{
    Route route = tableRoute(m_config, u"DeregisterTable"_s, request.id, "deregister", false);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DropTableRequest &request) const
{
    // No body: the spec defines none for DropTable (everything is in the path).
    Route route = tableRoute(m_config, u"DropTable"_s, request.id, "drop", false);
    return finish(m_config, route, request.context);
}

// Versions

Result<PreparedRequest> RestRequestBuilder::build(const ListTableVersionsRequest &request) const
{
    Route route = tableRoute(m_config, u"ListTableVersions"_s, request.id, "version/list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    route.addQuery("descending", request.descending);
    route.addQuery("branch", request.branch);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const CreateTableVersionRequest &request) const
{
    Route route
        = tableRoute(m_config, u"CreateTableVersion"_s, request.id, "version/create", false);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DescribeTableVersionRequest &request) const
{
    Route route
        = tableRoute(m_config, u"DescribeTableVersion"_s, request.id, "version/describe", true);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest>
RestRequestBuilder::build(const BatchDeleteTableVersionsRequest &request) const
{
    Route route
        = tableRoute(m_config, u"BatchDeleteTableVersions"_s, request.id, "version/delete", false);
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest>
RestRequestBuilder::build(const BatchCreateTableVersionsRequest &request) const
{
    Route route;
    route.operation = u"BatchCreateTableVersions"_s;
    route.path = "/v1/table/version/batch-create";
    if (request.entries.isEmpty()) {
        route.refuseIfUnset(ApiError::invalidInput(
            tr("The batch has no entries; there are no table versions to create.")));
    }
    for (qsizetype i = 0; i < request.entries.size(); ++i) {
        route.refuseIfUnset(checkBatchTableId(request.entries.at(i).id, m_config.delimiter, i));
    }
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const BatchCommitTablesRequest &request) const
{
    Route route;
    route.operation = u"BatchCommitTables"_s;
    route.path = "/v1/table/batch-commit";
    if (request.operations.isEmpty()) {
        route.refuseIfUnset(
            ApiError::invalidInput(tr("The batch has no operations; there is nothing to commit.")));
    }
    for (qsizetype i = 0; i < request.operations.size(); ++i) {
        route.refuseIfUnset(checkBatchTableId(commitOperationTarget(request.operations.at(i)),
                                              m_config.delimiter, i));
    }
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

// Tags

Result<PreparedRequest> RestRequestBuilder::build(const ListTableTagsRequest &request) const
{
    // The spec says POST without a body; the reference server routes GET (RestClient falls back).
    Route route = tableRoute(m_config, u"ListTableTags"_s, request.id, "tags/list", true);
    route.addQuery("page_token", request.pageToken);
    route.addQuery("limit", request.limit);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const GetTableTagVersionRequest &request) const
{
    Route route = tableRoute(m_config, u"GetTableTagVersion"_s, request.id, "tags/version", true);
    route.refuseIfUnset(checkTag(request.tag));
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const CreateTableTagRequest &request) const
{
    Route route = tableRoute(m_config, u"CreateTableTag"_s, request.id, "tags/create", false);
    route.refuseIfUnset(checkTag(request.tag));
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const UpdateTableTagRequest &request) const
{
    Route route = tableRoute(m_config, u"UpdateTableTag"_s, request.id, "tags/update", false);
    route.refuseIfUnset(checkTag(request.tag));
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

Result<PreparedRequest> RestRequestBuilder::build(const DeleteTableTagRequest &request) const
{
    Route route = tableRoute(m_config, u"DeleteTableTag"_s, request.id, "tags/delete", false);
    route.refuseIfUnset(checkTag(request.tag));
    route.body = jsonBody(request);
    return finish(m_config, route, request.context);
}

} // namespace lance::api
