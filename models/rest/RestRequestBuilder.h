// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/NamespaceMessages.h"
#include "api/Result.h"
#include "api/TableMessages.h"
#include "api/TagMessages.h"
#include "api/VersionMessages.h"
#include "rest/PreparedRequest.h"
#include "rest/RestClientConfig.h"

#include <QCoreApplication>

namespace lance::rest {

/// Turns each request message into the exact HTTP request of the REST binding (method, URL,
/// headers, body), without any I/O. The same input always gives the same bytes, so a dry run can
/// print what would be sent.
///
/// URL: base URL + its path prefix + `/v1/...` route + `?delimiter=<d>` + the operation's other
/// query parameters. The `{id}` segment stays percent-encoded (`$` as `%24`, `/` as `%2F`).
/// Body: JSON for the JSON routes (at least `{}`, with `id` equal to the path's names, as the
/// Lance client sends it); nothing for ListNamespaces, ListTables, DropTable, ListTableVersions
/// and ListTableTags. Headers: `Accept`, `Content-Type` with a body, `User-Agent`, the auth
/// header, then the configured extra headers, then the request context's `header.<name>` (or
/// `headers.<name>`) entries; neither extra nor context headers can replace a header the builder
/// set itself. Other context entries travel in the body's `context`.
///
/// Refused with kind InvalidInput, naming the identifier: an identifier with an invalid name, a
/// table identifier without names, a batch without operations or with an invalid table, an
/// invalid context header.
class RestRequestBuilder
{
    Q_DECLARE_TR_FUNCTIONS(RestRequestBuilder)

public:
    explicit RestRequestBuilder(RestClientConfig config);

    const RestClientConfig &config() const { return m_config; }

    // Namespaces
    api::Result<PreparedRequest> build(const api::ListNamespacesRequest &request) const;
    api::Result<PreparedRequest> build(const api::DescribeNamespaceRequest &request) const;
    api::Result<PreparedRequest> build(const api::CreateNamespaceRequest &request) const;
    api::Result<PreparedRequest> build(const api::DropNamespaceRequest &request) const;
    api::Result<PreparedRequest> build(const api::NamespaceExistsRequest &request) const;
    // Tables
    api::Result<PreparedRequest> build(const api::ListTablesRequest &request) const;
    api::Result<PreparedRequest> build(const api::DescribeTableRequest &request) const;
    api::Result<PreparedRequest> build(const api::TableExistsRequest &request) const;
    api::Result<PreparedRequest> build(const api::RegisterTableRequest &request) const;
    api::Result<PreparedRequest> build(const api::DeclareTableRequest &request) const;
    api::Result<PreparedRequest> build(const api::DeregisterTableRequest &request) const;
    api::Result<PreparedRequest> build(const api::DropTableRequest &request) const;
    // Versions
    api::Result<PreparedRequest> build(const api::ListTableVersionsRequest &request) const;
    api::Result<PreparedRequest> build(const api::CreateTableVersionRequest &request) const;
    api::Result<PreparedRequest> build(const api::DescribeTableVersionRequest &request) const;
    api::Result<PreparedRequest> build(const api::BatchDeleteTableVersionsRequest &request) const;
    api::Result<PreparedRequest> build(const api::BatchCreateTableVersionsRequest &request) const;
    api::Result<PreparedRequest> build(const api::BatchCommitTablesRequest &request) const;
    // Tags
    api::Result<PreparedRequest> build(const api::ListTableTagsRequest &request) const;
    api::Result<PreparedRequest> build(const api::GetTableTagVersionRequest &request) const;
    api::Result<PreparedRequest> build(const api::CreateTableTagRequest &request) const;
    api::Result<PreparedRequest> build(const api::UpdateTableTagRequest &request) const;
    api::Result<PreparedRequest> build(const api::DeleteTableTagRequest &request) const;

    /// An RFC 9110 token: not empty, letters, digits and ``!#$%&'*+-.^_`|~`` only.
    static bool isValidHeaderName(QByteArrayView name);
    /// No CR, LF or NUL: anything else is sent as it is.
    static bool isValidHeaderValue(QByteArrayView value);

private:
    RestClientConfig m_config;
};

} // namespace lance::rest
