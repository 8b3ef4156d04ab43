// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/BranchMessages.h"
#include "api/CleanupMessages.h"
#include "api/ErrorResponse.h"
#include "api/HealthMessages.h"
#include "api/NamespaceMessages.h"
#include "api/QueryMessages.h"
#include "api/Result.h"
#include "api/TableMessages.h"
#include "api/TagMessages.h"
#include "api/TransactionMessages.h"
#include "api/VersionMessages.h"

#include <QByteArray>
#include <QByteArrayView>

#include <optional>

// JSON <-> message types. nlohmann/json does the parsing; it never appears in a header.
//
// Decoding is strict where the spec requires and tolerant where it allows:
//  - a missing required field, a wrong type, a negative value where the spec says minimum 0, an
//    integer outside int64, an unknown enum value, or a second kind in a one-of object is an
//    ApiError of kind Decode whose path names the place, e.g.
//    `operations[2].create_table_version.version: expected integer` in a request, or
//    `results[2].create_table_version.version.version: expected integer` in a response (there
//    `version` is a TableVersion object);
//  - unknown fields are ignored; null in an optional field counts as absent;
//  - integers are read as integers and stay exact (never through double).
// Encoding writes the spec's snake_case names, omits absent optional fields and empty maps and
// lists that default to empty, and writes `id` of path requests as the list of names.
namespace lance::api::json {

enum class Format { Compact, Indented };

// `Type` is a type name, which cannot be put in parentheses.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LCB_JSON_CODEC(Type)                                                                       \
    QByteArray encode(const Type &value, Format format = Format::Compact);                         \
    Result<void> decodeInto(QByteArrayView json, Type &out);
// NOLINTEND(bugprone-macro-parentheses)

LCB_JSON_CODEC(TableVersion)
LCB_JSON_CODEC(VersionRange)
LCB_JSON_CODEC(TagContents)
LCB_JSON_CODEC(JsonArrowSchema)
LCB_JSON_CODEC(TableBasicStats)
LCB_JSON_CODEC(ErrorResponse)

LCB_JSON_CODEC(ListNamespacesRequest)
LCB_JSON_CODEC(ListNamespacesResponse)
LCB_JSON_CODEC(DescribeNamespaceRequest)
LCB_JSON_CODEC(DescribeNamespaceResponse)
LCB_JSON_CODEC(CreateNamespaceRequest)
LCB_JSON_CODEC(CreateNamespaceResponse)
LCB_JSON_CODEC(UpdateNamespacePropertiesRequest)
LCB_JSON_CODEC(UpdateNamespacePropertiesResponse)
LCB_JSON_CODEC(DropNamespaceRequest)
LCB_JSON_CODEC(DropNamespaceResponse)
LCB_JSON_CODEC(NamespaceExistsRequest)

LCB_JSON_CODEC(ListTablesRequest)
LCB_JSON_CODEC(ListTablesResponse)
LCB_JSON_CODEC(DescribeTableRequest)
LCB_JSON_CODEC(DescribeTableResponse)
LCB_JSON_CODEC(TableExistsRequest)
LCB_JSON_CODEC(RegisterTableRequest)
LCB_JSON_CODEC(RegisterTableResponse)
LCB_JSON_CODEC(DeclareTableRequest)
LCB_JSON_CODEC(DeclareTableResponse)
LCB_JSON_CODEC(DeregisterTableRequest)
LCB_JSON_CODEC(DeregisterTableResponse)
LCB_JSON_CODEC(ListAllTablesRequest)
LCB_JSON_CODEC(RenameTableRequest)
LCB_JSON_CODEC(RenameTableResponse)
LCB_JSON_CODEC(RestoreTableRequest)
LCB_JSON_CODEC(RestoreTableResponse)
LCB_JSON_CODEC(DescribeTransactionRequest)
LCB_JSON_CODEC(DescribeTransactionResponse)
LCB_JSON_CODEC(ListTransactionsRequest)
LCB_JSON_CODEC(ListTransactionsResponse)
LCB_JSON_CODEC(QueryTableRequest)
LCB_JSON_CODEC(QueryTableResponse)
LCB_JSON_CODEC(GetTableHealthRequest)
LCB_JSON_CODEC(GetTableHealthResponse)
LCB_JSON_CODEC(PlanTableCleanupRequest)
LCB_JSON_CODEC(PlanTableCleanupResponse)
LCB_JSON_CODEC(CleanupTableRequest)
LCB_JSON_CODEC(CleanupTableResponse)
LCB_JSON_CODEC(DropTableRequest)
LCB_JSON_CODEC(DropTableResponse)
LCB_JSON_CODEC(GetTableStatsRequest)
LCB_JSON_CODEC(GetTableStatsResponse)

LCB_JSON_CODEC(ListTableVersionsRequest)
LCB_JSON_CODEC(ListTableVersionsResponse)
LCB_JSON_CODEC(CreateTableVersionRequest)
LCB_JSON_CODEC(CreateTableVersionResponse)
LCB_JSON_CODEC(DescribeTableVersionRequest)
LCB_JSON_CODEC(DescribeTableVersionResponse)
LCB_JSON_CODEC(BatchDeleteTableVersionsRequest)
LCB_JSON_CODEC(BatchDeleteTableVersionsResponse)
LCB_JSON_CODEC(CreateTableVersionEntry)
LCB_JSON_CODEC(BatchCreateTableVersionsRequest)
LCB_JSON_CODEC(BatchCreateTableVersionsResponse)
LCB_JSON_CODEC(BatchCommitTablesRequest)
LCB_JSON_CODEC(BatchCommitTablesResponse)

LCB_JSON_CODEC(BranchContents)
LCB_JSON_CODEC(ListTableBranchesRequest)
LCB_JSON_CODEC(ListTableBranchesResponse)
LCB_JSON_CODEC(CreateTableBranchRequest)
LCB_JSON_CODEC(DeleteTableBranchRequest)
LCB_JSON_CODEC(ListTableTagsRequest)
LCB_JSON_CODEC(ListTableTagsResponse)
LCB_JSON_CODEC(GetTableTagVersionRequest)
LCB_JSON_CODEC(GetTableTagVersionResponse)
LCB_JSON_CODEC(CreateTableTagRequest)
LCB_JSON_CODEC(UpdateTableTagRequest)
LCB_JSON_CODEC(DeleteTableTagRequest)
LCB_JSON_CODEC(TableTagChangeResponse)

#undef LCB_JSON_CODEC

/// Decodes `json` as a T. On failure the ApiError (kind Decode) names the JSON path.
template <typename T> Result<T> decode(QByteArrayView json)
{
    T value;
    if (Result<void> decoded = decodeInto(json, value); !decoded.hasValue()) {
        return decoded.error();
    }
    return value;
}

/// True when `json` is syntactically valid JSON (any value).
bool isValid(QByteArrayView json);

/// `json` re-written in `format` with numbers kept exact; nullopt if it is not valid JSON.
std::optional<QByteArray> reformat(QByteArrayView json, Format format);

/// The names of a manifest naming scheme, operation modes and behaviours, as written on the wire
/// (PascalCase). Decoding accepts any case and snake_case ("exist_ok").
QString toWireString(ManifestNamingScheme scheme);
QString toWireString(CreateNamespaceMode mode);
QString toWireString(DropNamespaceMode mode);
QString toWireString(DropNamespaceBehavior behavior);
QString toWireString(RegisterTableMode mode);

} // namespace lance::api::json
