// SPDX-License-Identifier: Apache-2.0
// The JSON fields of the version, tag and branch messages, described as MessageFields.h describes
// the others (kept apart so that each file stays readable).
#pragma once

#include "api/json/MessageFields.h"

#include <tuple>

namespace lance::api::json::detail {

// Versions

template <> struct Fields<ListTableVersionsRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &ListTableVersionsRequest::id),
        field("branch", &ListTableVersionsRequest::branch),
        field("page_token", &ListTableVersionsRequest::pageToken),
        field("limit", &ListTableVersionsRequest::limit, Minimum::Zero),
        field("descending", &ListTableVersionsRequest::descending),
        field("context", &ListTableVersionsRequest::context),
    };
};

template <> struct Fields<ListTableVersionsResponse>
{
    static constexpr auto list = std::tuple{
        field("versions", &ListTableVersionsResponse::versions),
        field("page_token", &ListTableVersionsResponse::pageToken),
        field("context", &ListTableVersionsResponse::context),
    };
};

template <> struct Fields<CreateTableVersionRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &CreateTableVersionRequest::id),
        field("version", &CreateTableVersionRequest::version, Minimum::Zero),
        field("manifest_path", &CreateTableVersionRequest::manifestPath),
        field("manifest_size", &CreateTableVersionRequest::manifestSize, Minimum::Zero),
        field("e_tag", &CreateTableVersionRequest::eTag),
        field("metadata", &CreateTableVersionRequest::metadata),
        field("naming_scheme", &CreateTableVersionRequest::namingScheme),
        field("branch", &CreateTableVersionRequest::branch),
        field("context", &CreateTableVersionRequest::context),
    };
};

template <> struct Fields<CreateTableVersionResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &CreateTableVersionResponse::transactionId),
        field("version", &CreateTableVersionResponse::version),
        field("context", &CreateTableVersionResponse::context),
    };
};

template <> struct Fields<DescribeTableVersionRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DescribeTableVersionRequest::id),
        field("version", &DescribeTableVersionRequest::version, Minimum::Zero),
        field("branch", &DescribeTableVersionRequest::branch),
        field("context", &DescribeTableVersionRequest::context),
    };
};

template <> struct Fields<DescribeTableVersionResponse>
{
    static constexpr auto list = std::tuple{
        field("version", &DescribeTableVersionResponse::version),
        field("context", &DescribeTableVersionResponse::context),
    };
};

template <> struct Fields<BatchDeleteTableVersionsRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &BatchDeleteTableVersionsRequest::id),
        field("ranges", &BatchDeleteTableVersionsRequest::ranges),
        field("branch", &BatchDeleteTableVersionsRequest::branch),
        field("context", &BatchDeleteTableVersionsRequest::context),
    };
};

template <> struct Fields<BatchDeleteTableVersionsResponse>
{
    static constexpr auto list = std::tuple{
        field("deleted_count", &BatchDeleteTableVersionsResponse::deletedCount, Minimum::Zero),
        field("transaction_id", &BatchDeleteTableVersionsResponse::transactionId),
        field("context", &BatchDeleteTableVersionsResponse::context),
    };
};

template <> struct Fields<CreateTableVersionEntry>
{
    static constexpr auto list = std::tuple{
        // Required here: the batch route has no path id to fall back on.
        field("id", &CreateTableVersionEntry::id, Presence::Required),
        field("version", &CreateTableVersionEntry::version, Minimum::Zero),
        field("manifest_path", &CreateTableVersionEntry::manifestPath),
        field("manifest_size", &CreateTableVersionEntry::manifestSize, Minimum::Zero),
        field("e_tag", &CreateTableVersionEntry::eTag),
        field("metadata", &CreateTableVersionEntry::metadata),
        field("naming_scheme", &CreateTableVersionEntry::namingScheme),
        field("branch", &CreateTableVersionEntry::branch),
    };
};

template <> struct Fields<BatchCreateTableVersionsRequest>
{
    static constexpr auto list = std::tuple{
        field("entries", &BatchCreateTableVersionsRequest::entries),
        field("context", &BatchCreateTableVersionsRequest::context),
    };
};

template <> struct Fields<BatchCreateTableVersionsResponse>
{
    static constexpr auto list = std::tuple{
        field("versions", &BatchCreateTableVersionsResponse::versions),
        field("transaction_id", &BatchCreateTableVersionsResponse::transactionId),
        field("context", &BatchCreateTableVersionsResponse::context),
    };
};

