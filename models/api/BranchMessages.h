// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the branch operations (spec tag "Branch").
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

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

} // namespace lance::api
