// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/TransactionMessages.h"

#include <QCoreApplication>

namespace lance::engine {

class CatalogDatabase;

/// DescribeTransaction and ListTransactions: the history CommitOperations records, read.
class HistoryOperations
{
    Q_DECLARE_TR_FUNCTIONS(HistoryOperations)

public:
    explicit HistoryOperations(CatalogDatabase &database)
        : m_database(database)
    {}

    /// TransactionNotFound for an id the history does not hold.
    api::Result<api::DescribeTransactionResponse>
    describe(const api::DescribeTransactionRequest &request);
    /// Newest first, in pages; only those of `request.table` when given.
    api::Result<api::ListTransactionsResponse> list(const api::ListTransactionsRequest &request);

private:
    CatalogDatabase &m_database;
};

} // namespace lance::engine
