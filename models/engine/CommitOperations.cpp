// SPDX-License-Identifier: Apache-2.0
#include "engine/CommitOperations.h"

#include "api/BatchCommitValidator.h"
#include "api/JsonCodec.h"
#include "api/RecordKinds.h"
#include "api/TransactionMessages.h"
#include "engine/CatalogDatabase.h"
#include "engine/CatalogTransaction.h"
#include "engine/TableOperations.h"
#include "engine/TransactionStore.h"
#include "engine/VersionOperations.h"

#include <QDateTime>
#include <QUuid>

#include <type_traits>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

using Mode = CatalogTransaction::Mode;

template <typename Response> Result<CommitTableResult> asResult(Result<Response> response)
{
    if (!response) {
        return response.error();
    }
    return CommitTableResult(std::move(*response));
}

QString newTransactionId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

// The batch's `operations` array, as its JSON text: cut from the compact encoding of a request
// that holds nothing else, `{"operations":[…]}`, rather than parsed and written again (this
// runs inside every commit's write transaction, for batches of 10,000 operations too).
QString operationsJson(const QList<CommitTableOperation> &operations)
{
    BatchCommitTablesRequest request;
    request.operations = operations;
    const QByteArray encoded = json::encode(request);
    constexpr QByteArrayView Prefix(R"({"operations":)");
    Q_ASSERT(encoded.startsWith(Prefix) && encoded.endsWith('}'));
    return QString::fromUtf8(
        QByteArrayView(encoded).sliced(Prefix.size(), encoded.size() - Prefix.size() - 1));
}

} // namespace

std::optional<std::pair<qsizetype, ApiError>>
CommitOperations::validate(const BatchCommitTablesRequest &request)
{
    const Result<void> checked = BatchCommitValidator::check(request);
    if (checked.hasValue()) {
        return std::nullopt;
    }
    if (request.operations.isEmpty()) {
        return std::pair(-1,
                         ApiError::catalog(ErrorCode::InvalidInput, checked.error().userMessage()));
    }
    // The validator names the refused operation only in its message. It reports the first
    // problem in request order and looks only backwards (for repeats), so a prefix of the batch
    // fails exactly when it holds that operation: the shortest failing prefix ends with it.
    qsizetype low = 1;
    qsizetype high = request.operations.size();
    BatchCommitTablesRequest prefix;
    while (low < high) {
        const qsizetype middle = low + (high - low) / 2;
        prefix.operations = request.operations.first(middle);
        if (!BatchCommitValidator::check(prefix).hasValue()) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    const qsizetype index = low - 1;
    const QString where
        = BatchCommitValidator::describeOperation(index, request.operations.at(index)) + u": "_s;
    QString reason = checked.error().userMessage();
    if (reason.startsWith(where)) {
        reason.remove(0, where.size());
    }
    return std::pair(index, ApiError::catalog(ErrorCode::InvalidInput, reason));
}

ApiError CommitOperations::locate(const ApiError &error, qsizetype index,
                                  const CommitTableOperation &operation, const QString &list)
{
    // Counted from 1, "operation 2 (…)"; the items of a CreateTableVersions batch are entries.
    QString where = BatchCommitValidator::describeOperation(index, operation);
    const QString standard = u"operation"_s;
    if (list == u"entries"_s && where.startsWith(standard)) {
        where.replace(0, standard.size(), u"entry"_s);
    }
    const auto code = static_cast<ErrorCode>(
        error.serverCode().value_or(static_cast<int>(ErrorCode::Internal)));
    ApiError located = ApiError::catalog(code, u"%1: %2"_s.arg(where, error.serverError()));
    located.setContext({{u"failed_operation_index"_s, QString::number(index)},
                        {u"failed_operation_kind"_s, commitOperationKey(operation)}});
    return located;
}

Result<CommitTableResult> CommitOperations::apply(CatalogTransaction &transaction,
                                                  const CommitTableOperation &operation)
{
    return std::visit(
        [&](const auto &request) -> Result<CommitTableResult> {
            using Request = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<Request, DeclareTableRequest>) {
                return asResult(m_tables.declare(transaction, request));
            } else if constexpr (std::is_same_v<Request, CreateTableVersionRequest>) {
                return asResult(m_versions.create(transaction, request));
            } else if constexpr (std::is_same_v<Request, BatchDeleteTableVersionsRequest>) {
                return asResult(m_versions.remove(transaction, request));
            } else {
                static_assert(std::is_same_v<Request, DeregisterTableRequest>);
                return asResult(m_tables.deregister(transaction, request));
            }
        },
        operation);
}

