// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <span>

namespace lance::server {

/// The spec operations the server answers: every operation of engine::CatalogEngine.
enum class Operation {
    ListNamespaces,
    DescribeNamespace,
    CreateNamespace,
    DropNamespace,
    NamespaceExists,
    ListTables,
    DescribeTable,
    TableExists,
    RegisterTable,
    DeclareTable,
    DeregisterTable,
    DropTable,
    ListTableVersions,
    CreateTableVersion,
    DescribeTableVersion,
    BatchDeleteTableVersions,
    BatchCreateTableVersions,
    BatchCommitTables,
    ListTableTags,
    GetTableTagVersion,
    CreateTableTag,
    UpdateTableTag,
    DeleteTableTag,
};

/// One route of the REST binding (spec `paths`, notes §6).
struct Route
{
    /// What the `{id}` path segment names.
    enum class Target {
        Namespace, //!< `/v1/namespace/{id}/<action>`
        Table,     //!< `/v1/table/{id}/<action>`
        None,      //!< `/v1/table/<action>`: a batch route without a path id
    };
    /// How the request body is used.
    enum class Body {
        Json,    //!< decoded as the operation's request (empty reads as `{}`)
        Ignored, //!< the spec defines none; whatever arrives (`null`, `{"id":[..]}`) is ignored
    };

    Operation operation;
    const char *operationId; //!< the spec's operationId, e.g. "BatchCommitTables"
    Target target;
    const char *action; //!< the path after `{id}/` (or after `/v1/table/` for None)
    bool get;           //!< answered on GET (and HEAD)
    bool post;          //!< answered on POST
    Body body;
    bool isRead; //!< a read-only credential may call it

    QString name() const { return QString::fromLatin1(operationId); }
    bool allows(QByteArrayView method) const;
    /// The `Allow` header value: "GET, HEAD", "POST" or "GET, HEAD, POST".
    QByteArray allowedMethods() const;
};

/// The route a raw request path names, and its `{id}` segment.
struct RouteMatch
{
    const Route *route = nullptr; //!< null: no route has this path
    QByteArray idSegment;         //!< the raw (still percent-encoded) `{id}` segment
};

/// All routes of the server, and path matching on the raw path. Matching splits the path on `/`
/// as sent, so a `%2F` inside the id stays part of it; trailing slashes are ignored (as the
/// reference server does).
class RouteTable
{
public:
    static std::span<const Route> routes();
    static const Route &route(Operation operation);
    static RouteMatch match(QByteArrayView rawPath);
};

} // namespace lance::server
