// SPDX-License-Identifier: Apache-2.0
#include "RouteTable.h"

#include <QList>

#include <array>

namespace lance::server {

namespace {

using Target = Route::Target;
using Body = Route::Body;

// The order follows Operation, so route(operation) is an index.
constexpr std::array Routes{
    Route{Operation::ListNamespaces, "ListNamespaces", Target::Namespace, "list", true, false,
          Body::Ignored, true},
    Route{Operation::DescribeNamespace, "DescribeNamespace", Target::Namespace, "describe", false,
          true, Body::Json, true},
    Route{Operation::CreateNamespace, "CreateNamespace", Target::Namespace, "create", false, true,
          Body::Json, false},
    Route{Operation::DropNamespace, "DropNamespace", Target::Namespace, "drop", false, true,
          Body::Json, false},
    Route{Operation::NamespaceExists, "NamespaceExists", Target::Namespace, "exists", false, true,
          Body::Json, true},
    Route{Operation::ListTables, "ListTables", Target::Namespace, "table/list", true, false,
          Body::Ignored, true},
    Route{Operation::DescribeTable, "DescribeTable", Target::Table, "describe", false, true,
          Body::Json, true},
    Route{Operation::TableExists, "TableExists", Target::Table, "exists", false, true, Body::Json,
          true},
    Route{Operation::RegisterTable, "RegisterTable", Target::Table, "register", false, true,
          Body::Json, false},
    Route{Operation::DeclareTable, "DeclareTable", Target::Table, "declare", false, true,
          Body::Json, false},
    Route{Operation::DeregisterTable, "DeregisterTable", Target::Table, "deregister", false, true,
          Body::Json, false},
    Route{Operation::DropTable, "DropTable", Target::Table, "drop", false, true, Body::Ignored,
          false},
    Route{Operation::ListTableVersions, "ListTableVersions", Target::Table, "version/list", false,
          true, Body::Ignored, true},
    Route{Operation::CreateTableVersion, "CreateTableVersion", Target::Table, "version/create",
          false, true, Body::Json, false},
    Route{Operation::DescribeTableVersion, "DescribeTableVersion", Target::Table,
          "version/describe", false, true, Body::Json, true},
    Route{Operation::BatchDeleteTableVersions, "BatchDeleteTableVersions", Target::Table,
          "version/delete", false, true, Body::Json, false},
    Route{Operation::BatchCreateTableVersions, "BatchCreateTableVersions", Target::None,
          "version/batch-create", false, true, Body::Json, false},
    Route{Operation::BatchCommitTables, "BatchCommitTables", Target::None, "batch-commit", false,
          true, Body::Json, false},
    // The spec says POST; the reference server and the Lance Rust client use GET: answer both.
    Route{Operation::ListTableTags, "ListTableTags", Target::Table, "tags/list", true, true,
          Body::Ignored, true},
    Route{Operation::GetTableTagVersion, "GetTableTagVersion", Target::Table, "tags/version", false,
          true, Body::Json, true},
    Route{Operation::CreateTableTag, "CreateTableTag", Target::Table, "tags/create", false, true,
          Body::Json, false},
    Route{Operation::UpdateTableTag, "UpdateTableTag", Target::Table, "tags/update", false, true,
          Body::Json, false},
    Route{Operation::DeleteTableTag, "DeleteTableTag", Target::Table, "tags/delete", false, true,
          Body::Json, false},
};

constexpr bool isIndexedByOperation()
{
    for (std::size_t i = 0; i < Routes.size(); ++i) {
        if (static_cast<std::size_t>(Routes[i].operation) != i) {
            return false;
        }
    }
    return true;
}
static_assert(isIndexedByOperation(), "Routes must list the operations in enum order");

const Route *find(Target target, QByteArrayView action)
{
    for (const Route &route : Routes) {
        if (route.target == target && action == QByteArrayView(route.action)) {
            return &route;
        }
    }
    return nullptr;
}

} // namespace

bool Route::allows(QByteArrayView method) const
{
    // HEAD is GET without the body (RFC 9110); httplib drops the body itself.
    return ((method == "GET" || method == "HEAD") && get) || (method == "POST" && post);
}

QByteArray Route::allowedMethods() const
{
    QList<QByteArray> methods;
    if (get) {
        methods << "GET"
                << "HEAD";
    }
    if (post) {
        methods << "POST";
    }
    return methods.join(", ");
}

std::span<const Route> RouteTable::routes()
{
    return Routes;
}

const Route &RouteTable::route(Operation operation)
{
    return Routes.at(static_cast<std::size_t>(operation));
}

RouteMatch RouteTable::match(QByteArrayView rawPath)
{
    QByteArrayView path = rawPath;
    while (path.size() > 1 && path.endsWith('/')) {
        path.chop(1);
    }
    constexpr QByteArrayView NamespacePrefix("/v1/namespace/");
    constexpr QByteArrayView TablePrefix("/v1/table/");
    Target target;
    if (path.startsWith(NamespacePrefix)) {
        path = path.sliced(NamespacePrefix.size());
        target = Target::Namespace;
    } else if (path.startsWith(TablePrefix)) {
        path = path.sliced(TablePrefix.size());
        // The batch routes have no id; no table action is one of their paths.
        if (const Route *batch = find(Target::None, path)) {
            return {batch, {}};
        }
        target = Target::Table;
    } else {
        return {};
    }
    const qsizetype slash = path.indexOf('/');
    if (slash < 0) {
        return {};
    }
    const Route *route = find(target, path.sliced(slash + 1));
    if (!route) {
        return {};
    }
    return {route, path.first(slash).toByteArray()};
}

} // namespace lance::server
