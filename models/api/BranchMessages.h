// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the branch operations (spec tag "Branch").
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"
#include "api/TagMessages.h"

namespace lance::api {

/// `POST /v1/table/{id}/branches/list`: no body; page_token and limit in the query.
struct ListTableBranchesRequest
{
    Identifier id;
    std::optional<QString> pageToken;
    std::optional<qint64> limit;
    StringMap context;

    bool operator==(const ListTableBranchesRequest &) const = default;
};

struct ListTableBranchesResponse
{
    QMap<QString, BranchContents> branches;
    std::optional<QString> pageToken;
    StringMap context;

    bool operator==(const ListTableBranchesResponse &) const = default;
};

/// `POST /v1/table/{id}/branches/create`: the branch `name` starts at `fromVersion` of
/// `fromBranch` (absent: main; absent version: that branch's latest).
struct CreateTableBranchRequest
{
    Identifier id;
    QString name;
    std::optional<QString> fromBranch;
    std::optional<qint64> fromVersion;
    StringMap context;

    bool operator==(const CreateTableBranchRequest &) const = default;
};

/// `POST /v1/table/{id}/branches/delete`.
struct DeleteTableBranchRequest
{
    Identifier id;
    QString name;
    StringMap context;

    bool operator==(const DeleteTableBranchRequest &) const = default;
};

// The spec's two answers have the tag changes' shape: a transaction id and the context.
using CreateTableBranchResponse = TableTagChangeResponse;
using DeleteTableBranchResponse = TableTagChangeResponse;

} // namespace lance::api
