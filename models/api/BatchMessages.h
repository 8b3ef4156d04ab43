// SPDX-License-Identifier: Apache-2.0
// `POST /v1/table/batch-commit`: a mixed batch applied atomically, all or nothing (spec §8).
#pragma once

#include "api/TableMessages.h"
#include "api/VersionMessages.h"

#include <variant>

namespace lance::api {

/// Spec `CommitTableOperation`: exactly one of the four kinds. Each nested request carries the
/// table's identifier in its own `id`, since the batch route has no path id.
using CommitTableOperation = std::variant<DeclareTableRequest, CreateTableVersionRequest,
                                          BatchDeleteTableVersionsRequest, DeregisterTableRequest>;

/// Spec `CommitTableResult`: the matching response for each operation, in request order.
using CommitTableResult = std::variant<DeclareTableResponse, CreateTableVersionResponse,
                                       BatchDeleteTableVersionsResponse, DeregisterTableResponse>;

/// The wire key of an operation or result kind: "declare_table", "create_table_version",
/// "delete_table_versions" or "deregister_table".
QString commitOperationKey(const CommitTableOperation &operation);
QString commitResultKey(const CommitTableResult &result);
/// The table an operation acts on.
const Identifier &commitOperationTarget(const CommitTableOperation &operation);

struct BatchCommitTablesRequest
{
    QList<CommitTableOperation> operations;
    StringMap context;

    bool operator==(const BatchCommitTablesRequest &) const = default;
};

struct BatchCommitTablesResponse
{
    QList<CommitTableResult> results;
    std::optional<QString> transactionId;
    StringMap context;

    bool operator==(const BatchCommitTablesResponse &) const = default;
};

} // namespace lance::api