Result<void> CommitOperations::record(const QList<CommitTableOperation> &operations,
                                      const QList<CommitTableResult> &results, const QString &kind,
                                      const QString &id, const api::StringMap &properties)
{
    TransactionStore::Record record;
    record.id = id;
    record.committedMillis = QDateTime::currentMSecsSinceEpoch();
    record.actor = m_actor;
    record.kind = kind;
    record.status = u"Succeeded"_s;
    QMap<QString, int> counts;
    for (const CommitTableOperation &operation : operations) {
        ++counts[commitOperationKey(operation)];
        const QStringList names = commitOperationTarget(operation).names();
        if (!record.tables.contains(names)) {
            record.tables << names;
        }
    }
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        record.counts.insert(it.key(), QString::number(it.value()));
    }
    // What the History says as the banner does: the versions removed, not the requests.
    std::optional<qint64> deleted;
    for (const CommitTableResult &result : results) {
        if (const auto *removed = std::get_if<BatchDeleteTableVersionsResponse>(&result)) {
            deleted = deleted.value_or(0) + removed->deletedCount.value_or(0);
        }
    }
    if (deleted) {
        record.counts.insert(QString::fromLatin1(TransactionProperties::VersionsDeleted),
                             QString::number(*deleted));
    }
    for (auto it = properties.cbegin(); it != properties.cend(); ++it) {
        record.counts.insert(it.key(), it.value());
    }
    record.operations = operationsJson(operations);
    return TransactionStore(m_database).insert(std::move(record));
}

Result<CommitTableResult> CommitOperations::commitOne(const CommitTableOperation &operation,
                                                      const Origin &origin)
{
    BatchCommitTablesRequest single;
    single.operations = {operation};
    if (auto problem = validate(single)) {
        QString reason = problem->second.serverError();
        if (!reason.isEmpty()) {
            reason[0] = reason.at(0).toUpper(); // a sentence of its own now
        }
        return ApiError::catalog(ErrorCode::InvalidInput, reason);
    }
    const QString id = origin.transactionId.isEmpty() ? newTransactionId() : origin.transactionId;
    const QString kind = origin.kind.isEmpty() ? commitOperationKey(operation) : origin.kind;
    return CatalogTransaction::run<CommitTableResult>(
        m_database, Mode::Write, [&](CatalogTransaction &transaction) -> Result<CommitTableResult> {
            auto result = apply(transaction, operation);
            if (!result) {
                return result;
            }
            if (auto recorded = record({operation}, {*result}, kind, id, origin.properties);
                !recorded) {
                return recorded.error();
            }
            std::visit([&](auto &response) { response.transactionId = id; }, *result);
            return result;
        });
}

Result<BatchCommitTablesResponse>
CommitOperations::commitAll(const BatchCommitTablesRequest &request, const QString &list)
{
    if (auto problem = validate(request)) {
        if (problem->first < 0) {
            return problem->second;
        }
        return locate(problem->second, problem->first, request.operations.at(problem->first), list);
    }
    // Every operation's manifest moves wait for this one commit; a failure moved nothing.
    const QString id = newTransactionId();
    return CatalogTransaction::run<BatchCommitTablesResponse>(
        m_database, Mode::Write,
        [&](CatalogTransaction &transaction) -> Result<BatchCommitTablesResponse> {
            BatchCommitTablesResponse response;
            response.results.reserve(request.operations.size());
            for (qsizetype i = 0; i < request.operations.size(); ++i) {
                const CommitTableOperation &operation = request.operations.at(i);
                auto result = apply(transaction, operation);
                if (!result) {
                    // Another writer's doing is retried whole, not blamed on an operation.
                    return CatalogDatabase::isRetryable(result.error())
                               ? result.error()
                               : locate(result.error(), i, operation, list);
                }
                response.results.append(std::move(*result));
            }
            const QString kind = api::RecordKinds::text(
                list == u"entries"_s ? api::RecordKinds::BatchCreateTableVersions
                                     : api::RecordKinds::BatchCommit);
            if (auto recorded = record(request.operations, response.results, kind, id); !recorded) {
                return recorded.error();
            }
            response.transactionId = id;
            return response;
        });
}

} // namespace lance::engine
