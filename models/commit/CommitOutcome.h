// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/BatchMessages.h"

#include <QCoreApplication>
#include <QMetaType>

#include <optional>

namespace lance::commit {

/// What became of one batch commit, in the terms a person acts on: committed (with the
/// server's results), or why not, and whether anything may have been applied.
///
/// Every kind but Committed and Unknown means nothing was applied (the spec's all-or-nothing
/// promise), so the staged batch stays as it is. Unknown means the batch may or may not have been
/// applied: read the server's state (OutcomeReconciler) before sending it again.
class CommitOutcome
{
    Q_DECLARE_TR_FUNCTIONS(CommitOutcome)

public:
    enum class Kind {
        Committed,         //!< 2xx: every operation applied; results() in request order
        Conflict,          //!< 409 or code 14: the server's state conflicts with an operation
        AuthFailed,        //!< 401/403: sign in again, then send the same batch
        NotFound,          //!< 404 with an error body: a namespace or table is missing
        ServerError,       //!< 5xx (not 501), 429: nothing applied, sending again is safe
        NetworkBeforeSend, //!< the request never left (TLS handshake failed): safe to send again
        Unknown,           //!< the answer was lost after sending: applied or not, nobody knows
        Unsupported,       //!< no batch commit here: 404 without a JSON body, 405, 406/code 0, 501
        Invalid,           //!< 400 and other 4xx, or refused before sending: the reason says why
    };

    /// One operation that conflicts with the server's state, and why.
    struct Conflict
    {
        qsizetype index = -1; //!< in the request, from 0
        QString operation;    //!< "operation 3 (create version 4 of sales$orders)"
        QString reason;       //!< a sentence fragment from the server or from reading its state
        /// What the server holds there now, as read after the conflict: "declared with the
        /// location s3://b/t.lance and the properties owner=ana (the staged one: …)". Empty
        /// when it could not be read.
        QString current;

        bool operator==(const Conflict &) const = default;
    };

    /// A namespace or table the batch needs and the server does not have.
    struct Missing
    {
        enum class What { Namespace, Table };
        What what = What::Table;
        api::Identifier id;
        qsizetype index = -1; //!< the operation that needs it, from 0

        bool operator==(const Missing &) const = default;
    };

    CommitOutcome() = default; //!< Unknown, with no error: only as a placeholder

    static CommitOutcome committed(api::BatchCommitTablesResponse response);
    /// Classifies the failure of `request`. The failing operation's index is `failedIndex` when
    /// given (SequentialApplier knows it), else the error's context entry
    /// `failed_operation_index` (lance-catalog-server and the embedded catalog set it) when it
    /// names an operation of `request`. A network error that may have happened after the
    /// request went out (a closed or reset connection, a timeout, any error Qt does not tie to
    /// the time before sending) is Unknown: never guess "not applied". A refused connection or
    /// an unresolved host (ApiError::isNeverSent) is NetworkBeforeSend.
    static CommitOutcome fromError(const api::ApiError &error,
                                   const api::BatchCommitTablesRequest &request,
                                   std::optional<qsizetype> failedIndex = std::nullopt);

    Kind kind() const { return m_kind; }
    bool isCommitted() const { return m_kind == Kind::Committed; }
    /// Certainly nothing was applied: every kind but Committed and Unknown.
    bool nothingApplied() const { return m_kind != Kind::Committed && m_kind != Kind::Unknown; }
    /// Sending the same batch again unchanged is safe and may succeed (ServerError,
    /// NetworkBeforeSend); AuthFailed too, once the credentials are fixed.
    bool isRetrySafe() const;

    /// Committed: the server's answer, results in request order.
    const api::BatchCommitTablesResponse &response() const { return m_response; }
    std::optional<QString> transactionId() const { return m_response.transactionId; }
    /// Committed: the manifest path the server recorded for a create-version operation (after
    /// moving a staged manifest to its final name), or nothing for other kinds of operation.
    std::optional<QString> finalManifestPath(qsizetype index) const;

    /// Every kind but Committed: the error as the service reported it.
    const api::ApiError &error() const { return m_error; }
    int httpStatus() const { return m_error.httpStatus(); } //!< 0: no HTTP answer
    std::optional<int> serverCode() const { return m_error.serverCode(); }
    QString serverMessage() const { return m_error.serverError(); }
    /// The operation the server named as the failing one, from 0.
    std::optional<qsizetype> failedOperationIndex() const { return m_failedIndex; }

    /// Conflict: the conflicting operations, as far as known (the server's index, or what
    /// ConflictAnalysis found by reading the server's state).
    const QList<Conflict> &conflicts() const { return m_conflicts; }
    QList<qsizetype> conflictingOperations() const;
    void setConflicts(QList<Conflict> conflicts) { m_conflicts = std::move(conflicts); }
    /// NotFound: what is missing, as far as known.
    const QList<Missing> &missing() const { return m_missing; }
    void setMissing(QList<Missing> missing) { m_missing = std::move(missing); }

    /// One translated sentence saying what happened and what it means for the staged batch.
    QString message() const;
    /// A stable lower-case name for logs: "committed", "conflict", "auth_failed", "not_found",
    /// "server_error", "network_before_send", "unknown", "unsupported", "invalid".
    static QString kindName(Kind kind);

private:
    static Kind classify(const api::ApiError &error);
    QString conflictSentence() const;
    QString missingSentence() const;

    Kind m_kind = Kind::Unknown;
    api::BatchCommitTablesResponse m_response;
    api::ApiError m_error;
    std::optional<qsizetype> m_failedIndex;
    QList<Conflict> m_conflicts;
    QList<Missing> m_missing;
};

} // namespace lance::commit

Q_DECLARE_METATYPE(lance::commit::CommitOutcome)
