// SPDX-License-Identifier: Apache-2.0
#include "engine/HistoryOperations.h"

#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/PageToken.h"
#include "engine/TransactionStore.h"

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

using Mode = CatalogTransaction::Mode;

} // namespace

Result<DescribeTransactionResponse>
HistoryOperations::describe(const DescribeTransactionRequest &request)
{
    const QStringList names = request.id.names();
    if (names.size() != 1 || names.first().isEmpty()) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("A transaction is named by its id alone, one name."));
    }
    return CatalogTransaction::run<DescribeTransactionResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<DescribeTransactionResponse> {
            auto found = TransactionStore(m_database).find(names.first());
            if (!found) {
                return found.error();
            }
            if (!*found) {
                return ApiError::catalog(
                    ErrorCode::TransactionNotFound,
                    tr("This catalog has no transaction %1.").arg(names.first()));
            }
            DescribeTransactionResponse response;
            response.status = (*found)->status;
            response.properties = TransactionStore::properties(**found);
            return response;
        });
}

Result<ListTransactionsResponse> HistoryOperations::list(const ListTransactionsRequest &request)
{
    std::optional<QString> tableKey;
    if (request.table) {
        const Identifier table(request.table->split(u'$'));
        if (const auto problem = CatalogNames::checkTable(table); !problem.hasValue()) {
            return problem.error();
        }
        tableKey = CatalogNames::key(table);
    }
    const auto page
        = PageToken::page(PageToken::Kind::Transactions, request.limit, request.pageToken);
    if (!page) {
        return page.error();
    }
    std::optional<qint64> before;
    if (page->after) {
        bool ok = false;
        before = page->after->toLongLong(&ok);
        if (!ok) {
            return ApiError::catalog(ErrorCode::InvalidInput,
                                     tr("The page token is not one this listing gave out; start "
                                        "again without a token."));
        }
    }
    return CatalogTransaction::run<ListTransactionsResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<ListTransactionsResponse> {
            auto records = TransactionStore(m_database).list(tableKey, before, page->fetch());
            if (!records) {
                return records.error();
            }
            ListTransactionsResponse response;
            response.pageToken = PageToken::takePage(
                *records, page->size, PageToken::Kind::Transactions,
                [](const TransactionStore::Record &r) { return QString::number(r.sequence); });
            for (const TransactionStore::Record &record : std::as_const(*records)) {
                response.transactions.append(
                    {record.id, record.status, TransactionStore::properties(record)});
            }
            return response;
        });
}

} // namespace lance::engine
