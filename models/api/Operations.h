// SPDX-License-Identifier: Apache-2.0
// The operation table: every spec operation the product speaks, declared once. The REST request
// builder, the REST client, the in-process local service, paging, the server's routes and the
// test services all read it; none of them names an operation of its own. Adding an operation
// (docs/ARCHITECTURE.md, "Adding an operation"): its messages and their JSON fields, an entry
// here and in AllRequests, and the engine's handler for its request.
#pragma once

#include "api/BatchMessages.h"
#include "api/BranchMessages.h"
#include "api/CleanupMessages.h"
#include "api/HealthMessages.h"
#include "api/NamespaceMessages.h"
#include "api/OperationInfo.h"
#include "api/QueryMessages.h"
#include "api/TableMessages.h"
#include "api/TagMessages.h"
#include "api/TransactionMessages.h"
#include "api/VersionMessages.h"

#include <cstddef>
#include <optional>
#include <tuple>
#include <utility>

namespace lance::api {

/// A query parameter of the REST binding and the request field it carries. Absent fields are not
/// sent. Over REST a field of the query is not repeated in the JSON body, and a server lets the
/// query override the body (the spec's rule for DescribeTable).
template <typename Request, typename T> struct QueryParameter
{
    using Value = T;

    std::string_view name;
    std::optional<T> Request::*field;
};
template <typename Request, typename T>
QueryParameter(std::string_view, std::optional<T> Request::*) -> QueryParameter<Request, T>;

/// The table's entry for `Request`: `Response`, `info` (OperationInfo), and where they apply
/// `query` (a tuple of QueryParameter) and `items` (the response's list of a paged listing).
/// Each request type belongs to exactly one operation; other types have no entry.
template <typename Request> struct Operation;

using Target = OperationInfo::Target;
using Body = OperationInfo::Body;
using Access = OperationInfo::Access;

// Namespaces

template <> struct Operation<ListNamespacesRequest>
{
    using Response = ListNamespacesResponse;
    static constexpr OperationInfo info{"ListNamespaces", Target::Namespace, "list", "GET", {},
                                        Body::None,       Access::Read};
    static constexpr auto query
        = std::tuple{QueryParameter{"page_token", &ListNamespacesRequest::pageToken},
                     QueryParameter{"limit", &ListNamespacesRequest::limit}};
    static constexpr auto items = &ListNamespacesResponse::namespaces;
};

template <> struct Operation<DescribeNamespaceRequest>
{
    using Response = DescribeNamespaceResponse;
    static constexpr OperationInfo info{
        "DescribeNamespace", Target::Namespace, "describe", "POST", {}, Body::Json, Access::Read};
};

template <> struct Operation<CreateNamespaceRequest>
{
    using Response = CreateNamespaceResponse;
    static constexpr OperationInfo info{"CreateNamespace", Target::Namespace, "create", "POST", {},
                                        Body::Json,        Access::Write};
};

/// An extension (see UpdateNamespacePropertiesRequest).
template <> struct Operation<UpdateNamespacePropertiesRequest>
{
    using Response = UpdateNamespacePropertiesResponse;
    static constexpr OperationInfo info{"UpdateNamespaceProperties",
                                        Target::Namespace,
                                        "properties/update",
                                        "POST",
                                        {},
                                        Body::Json,
                                        Access::Write};
};

template <> struct Operation<DropNamespaceRequest>
{
    using Response = DropNamespaceResponse;
    static constexpr OperationInfo info{"DropNamespace", Target::Namespace, "drop", "POST", {},
                                        Body::Json,      Access::Write};
};

template <> struct Operation<NamespaceExistsRequest>
{
    using Response = ExistsResponse;
    static constexpr OperationInfo info{"NamespaceExists", Target::Namespace, "exists", "POST", {},
                                        Body::Json,        Access::Read};
};

// Tables

template <> struct Operation<ListTablesRequest>
{
    using Response = ListTablesResponse;
    static constexpr OperationInfo info{"ListTables", Target::Namespace, "table/list", "GET",
                                        {},           Body::None,        Access::Read};
    static constexpr auto query
        = std::tuple{QueryParameter{"page_token", &ListTablesRequest::pageToken},
                     QueryParameter{"limit", &ListTablesRequest::limit},
                     QueryParameter{"include_declared", &ListTablesRequest::includeDeclared}};
    static constexpr auto items = &ListTablesResponse::tables;
};

template <> struct Operation<ListAllTablesRequest>
{
    using Response = ListTablesResponse;
    static constexpr OperationInfo info{"ListAllTables", Target::None, "", "GET", {},
                                        Body::None,      Access::Read};
    static constexpr auto query
        = std::tuple{QueryParameter{"page_token", &ListAllTablesRequest::pageToken},
                     QueryParameter{"limit", &ListAllTablesRequest::limit},
                     QueryParameter{"include_declared", &ListAllTablesRequest::includeDeclared}};
    static constexpr auto items = &ListTablesResponse::tables;
};

template <> struct Operation<DescribeTableRequest>
{
    using Response = DescribeTableResponse;
    static constexpr OperationInfo info{"DescribeTable", Target::Table, "describe", "POST", {},
                                        Body::Json,      Access::Read};
    static constexpr auto query = std::tuple{
        QueryParameter{"with_table_uri", &DescribeTableRequest::withTableUri},
        QueryParameter{"load_detailed_metadata", &DescribeTableRequest::loadDetailedMetadata},
        QueryParameter{"check_declared", &DescribeTableRequest::checkDeclared}};
};

template <> struct Operation<TableExistsRequest>
{
    using Response = ExistsResponse;
    static constexpr OperationInfo info{"TableExists", Target::Table, "exists", "POST", {},
                                        Body::Json,    Access::Read};
};

template <> struct Operation<RegisterTableRequest>
{
    using Response = RegisterTableResponse;
    static constexpr OperationInfo info{"RegisterTable", Target::Table, "register", "POST", {},
                                        Body::Json,      Access::Write};
};

template <> struct Operation<DeclareTableRequest>
{
    using Response = DeclareTableResponse;
    static constexpr OperationInfo info{"DeclareTable", Target::Table, "declare", "POST", {},
                                        Body::Json,     Access::Write};
};

template <> struct Operation<DeregisterTableRequest>
{
    using Response = DeregisterTableResponse;
    static constexpr OperationInfo info{"DeregisterTable", Target::Table, "deregister", "POST", {},
                                        Body::Json,        Access::Write};
};

template <> struct Operation<RenameTableRequest>
{
    using Response = RenameTableResponse;
    static constexpr OperationInfo info{"RenameTable", Target::Table, "rename", "POST", {},
                                        Body::Json,    Access::Write};
};

template <> struct Operation<RestoreTableRequest>
{
    using Response = RestoreTableResponse;
    static constexpr OperationInfo info{"RestoreTable", Target::Table, "restore", "POST", {},
                                        Body::Json,     Access::Write};
};

template <> struct Operation<DropTableRequest>
{
    using Response = DropTableResponse;
    static constexpr OperationInfo info{"DropTable", Target::Table, "drop",       "POST",
                                        {},          Body::None,    Access::Write};
};

template <> struct Operation<GetTableStatsRequest>
{
    using Response = GetTableStatsResponse;
    // The spec says POST; the reference server routes GET (the Rust client sends POST).
    static constexpr OperationInfo info{"GetTableStats", Target::Table, "stats",     "POST",
                                        "GET",           Body::Json,    Access::Read};
};

// Versions

template <> struct Operation<ListTableVersionsRequest>
{
    using Response = ListTableVersionsResponse;
    static constexpr OperationInfo info{
        "ListTableVersions", Target::Table, "version/list", "POST", {}, Body::None, Access::Read};
    static constexpr auto query
        = std::tuple{QueryParameter{"page_token", &ListTableVersionsRequest::pageToken},
                     QueryParameter{"limit", &ListTableVersionsRequest::limit},
                     QueryParameter{"descending", &ListTableVersionsRequest::descending},
                     QueryParameter{"branch", &ListTableVersionsRequest::branch}};
    static constexpr auto items = &ListTableVersionsResponse::versions;
};

template <> struct Operation<CreateTableVersionRequest>
{
    using Response = CreateTableVersionResponse;
    static constexpr OperationInfo info{
        "CreateTableVersion", Target::Table, "version/create", "POST", {},
        Body::Json,           Access::Write};
};

template <> struct Operation<DescribeTableVersionRequest>
{
    using Response = DescribeTableVersionResponse;
    static constexpr OperationInfo info{"DescribeTableVersion",
                                        Target::Table,
                                        "version/describe",
                                        "POST",
                                        {},
                                        Body::Json,
                                        Access::Read};
};

template <> struct Operation<BatchDeleteTableVersionsRequest>
{
    using Response = BatchDeleteTableVersionsResponse;
    static constexpr OperationInfo info{"BatchDeleteTableVersions",
                                        Target::Table,
                                        "version/delete",
                                        "POST",
                                        {},
                                        Body::Json,
                                        Access::Write};
};

template <> struct Operation<BatchCreateTableVersionsRequest>
{
    using Response = BatchCreateTableVersionsResponse;
    static constexpr OperationInfo info{"BatchCreateTableVersions",
                                        Target::None,
                                        "version/batch-create",
                                        "POST",
                                        {},
                                        Body::Json,
                                        Access::Write};
};

template <> struct Operation<BatchCommitTablesRequest>
{
    using Response = BatchCommitTablesResponse;
    static constexpr OperationInfo info{
        "BatchCommitTables", Target::None, "batch-commit", "POST", {}, Body::Json, Access::Write};
};

// Tags

template <> struct Operation<ListTableTagsRequest>
{
    using Response = ListTableTagsResponse;
    // The spec says POST; the reference server and the Lance Rust client use GET.
    static constexpr OperationInfo info{"ListTableTags", Target::Table, "tags/list", "POST",
                                        "GET",           Body::None,    Access::Read};
    static constexpr auto query
        = std::tuple{QueryParameter{"page_token", &ListTableTagsRequest::pageToken},
                     QueryParameter{"limit", &ListTableTagsRequest::limit}};
    static constexpr auto items = &ListTableTagsResponse::tags;
};

template <> struct Operation<GetTableTagVersionRequest>
{
    using Response = GetTableTagVersionResponse;
    static constexpr OperationInfo info{
        "GetTableTagVersion", Target::Table, "tags/version", "POST", {}, Body::Json, Access::Read};
};

template <> struct Operation<CreateTableTagRequest>
{
    using Response = CreateTableTagResponse;
    static constexpr OperationInfo info{"CreateTableTag", Target::Table, "tags/create", "POST", {},
                                        Body::Json,       Access::Write};
};

template <> struct Operation<UpdateTableTagRequest>
{
    using Response = UpdateTableTagResponse;
    static constexpr OperationInfo info{"UpdateTableTag", Target::Table, "tags/update", "POST", {},
                                        Body::Json,       Access::Write};
};

template <> struct Operation<DeleteTableTagRequest>
{
    using Response = DeleteTableTagResponse;
    static constexpr OperationInfo info{"DeleteTableTag", Target::Table, "tags/delete", "POST", {},
                                        Body::Json,       Access::Write};
};

/// Request types, as a type.
template <typename... Requests> struct RequestList
{
    static constexpr std::size_t size = sizeof...(Requests);
};

// Transactions

template <> struct Operation<DescribeTransactionRequest>
{
    using Response = DescribeTransactionResponse;
    static constexpr OperationInfo info{
        "DescribeTransaction", Target::Transaction, "describe", "POST", {}, Body::Json,
        Access::Read};
};

/// Not in the spec: this product's listing of a catalog's transactions (the History). Other
/// servers answer 404, which the window takes for "no history here".
template <> struct Operation<ListTransactionsRequest>
{
    using Response = ListTransactionsResponse;
    static constexpr OperationInfo info{"ListTransactions", Target::Transactions, "list", "GET", {},
                                        Body::None,         Access::Read};
    static constexpr auto query
        = std::tuple{QueryParameter{"table", &ListTransactionsRequest::table},
                     QueryParameter{"page_token", &ListTransactionsRequest::pageToken},
                     QueryParameter{"limit", &ListTransactionsRequest::limit}};
    static constexpr auto items = &ListTransactionsResponse::transactions;
};

/// Rows of a table, answered as an Arrow IPC file (api/QueryMessages.h).
template <> struct Operation<QueryTableRequest>
{
    using Response = QueryTableResponse;
    static constexpr OperationInfo info{"QueryTable", Target::Table, "query",     "POST",
                                        {},           Body::Json,    Access::Read};
};

/// Not in the spec: a table's health, what its files cost and what no kept version needs
/// (api/HealthMessages.h). Other servers answer 404, which the window takes for "not here".
template <> struct Operation<GetTableHealthRequest>
{
    using Response = GetTableHealthResponse;
    static constexpr OperationInfo info{"GetTableHealth", Target::Table, "health", "POST", {},
                                        Body::Json,       Access::Read};
};

/// Not in the spec: what a cleanup of a table's old versions would remove
/// (api/CleanupMessages.h). Reads only.
template <> struct Operation<PlanTableCleanupRequest>
{
    using Response = PlanTableCleanupResponse;
    static constexpr OperationInfo info{
        "PlanTableCleanup", Target::Table, "cleanup/plan", "POST", {}, Body::Json, Access::Read};
};

/// Not in the spec: the cleanup a PlanTableCleanup previewed, applied.
template <> struct Operation<CleanupTableRequest>
{
    using Response = CleanupTableResponse;
    static constexpr OperationInfo info{"CleanupTable", Target::Table, "cleanup", "POST", {},
                                        Body::Json,     Access::Write};
};

template <> struct Operation<ListTableBranchesRequest>
{
    using Response = ListTableBranchesResponse;
    static constexpr OperationInfo info{
        "ListTableBranches", Target::Table, "branches/list", "POST", {}, Body::None, Access::Read};
    static constexpr auto query
        = std::tuple{QueryParameter{"page_token", &ListTableBranchesRequest::pageToken},
                     QueryParameter{"limit", &ListTableBranchesRequest::limit}};
    static constexpr auto items = &ListTableBranchesResponse::branches;
};

template <> struct Operation<CreateTableBranchRequest>
{
    using Response = CreateTableBranchResponse;
    static constexpr OperationInfo info{
        "CreateTableBranch", Target::Table, "branches/create", "POST", {},
        Body::Json,          Access::Write};
};

template <> struct Operation<DeleteTableBranchRequest>
{
    using Response = DeleteTableBranchResponse;
    static constexpr OperationInfo info{
        "DeleteTableBranch", Target::Table, "branches/delete", "POST", {},
        Body::Json,          Access::Write};
};

/// Every operation of the table, in the spec's order.
using AllRequests = RequestList<
    // Namespaces
    ListNamespacesRequest, DescribeNamespaceRequest, CreateNamespaceRequest, DropNamespaceRequest,
    NamespaceExistsRequest, UpdateNamespacePropertiesRequest,
    // Tables
    ListTablesRequest, ListAllTablesRequest, DescribeTableRequest, TableExistsRequest,
    RegisterTableRequest, DeclareTableRequest, DeregisterTableRequest, DropTableRequest,
    GetTableStatsRequest, RestoreTableRequest, RenameTableRequest,
    // Versions
    ListTableVersionsRequest, CreateTableVersionRequest, DescribeTableVersionRequest,
    BatchDeleteTableVersionsRequest, BatchCreateTableVersionsRequest, BatchCommitTablesRequest,
    // Tags
    ListTableTagsRequest, GetTableTagVersionRequest, CreateTableTagRequest, UpdateTableTagRequest,
    DeleteTableTagRequest,
    // Branches
    ListTableBranchesRequest, CreateTableBranchRequest, DeleteTableBranchRequest, QueryTableRequest,
    GetTableHealthRequest, PlanTableCleanupRequest, CleanupTableRequest,
    // Transactions
    DescribeTransactionRequest, ListTransactionsRequest>;

/// A request type that has an entry in the table.
template <typename Request>
concept OperationRequest = requires
{
    Operation<Request>::info;
};

template <OperationRequest Request> using ResponseOf = typename Operation<Request>::Response;

/// A listing whose answer comes in pages: the table names the response's item list.
template <typename Request>
concept PagedRequest = OperationRequest<Request> && requires
{
    Operation<Request>::items;
};

/// The query parameters of `Request` (an empty tuple for an operation without any).
template <OperationRequest Request> constexpr auto queryParametersOf()
{
    if constexpr (requires { Operation<Request>::query; }) {
        return Operation<Request>::query;
    } else {
        return std::tuple<>{};
    }
}

/// The items of a paged response, e.g. ListTablesResponse::tables.
template <PagedRequest Request> auto &itemsOf(ResponseOf<Request> &response)
{
    return response.*Operation<Request>::items;
}

/// Calls `visit.template operator()<Request>()` for every request type of `List`, in order.
template <typename... Requests, typename Visit>
constexpr void forEachOperation(RequestList<Requests...>, Visit &&visit)
{
    (visit.template operator()<Requests>(), ...);
}

/// The position of `Request` in AllRequests.
template <OperationRequest Request> constexpr std::size_t operationIndex()
{
    std::size_t index = 0;
    std::size_t found = AllRequests::size;
    forEachOperation(AllRequests{}, [&]<typename Each>() {
        if (std::is_same_v<Each, Request>) {
            found = index;
        }
        ++index;
    });
    return found;
}

} // namespace lance::api