template <> struct Fields<BatchCommitTablesRequest>
{
    static constexpr auto list = std::tuple{
        field("operations", &BatchCommitTablesRequest::operations),
        field("context", &BatchCommitTablesRequest::context),
    };
};

template <> struct Fields<BatchCommitTablesResponse>
{
    static constexpr auto list = std::tuple{
        field("results", &BatchCommitTablesResponse::results),
        field("transaction_id", &BatchCommitTablesResponse::transactionId),
        field("context", &BatchCommitTablesResponse::context),
    };
};

// Tags

template <> struct Fields<ListTableTagsRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &ListTableTagsRequest::id),
        field("page_token", &ListTableTagsRequest::pageToken),
        field("limit", &ListTableTagsRequest::limit, Minimum::Zero),
        field("context", &ListTableTagsRequest::context),
    };
};

template <> struct Fields<ListTableTagsResponse>
{
    static constexpr auto list = std::tuple{
        field("tags", &ListTableTagsResponse::tags),
        field("page_token", &ListTableTagsResponse::pageToken),
        field("context", &ListTableTagsResponse::context),
    };
};

template <> struct Fields<GetTableTagVersionRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &GetTableTagVersionRequest::id),
        field("tag", &GetTableTagVersionRequest::tag),
        field("context", &GetTableTagVersionRequest::context),
    };
};

template <> struct Fields<GetTableTagVersionResponse>
{
    static constexpr auto list = std::tuple{
        field("version", &GetTableTagVersionResponse::version, Minimum::Zero),
        field("branch", &GetTableTagVersionResponse::branch),
        field("context", &GetTableTagVersionResponse::context),
    };
};

template <> struct Fields<CreateTableTagRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &CreateTableTagRequest::id),
        field("tag", &CreateTableTagRequest::tag),
        field("version", &CreateTableTagRequest::version, Minimum::Zero),
        field("branch", &CreateTableTagRequest::branch),
        field("context", &CreateTableTagRequest::context),
    };
};

template <> struct Fields<UpdateTableTagRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &UpdateTableTagRequest::id),
        field("tag", &UpdateTableTagRequest::tag),
        field("version", &UpdateTableTagRequest::version, Minimum::Zero),
        field("branch", &UpdateTableTagRequest::branch),
        field("context", &UpdateTableTagRequest::context),
    };
};

template <> struct Fields<DeleteTableTagRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DeleteTableTagRequest::id),
        field("tag", &DeleteTableTagRequest::tag),
        field("context", &DeleteTableTagRequest::context),
    };
};

template <> struct Fields<TableTagChangeResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &TableTagChangeResponse::transactionId),
        field("context", &TableTagChangeResponse::context),
    };
};

// Branches

template <> struct Fields<BranchContents>
{
    static constexpr auto list = std::tuple{
        // camelCase in the spec
        field("parentBranch", &BranchContents::parentBranch),
        field("parentVersion", &BranchContents::parentVersion, Minimum::Zero),
        field("createAt", &BranchContents::createAt, Minimum::Zero),
        field("manifestSize", &BranchContents::manifestSize, Minimum::Zero),
        field("metadata", &BranchContents::metadata),
    };
};

template <> struct Fields<ListTableBranchesRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &ListTableBranchesRequest::id),
        field("page_token", &ListTableBranchesRequest::pageToken),
        field("limit", &ListTableBranchesRequest::limit, Minimum::Zero),
        field("context", &ListTableBranchesRequest::context),
    };
};

template <> struct Fields<ListTableBranchesResponse>
{
    static constexpr auto list = std::tuple{
        field("branches", &ListTableBranchesResponse::branches),
        field("page_token", &ListTableBranchesResponse::pageToken),
        field("context", &ListTableBranchesResponse::context),
    };
};

template <> struct Fields<CreateTableBranchRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &CreateTableBranchRequest::id),
        field("name", &CreateTableBranchRequest::name),
        field("from_branch", &CreateTableBranchRequest::fromBranch),
        field("from_version", &CreateTableBranchRequest::fromVersion, Minimum::Zero),
        field("context", &CreateTableBranchRequest::context),
    };
};

template <> struct Fields<DeleteTableBranchRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DeleteTableBranchRequest::id),
        field("name", &DeleteTableBranchRequest::name),
        field("context", &DeleteTableBranchRequest::context),
    };
};

} // namespace lance::api::json::detail
