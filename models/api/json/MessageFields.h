// SPDX-License-Identifier: Apache-2.0
// Every JSON message of the spec, described once: its fields in the order they are read (the
// first problem found is the one reported), each with its wire key and its member. Decoding and
// encoding both walk these lists (FieldCodec.h); how a field is read and written follows from
// its C++ type and FieldOptions. The Arrow schema (recursive, depth-limited) and the one-of
// entries of a batch commit have codecs of their own (SchemaCodec.cpp, FieldCodec.h). The shared
// schemas, namespaces and tables are here; versions and tags in VersionTagFields.h.
#pragma once

#include "api/BatchMessages.h"
#include "api/BranchMessages.h"
#include "api/ErrorResponse.h"
#include "api/NamespaceMessages.h"
#include "api/TableMessages.h"
#include "api/TagMessages.h"
#include "api/TransactionMessages.h"
#include "api/VersionMessages.h"
#include "api/json/Field.h"

#include <tuple>

namespace lance::api::json::detail {

using Items = JsonReader::Items;
using Minimum = JsonReader::Minimum;
using Presence = JsonReader::Presence;

// Shared schemas

template <> struct Fields<TableVersion>
{
    static constexpr auto list = std::tuple{
        field("version", &TableVersion::version, Minimum::Zero),
        field("manifest_path", &TableVersion::manifestPath),
        field("manifest_size", &TableVersion::manifestSize, Minimum::Zero),
        field("e_tag", &TableVersion::eTag),
        field("timestamp_millis", &TableVersion::timestampMillis),
        field("metadata", &TableVersion::metadata),
    };
};

// No minimum: end_version -1 means "through the latest version".
template <> struct Fields<VersionRange>
{
    static constexpr auto list = std::tuple{
        field("start_version", &VersionRange::startVersion),
        field("end_version", &VersionRange::endVersion),
    };
};

template <> struct Fields<TagContents>
{
    static constexpr auto list = std::tuple{
        field("version", &TagContents::version, Minimum::Zero),
        field("manifestSize", &TagContents::manifestSize, Minimum::Zero), // camelCase in the spec
        field("branch", &TagContents::branch),
    };
};

template <> struct Fields<TableBasicStats>
{
    static constexpr auto list = std::tuple{
        field("num_deleted_rows", &TableBasicStats::numDeletedRows, Minimum::Zero),
        field("num_fragments", &TableBasicStats::numFragments, Minimum::Zero),
    };
};

template <> struct Fields<ErrorResponse>
{
    static constexpr auto list = std::tuple{
        field("code", &ErrorResponse::code, Minimum::Zero),
        field("error", &ErrorResponse::error),
        field("detail", &ErrorResponse::detail),
        field("instance", &ErrorResponse::instance),
        field("context", &ErrorResponse::context),
    };
};

// Namespaces

template <> struct Fields<ListNamespacesRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &ListNamespacesRequest::id),
        field("page_token", &ListNamespacesRequest::pageToken),
        field("limit", &ListNamespacesRequest::limit, Minimum::Zero),
        field("context", &ListNamespacesRequest::context),
    };
};

template <> struct Fields<ListNamespacesResponse>
{
    static constexpr auto list = std::tuple{
        field("namespaces", &ListNamespacesResponse::namespaces, Items::Unique),
        field("page_token", &ListNamespacesResponse::pageToken),
        field("context", &ListNamespacesResponse::context),
    };
};

template <> struct Fields<DescribeNamespaceRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DescribeNamespaceRequest::id),
        field("context", &DescribeNamespaceRequest::context),
    };
};

template <> struct Fields<DescribeNamespaceResponse>
{
    static constexpr auto list = std::tuple{
        field("properties", &DescribeNamespaceResponse::properties),
        field("context", &DescribeNamespaceResponse::context),
    };
};

template <> struct Fields<CreateNamespaceRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &CreateNamespaceRequest::id),
        field("mode", &CreateNamespaceRequest::mode),
        field("properties", &CreateNamespaceRequest::properties),
        field("context", &CreateNamespaceRequest::context),
    };
};

template <> struct Fields<CreateNamespaceResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &CreateNamespaceResponse::transactionId),
        field("properties", &CreateNamespaceResponse::properties),
        field("context", &CreateNamespaceResponse::context),
    };
};

template <> struct Fields<UpdateNamespacePropertiesRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &UpdateNamespacePropertiesRequest::id),
        field("updates", &UpdateNamespacePropertiesRequest::updates, Presence::Optional),
        field("removals", &UpdateNamespacePropertiesRequest::removals, Presence::Optional),
        field("context", &UpdateNamespacePropertiesRequest::context),
    };
};

