// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "commit/BatchStateReader.h"
#include "commit/CommitOutcome.h"
#include "commit/ConflictAnalysis.h"

#include <QObject>

namespace lance::commit {

/// Sends a staged batch as exactly one BatchCommitTables and says what became of it.
///
/// It never sends a batch again by itself, whatever the answer: a retry is the caller's decision
/// (CommitOutcome says when one is safe). Before finished() it completes the outcome with reads
/// (never writes):
///  - Conflict: the conflicting operations, from the server's index or by reading the server's
///    state (ConflictAnalysis);
///  - NotFound: which namespace or table is missing, by asking the server (NamespaceExists from
///    the top down, TableExists), falling back to what the error's code says.
///
/// One batch at a time. Never blocks; finished() is emitted later, once per accepted submit().
/// Destroying the submitter while a batch is in flight abandons its answer, so its outcome is
/// then unknown to everyone: keep it alive until finished().
class BatchSubmitter : public QObject
{
    Q_OBJECT

public:
    explicit BatchSubmitter(api::CatalogService &service, QObject *parent = nullptr);

    /// Sends `request`. Returns false, and sends nothing, while another batch is in flight.
    bool submit(const api::BatchCommitTablesRequest &request);
    /// A batch is in flight or its outcome is being completed: staging should stay frozen.
    bool isBusy() const { return m_busy; }
    /// The batch last given to submit().
    const api::BatchCommitTablesRequest &request() const { return m_request; }

signals:
    void busyChanged(bool busy);
    void finished(const lance::commit::CommitOutcome &outcome);

private:
    void onAnswer(api::Result<api::BatchCommitTablesResponse> answer);
    void findConflicts(CommitOutcome outcome);
    void onConflictsFound(const ConflictAnalysis::Result &result);
    void findMissing(CommitOutcome outcome);
    void finish(const CommitOutcome &outcome);

    api::CatalogService &m_service;
    api::BatchCommitTablesRequest m_request;
    ConflictAnalysis m_analysis;
    BatchStateReader m_reader;
    api::RequestHandle m_inFlight;
    CommitOutcome m_pending; //!< a conflict waiting for its analysis
    bool m_busy = false;
};

} // namespace lance::commit
