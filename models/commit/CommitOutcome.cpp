// SPDX-License-Identifier: Apache-2.0
#include "commit/CommitOutcome.h"

#include "api/BatchCommitValidator.h"
#include "commit/OperationText.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace lance::commit {

namespace {

// Texts from elsewhere are embedded in one sentence of ours: no final full stop of their own.
QString asClause(QString text)
{
    text = text.simplified();
    while (text.endsWith(u'.')) {
        text.chop(1);
    }
    return text;
}

std::optional<qsizetype> failedIndexOf(const api::ApiError &error, qsizetype count)
{
    bool ok = false;
    const qsizetype index = error.context().value(u"failed_operation_index"_s).toLongLong(&ok);
    if (!ok || index < 0 || index >= count) {
        return std::nullopt;
    }
    return index;
}

// Our server starts its text with "operation 3 (create_table_version of a$t): "; the
// conflict is shown beside the operation already, so the rest is the reason.
QString reasonWithoutPrefix(const QString &text, qsizetype index,
                            const api::CommitTableOperation &operation)
{
    const QString where = api::BatchCommitValidator::describeOperation(index, operation) + u": "_s;
    return asClause(text.startsWith(where) ? text.mid(where.size()) : text);
}

} // namespace

CommitOutcome CommitOutcome::committed(api::BatchCommitTablesResponse response)
{
    CommitOutcome outcome;
    outcome.m_kind = Kind::Committed;
    outcome.m_response = std::move(response);
    return outcome;
}

CommitOutcome::Kind CommitOutcome::classify(const api::ApiError &error)
{
    using ErrorKind = api::ApiError::Kind;
    switch (error.kind()) {
    case ErrorKind::InvalidInput:
        return Kind::Invalid; // refused before sending: the request itself is wrong
    case ErrorKind::Tls:
        return Kind::NetworkBeforeSend; // the request is written only after the handshake
    case ErrorKind::Network:
        if (error.isNeverSent()) {
            return Kind::NetworkBeforeSend; // refused or unresolved: no request went out
        }
        [[fallthrough]];
    case ErrorKind::Timeout:
    case ErrorKind::Cancelled:
        // A closed or reset connection and a timeout can come after the server got the batch,
        // and so can network errors Qt does not tie to connecting: a write whose fate is not
        // known is never reported as "not applied".
    case ErrorKind::Decode:
        // A 2xx whose body cannot be read: applied, by the status, but nothing confirms what;
        // reading the server's state is the honest answer.
        return Kind::Unknown;
    case ErrorKind::Http:
        break;
    }
    if (error.isUnsupported()) {
        return Kind::Unsupported;
    }
    if (error.isAuthError()) {
        return Kind::AuthFailed;
    }
    if (error.isConflict()) {
        return Kind::Conflict;
    }
    if (error.isNotFound()) {
        return Kind::NotFound;
    }
    const int status = error.httpStatus();
    if (status >= 500 || error.isTransient()) {
        return Kind::ServerError;
    }
    return Kind::Invalid;
}

CommitOutcome CommitOutcome::fromError(const api::ApiError &error,
                                       const api::BatchCommitTablesRequest &request,
                                       std::optional<qsizetype> failedIndex)
{
    CommitOutcome outcome;
    outcome.m_kind = classify(error);
    outcome.m_error = error;
    outcome.m_failedIndex
        = failedIndex && *failedIndex >= 0 && *failedIndex < request.operations.size()
              ? failedIndex
              : failedIndexOf(error, request.operations.size());
    if (!outcome.m_failedIndex) {
        return outcome;
    }
    const qsizetype index = *outcome.m_failedIndex;
    const api::CommitTableOperation &operation = request.operations.at(index);
    if (outcome.m_kind == Kind::Conflict) {
        outcome.m_conflicts = {Conflict{index,
                                        OperationText::numbered(index, operation),
                                        reasonWithoutPrefix(error.serverError(), index, operation),
                                        {}}};
    } else if (outcome.m_kind == Kind::NotFound) {
        // What the code says; BatchSubmitter asks the server which namespace exactly.
        const api::Identifier &target = api::commitOperationTarget(operation);
        if (error.serverCode() == static_cast<int>(api::ErrorCode::NamespaceNotFound)) {
            outcome.m_missing = {Missing{Missing::What::Namespace, target.parent(), index}};
        } else if (error.serverCode() == static_cast<int>(api::ErrorCode::TableNotFound)) {
            outcome.m_missing = {Missing{Missing::What::Table, target, index}};
        }
    }
    return outcome;
}

bool CommitOutcome::isRetrySafe() const
{
    return m_kind == Kind::ServerError || m_kind == Kind::NetworkBeforeSend
           || m_kind == Kind::AuthFailed;
}

