// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/NamespaceMessages.h"
#include "api/PreparedRequest.h"
#include "api/RestClientConfig.h"
#include "api/Result.h"
#include "api/TableMessages.h"
#include "api/TagMessages.h"
#include "api/VersionMessages.h"

#include <QCoreApplication>

namespace lance::api {

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
    Result<PreparedRequest> build(const ListNamespacesRequest &request) const;
    Result<PreparedRequest> build(const DescribeNamespaceRequest &request) const;
    Result<PreparedRequest> build(const CreateNamespaceRequest &request) const;
    Result<PreparedRequest> build(const DropNamespaceRequest &request) const;
    Result<PreparedRequest> build(const NamespaceExistsRequest &request) const;
    // Tables
    Result<PreparedRequest> build(const ListTablesRequest &request) const;
    Result<PreparedRequest> build(const DescribeTableRequest &request) const;
    Result<PreparedRequest> build(const TableExistsRequest &request) const;
    Result<PreparedRequest> build(const RegisterTableRequest &request) const;
    Result<PreparedRequest> build(const DeclareTableRequest &request) const;
    Result<PreparedRequest> build(const DeregisterTableRequest &request) const;
    Result<PreparedRequest> build(const DropTableRequest &request) const;
    // Versions
    Result<PreparedRequest> build(const ListTableVersionsRequest &request) const;
    Result<PreparedRequest> build(const CreateTableVersionRequest &request) const;
    Result<PreparedRequest> build(const DescribeTableVersionRequest &request) const;
    Result<PreparedRequest> build(const BatchDeleteTableVersionsRequest &request) const;
    Result<PreparedRequest> build(const BatchCreateTableVersionsRequest &request) const;
    Result<PreparedRequest> build(const BatchCommitTablesRequest &request) const;
    // Tags
    Result<PreparedRequest> build(const ListTableTagsRequest &request) const;
    Result<PreparedRequest> build(const GetTableTagVersionRequest &request) const;
    Result<PreparedRequest> build(const CreateTableTagRequest &request) const;
    Result<PreparedRequest> build(const UpdateTableTagRequest &request) const;
    Result<PreparedRequest> build(const DeleteTableTagRequest &request) const;

    /// An RFC 9110 token: not empty, letters, digits and ``!#$%&'*+-.^_`|~`` only.
    static bool isValidHeaderName(QByteArrayView name);
    /// No CR, LF or NUL: anything else is sent as it is.
    static bool isValidHeaderValue(QByteArrayView value);

private:
    RestClientConfig m_config;
};

} // namespace lance::api
