// SPDX-License-Identifier: Apache-2.0
// Requests and responses about the catalog's transactions: the spec's DescribeTransaction, and
// ListTransactions, this product's extension for the history of a catalog (the spec describes
// one transaction by id but has no listing).
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"
#include "api/Result.h"

namespace lance::api {

/// What a transaction record says in its `properties` (DescribeTransactionResponse and each
/// listed transaction): the keys, all strings as the spec's map wants them.
struct TransactionProperties
{
    static constexpr auto CommittedAt = "committed_at"; //!< ISO 8601, UTC, milliseconds
    static constexpr auto Actor = "actor";              //!< the credential, or "local"
    static constexpr auto Kind = "kind";                //!< "batch_commit", "restore", ...
    /// The operations as the batch commit's JSON `operations` array, as one string.
    static constexpr auto Operations = "operations";
    /// The tables the transaction touched: a JSON array of their identifiers' names.
    static constexpr auto Tables = "tables";
    /// Counts per operation kind: the batch's keys, "declare_table", "create_table_version",
    /// "delete_table_versions", "deregister_table", each present when not 0.
    /// How many version records the transaction's deletes removed, when it has any (the
    /// operations count requests, each of which may remove many).
    static constexpr auto VersionsDeleted = "versions_deleted";
};

/// `POST /v1/transaction/{id}/describe`: `id` holds the transaction id as its one name.
struct DescribeTransactionRequest
{
    Identifier id;
    StringMap context;

    bool operator==(const DescribeTransactionRequest &) const = default;
};

struct DescribeTransactionResponse
{
    QString status; //!< "Succeeded": the history keeps committed transactions only
    StringMap properties;
    StringMap context;

    bool operator==(const DescribeTransactionResponse &) const = default;
};

/// One transaction of a listing.
struct TransactionSummary
{
    QString id;
    QString status;
    StringMap properties;

    bool operator==(const TransactionSummary &) const = default;
};

/// `GET /v1/transaction/list` (extension): the catalog's transactions, newest first, in pages;
/// with `table`, those that touched the table whose names it joins with `$`.
struct ListTransactionsRequest
{
    std::optional<QString> table;
    std::optional<QString> pageToken;
    std::optional<qint64> limit;
    StringMap context;

    bool operator==(const ListTransactionsRequest &) const = default;
};

struct ListTransactionsResponse
{
    QList<TransactionSummary> transactions;
    std::optional<QString> pageToken;
    StringMap context;

    bool operator==(const ListTransactionsResponse &) const = default;
};

} // namespace lance::api