template <> struct Fields<UpdateNamespacePropertiesResponse>
{
    static constexpr auto list = std::tuple{
        field("properties", &UpdateNamespacePropertiesResponse::properties),
        field("context", &UpdateNamespacePropertiesResponse::context),
    };
};

template <> struct Fields<DropNamespaceRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DropNamespaceRequest::id),
        field("mode", &DropNamespaceRequest::mode),
        field("behavior", &DropNamespaceRequest::behavior),
        field("context", &DropNamespaceRequest::context),
    };
};

template <> struct Fields<DropNamespaceResponse>
{
    static constexpr auto list = std::tuple{
        field("properties", &DropNamespaceResponse::properties),
        field("transaction_id", &DropNamespaceResponse::transactionId, Presence::Optional),
        field("context", &DropNamespaceResponse::context),
    };
};

template <> struct Fields<NamespaceExistsRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &NamespaceExistsRequest::id),
        field("context", &NamespaceExistsRequest::context),
    };
};

// Tables

template <> struct Fields<ListTablesRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &ListTablesRequest::id),
        field("page_token", &ListTablesRequest::pageToken),
        field("limit", &ListTablesRequest::limit, Minimum::Zero),
        field("include_declared", &ListTablesRequest::includeDeclared),
        field("context", &ListTablesRequest::context),
    };
};

template <> struct Fields<ListTablesResponse>
{
    static constexpr auto list = std::tuple{
        field("tables", &ListTablesResponse::tables, Items::Unique),
        field("page_token", &ListTablesResponse::pageToken),
        field("context", &ListTablesResponse::context),
    };
};

template <> struct Fields<DescribeTableRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DescribeTableRequest::id),
        field("version", &DescribeTableRequest::version, Minimum::Zero),
        field("tag", &DescribeTableRequest::tag),
        field("branch", &DescribeTableRequest::branch),
        field("with_table_uri", &DescribeTableRequest::withTableUri),
        field("load_detailed_metadata", &DescribeTableRequest::loadDetailedMetadata),
        field("check_declared", &DescribeTableRequest::checkDeclared),
        field("vend_credentials", &DescribeTableRequest::vendCredentials),
        field("context", &DescribeTableRequest::context),
    };
};

template <> struct Fields<DescribeTableResponse>
{
    static constexpr auto list = std::tuple{
        field("table", &DescribeTableResponse::table),
        field("namespace", &DescribeTableResponse::namespacePath),
        field("version", &DescribeTableResponse::version, Minimum::Zero),
        field("location", &DescribeTableResponse::location),
        field("table_uri", &DescribeTableResponse::tableUri),
        field("schema", &DescribeTableResponse::schema),
        field("storage_options", &DescribeTableResponse::storageOptions),
        field("stats", &DescribeTableResponse::stats), // null is "not loaded", like absent
        field("metadata", &DescribeTableResponse::metadata),
        field("properties", &DescribeTableResponse::properties),
        field("managed_versioning", &DescribeTableResponse::managedVersioning),
        field("is_only_declared", &DescribeTableResponse::isOnlyDeclared),
        field("context", &DescribeTableResponse::context),
    };
};

template <> struct Fields<TableExistsRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &TableExistsRequest::id),
        field("version", &TableExistsRequest::version, Minimum::Zero),
        field("context", &TableExistsRequest::context),
    };
};

template <> struct Fields<RegisterTableRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &RegisterTableRequest::id),
        field("location", &RegisterTableRequest::location),
        field("mode", &RegisterTableRequest::mode),
        field("properties", &RegisterTableRequest::properties),
        field("context", &RegisterTableRequest::context),
    };
};

template <> struct Fields<RegisterTableResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &RegisterTableResponse::transactionId),
        field("location", &RegisterTableResponse::location),
        field("properties", &RegisterTableResponse::properties),
        field("context", &RegisterTableResponse::context),
    };
};

template <> struct Fields<DeclareTableRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DeclareTableRequest::id),
        field("location", &DeclareTableRequest::location),
        field("vend_credentials", &DeclareTableRequest::vendCredentials),
        field("properties", &DeclareTableRequest::properties),
        field("context", &DeclareTableRequest::context),
    };
};

template <> struct Fields<DeclareTableResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &DeclareTableResponse::transactionId),
        field("location", &DeclareTableResponse::location),
        field("storage_options", &DeclareTableResponse::storageOptions),
        field("properties", &DeclareTableResponse::properties),
        field("managed_versioning", &DeclareTableResponse::managedVersioning),
        field("context", &DeclareTableResponse::context),
    };
};

template <> struct Fields<DeregisterTableRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DeregisterTableRequest::id),
        field("context", &DeregisterTableRequest::context),
    };
};

template <> struct Fields<DeregisterTableResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &DeregisterTableResponse::transactionId),
        field("id", &DeregisterTableResponse::id),
        field("location", &DeregisterTableResponse::location),
        field("properties", &DeregisterTableResponse::properties),
        field("context", &DeregisterTableResponse::context),
    };
};

