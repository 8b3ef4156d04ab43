// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "commit/CommitOutcome.h"

#include <QObject>

namespace lance::commit {

/// Applies a batch's operations one at a time with the single-operation endpoints (DeclareTable,
/// CreateTableVersion, BatchDeleteTableVersions, DeregisterTable), for servers without batch
/// commits. Not atomic: the caller must have asked the person first.
///
/// Stops at the first failure; the operations after it are not sent. Each operation is sent
/// exactly once, never again by itself. The report lists exactly which operations were applied
/// (always a prefix of the batch) and why the next one failed. When that failure is Unknown (the
/// answer was lost), that one operation may or may not have been applied: OutcomeReconciler on a
/// batch of just that operation tells.
///
/// Never blocks; finished() is emitted later, once per accepted apply().
class SequentialApplier : public QObject
{
    Q_OBJECT

public:
    struct Report
    {
        QList<qsizetype> applied;              //!< indexes applied, in order: 0, 1, ... k-1
        QList<api::CommitTableResult> results; //!< the server's answer for each applied one
        std::optional<qsizetype> failedIndex;  //!< the operation that failed; later ones unsent
        std::optional<CommitOutcome> failure;  //!< why it failed, classified as for a batch
        QString message;                       //!< one sentence

        bool isComplete() const { return !failedIndex; }
    };

    explicit SequentialApplier(api::CatalogService &service, QObject *parent = nullptr);

    /// Starts applying `request`. False, and nothing sent, while an earlier one runs.
    bool apply(const api::BatchCommitTablesRequest &request);
    bool isRunning() const { return m_running; }
    const api::BatchCommitTablesRequest &request() const { return m_request; }

signals:
    /// Operation `index` was applied (emitted before the next one is sent).
    void operationApplied(qsizetype index, const api::CommitTableResult &result);
    void finished(const lance::commit::SequentialApplier::Report &report);

private:
    void sendNext();
    void onAnswer(api::Result<api::CommitTableResult> answer);
    void finish();

    api::CatalogService &m_service;
    api::BatchCommitTablesRequest m_request;
    Report m_report;
    qsizetype m_next = 0;
    bool m_running = false;
};

} // namespace lance::commit

Q_DECLARE_METATYPE(lance::commit::SequentialApplier::Report)