std::optional<QString> CommitOutcome::finalManifestPath(qsizetype index) const
{
    if (index < 0 || index >= m_response.results.size()) {
        return std::nullopt;
    }
    const auto *created = std::get_if<api::CreateTableVersionResponse>(&m_response.results[index]);
    if (!created || !created->version) {
        return std::nullopt;
    }
    return created->version->manifestPath;
}

QList<qsizetype> CommitOutcome::conflictingOperations() const
{
    QList<qsizetype> indexes;
    for (const Conflict &conflict : m_conflicts) {
        indexes.append(conflict.index);
    }
    return indexes;
}

QString CommitOutcome::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Committed:
        return u"committed"_s;
    case Kind::Conflict:
        return u"conflict"_s;
    case Kind::AuthFailed:
        return u"auth_failed"_s;
    case Kind::NotFound:
        return u"not_found"_s;
    case Kind::ServerError:
        return u"server_error"_s;
    case Kind::NetworkBeforeSend:
        return u"network_before_send"_s;
    case Kind::Unknown:
        return u"unknown"_s;
    case Kind::Unsupported:
        return u"unsupported"_s;
    case Kind::Invalid:
        return u"invalid"_s;
    }
    return {};
}

QString CommitOutcome::conflictSentence() const
{
    const QString server = m_error.serverError().isEmpty() ? tr("HTTP %1").arg(m_error.httpStatus())
                                                           : asClause(m_error.serverError());
    if (m_conflicts.isEmpty()) {
        return tr("Nothing was committed: the server reported a conflict (%1); refresh and review "
                  "the staged operations.")
            .arg(server);
    }
    QStringList parts;
    for (const Conflict &conflict : m_conflicts) {
        parts.append(conflict.reason.isEmpty()
                         ? conflict.operation
                         : tr("%1: %2").arg(conflict.operation, conflict.reason));
    }
    return tr("Nothing was committed: the server's state conflicts with %1.")
        .arg(parts.join(u"; "_s));
}

QString CommitOutcome::missingSentence() const
{
    if (m_missing.isEmpty()) {
        return tr("Nothing was committed: the server is missing a namespace or table the batch "
                  "needs (%1).")
            .arg(asClause(m_error.serverError().isEmpty() ? m_error.userMessage()
                                                          : m_error.serverError()));
    }
    QStringList parts;
    for (const Missing &missing : m_missing) {
        parts.append(missing.what == Missing::What::Namespace
                         ? tr("namespace %1").arg(OperationText::table(missing.id))
                         : tr("table %1").arg(OperationText::table(missing.id)));
    }
    return tr("Nothing was committed: the server has no %1.").arg(parts.join(tr(", no ")));
}

QString CommitOutcome::message() const
{
    switch (m_kind) {
    case Kind::Committed: {
        // Spelled out rather than "%n operation(s)": the app ships no English plural forms.
        const qsizetype count = m_response.results.size();
        const QString id = m_response.transactionId.value_or(QString());
        if (count == 1) {
            return id.isEmpty() ? tr("The operation was committed.")
                                : tr("The operation was committed in transaction %1.").arg(id);
        }
        return id.isEmpty()
                   ? tr("All %1 operations were committed.").arg(count)
                   : tr("All %1 operations were committed in transaction %2.").arg(count).arg(id);
    }
    case Kind::Conflict:
        return conflictSentence();
    case Kind::AuthFailed:
        return m_error.httpStatus() == 403
                       || m_error.serverCode() == static_cast<int>(api::ErrorCode::PermissionDenied)
                   ? tr("Nothing was committed: these credentials may not change this catalog "
                        "(HTTP %1); sign in with others and submit again.")
                         .arg(m_error.httpStatus())
                   : tr("Nothing was committed: the server did not accept the credentials (HTTP "
                        "%1); sign in again and submit the same batch.")
                         .arg(m_error.httpStatus());
    case Kind::NotFound:
        return missingSentence();
    case Kind::ServerError:
        return tr("Nothing was committed: the server failed (%1); the batch is still staged and "
                  "can be sent again.")
            .arg(asClause(m_error.userMessage()));
    case Kind::NetworkBeforeSend:
        return tr("The batch was not sent (%1); it is still staged and can be sent again.")
            .arg(asClause(m_error.userMessage()));
    case Kind::Unknown:
        return tr("The outcome is unknown (%1): the batch may have been applied; read the "
                  "server's state before sending it again.")
            .arg(asClause(m_error.userMessage()));
    case Kind::Unsupported:
        return tr("This server does not support batch commits (HTTP %1); the operations can only "
                  "be applied one by one, without the all-or-nothing guarantee.")
            .arg(m_error.httpStatus());
    case Kind::Invalid:
        return tr("The batch was refused as invalid: %1.")
            .arg(asClause(m_error.serverError().isEmpty() ? m_error.userMessage()
                                                          : m_error.serverError()));
    }
    return {};
}

} // namespace lance::commit