template <> struct Fields<DropTableRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DropTableRequest::id),
        field("context", &DropTableRequest::context),
    };
};

template <> struct Fields<DropTableResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &DropTableResponse::transactionId),
        field("id", &DropTableResponse::id),
        field("location", &DropTableResponse::location),
        field("properties", &DropTableResponse::properties),
        field("context", &DropTableResponse::context),
    };
};

// Over REST everything of it travels in the query; the fields are for files and logs.
template <> struct Fields<ListAllTablesRequest>
{
    static constexpr auto list = std::tuple{
        field("page_token", &ListAllTablesRequest::pageToken),
        field("limit", &ListAllTablesRequest::limit, Minimum::Zero),
        field("include_declared", &ListAllTablesRequest::includeDeclared),
        field("context", &ListAllTablesRequest::context),
    };
};

template <> struct Fields<DescribeTransactionRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &DescribeTransactionRequest::id),
        field("context", &DescribeTransactionRequest::context),
    };
};

template <> struct Fields<DescribeTransactionResponse>
{
    static constexpr auto list = std::tuple{
        field("status", &DescribeTransactionResponse::status),
        field("properties", &DescribeTransactionResponse::properties),
        field("context", &DescribeTransactionResponse::context),
    };
};

template <> struct Fields<TransactionSummary>
{
    static constexpr auto list = std::tuple{
        field("id", &TransactionSummary::id),
        field("status", &TransactionSummary::status),
        field("properties", &TransactionSummary::properties),
    };
};

template <> struct Fields<ListTransactionsRequest>
{
    static constexpr auto list = std::tuple{
        field("table", &ListTransactionsRequest::table),
        field("page_token", &ListTransactionsRequest::pageToken),
        field("limit", &ListTransactionsRequest::limit, Minimum::Zero),
        field("context", &ListTransactionsRequest::context),
    };
};

template <> struct Fields<ListTransactionsResponse>
{
    static constexpr auto list = std::tuple{
        field("transactions", &ListTransactionsResponse::transactions),
        field("page_token", &ListTransactionsResponse::pageToken),
        field("context", &ListTransactionsResponse::context),
    };
};

template <> struct Fields<RenameTableRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &RenameTableRequest::id),
        field("new_table_name", &RenameTableRequest::newTableName),
        field("new_namespace_id", &RenameTableRequest::newNamespaceId),
        field("context", &RenameTableRequest::context),
    };
};

template <> struct Fields<RenameTableResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &RenameTableResponse::transactionId),
        field("context", &RenameTableResponse::context),
    };
};

template <> struct Fields<RestoreTableRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &RestoreTableRequest::id),
        field("version", &RestoreTableRequest::version, Minimum::Zero),
        field("branch", &RestoreTableRequest::branch),
        field("context", &RestoreTableRequest::context),
    };
};

template <> struct Fields<RestoreTableResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &RestoreTableResponse::transactionId),
        field("context", &RestoreTableResponse::context),
    };
};

template <> struct Fields<GetTableStatsRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &GetTableStatsRequest::id),
        field("branch", &GetTableStatsRequest::branch),
        field("context", &GetTableStatsRequest::context),
    };
};

template <> struct Fields<FragmentSummary>
{
    static constexpr auto list = std::tuple{
        field("min", &FragmentSummary::min, Minimum::Zero),
        field("max", &FragmentSummary::max, Minimum::Zero),
        field("mean", &FragmentSummary::mean, Minimum::Zero),
        field("p25", &FragmentSummary::p25, Minimum::Zero),
        field("p50", &FragmentSummary::p50, Minimum::Zero),
        field("p75", &FragmentSummary::p75, Minimum::Zero),
        field("p99", &FragmentSummary::p99, Minimum::Zero),
    };
};

template <> struct Fields<FragmentStats>
{
    static constexpr auto list = std::tuple{
        field("num_fragments", &FragmentStats::numFragments, Minimum::Zero),
        field("num_small_fragments", &FragmentStats::numSmallFragments, Minimum::Zero),
        field("lengths", &FragmentStats::lengths),
    };
};

template <> struct Fields<GetTableStatsResponse>
{
    static constexpr auto list = std::tuple{
        field("total_bytes", &GetTableStatsResponse::totalBytes, Minimum::Zero),
        field("num_rows", &GetTableStatsResponse::numRows, Minimum::Zero),
        field("num_indices", &GetTableStatsResponse::numIndices, Minimum::Zero),
        field("fragment_stats", &GetTableStatsResponse::fragmentStats),
        field("context", &GetTableStatsResponse::context),
    };
};

} // namespace lance::api::json::detail
