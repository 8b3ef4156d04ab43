// SPDX-License-Identifier: Apache-2.0
#include "commit/BatchSubmitter.h"

#include <QSet>

namespace lance::commit {

namespace {

// What the server's answers show to be missing, for the operations that were read.
QList<CommitOutcome::Missing> missingIn(const api::BatchCommitTablesRequest &request,
                                        const BatchStateReader::Snapshot &snapshot)
{
    using Missing = CommitOutcome::Missing;
    QList<Missing> missing;
    QSet<QString> seen;
    QSet<QString> declaredEarlier;
    const auto add = [&](Missing::What what, const api::Identifier &id, qsizetype index) {
        const QString key = (what == Missing::What::Namespace ? u'n' : u't') + id.key();
        if (!seen.contains(key)) {
            seen.insert(key);
            missing.append({what, id, index});
        }
    };
    for (qsizetype i = 0; i < request.operations.size() && i < snapshot.operations.size(); ++i) {
        const api::CommitTableOperation &operation = request.operations.at(i);
        const api::Identifier &target = api::commitOperationTarget(operation);
        const BatchStateReader::OperationState &state = snapshot.operations.at(i);
        const bool declares = std::holds_alternative<api::DeclareTableRequest>(operation);
        if (state.read) {
            if (state.missingNamespace) {
                add(Missing::What::Namespace, *state.missingNamespace, i);
            } else if (!declares && !state.tableExists && !declaredEarlier.contains(target.key())) {
                add(Missing::What::Table, target, i);
            }
        }
        if (declares) {
            declaredEarlier.insert(target.key());
        }
    }
    return missing;
}

} // namespace

BatchSubmitter::BatchSubmitter(api::CatalogService &service, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_analysis(service)
    , m_reader(service)
{
    connect(&m_analysis, &ConflictAnalysis::finished, this, &BatchSubmitter::onConflictsFound);
}

bool BatchSubmitter::submit(const api::BatchCommitTablesRequest &request)
{
    if (m_busy) {
        return false;
    }
    m_request = request;
    m_busy = true;
    emit busyChanged(true);
    m_inFlight = m_service.call(m_request, this,
                                [this](api::Result<api::BatchCommitTablesResponse> answer) {
                                    onAnswer(std::move(answer));
                                });
    return true;
}

void BatchSubmitter::onAnswer(api::Result<api::BatchCommitTablesResponse> answer)
{
    m_inFlight = {};
    if (answer) {
        finish(CommitOutcome::committed(std::move(*answer)));
        return;
    }
    CommitOutcome outcome = CommitOutcome::fromError(answer.error(), m_request);
    switch (outcome.kind()) {
    case CommitOutcome::Kind::Conflict:
        findConflicts(std::move(outcome));
        return;
    case CommitOutcome::Kind::NotFound:
        findMissing(std::move(outcome));
        return;
    default:
        finish(outcome);
        return;
    }
}

void BatchSubmitter::findConflicts(CommitOutcome outcome)
{
    m_pending = std::move(outcome); // completed in onConflictsFound()
    m_analysis.analyse(m_request, m_pending.error());
}

void BatchSubmitter::onConflictsFound(const ConflictAnalysis::Result &result)
{
    if (!result.conflicts.isEmpty()) {
        m_pending.setConflicts(result.conflicts);
    }
    finish(m_pending);
}

void BatchSubmitter::findMissing(CommitOutcome outcome)
{
    QList<qsizetype> indexes;
    if (outcome.failedOperationIndex()) {
        indexes.append(*outcome.failedOperationIndex());
    }
    m_reader.read(
        m_request, indexes, BatchStateReader::Read::Tables | BatchStateReader::Read::Namespaces,
        [this, outcome](const BatchStateReader::Snapshot &snapshot) mutable {
            // A failed reading proves nothing; the error's code still says something.
            if (!snapshot.error) {
                const QList<CommitOutcome::Missing> found = missingIn(m_request, snapshot);
                if (!found.isEmpty()) {
                    outcome.setMissing(found);
                }
            }
            finish(outcome);
        });
}

void BatchSubmitter::finish(const CommitOutcome &outcome)
{
    m_busy = false;
    emit busyChanged(false);
    emit finished(outcome);
}

} // namespace lance::commit
