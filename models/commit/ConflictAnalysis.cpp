// SPDX-License-Identifier: Apache-2.0
#include "commit/ConflictAnalysis.h"

#include "commit/OperationText.h"

#include <QSet>
#include <QTimer>

namespace lance::commit {

namespace {

QString keyOf(const api::Identifier &id)
{
    return id.names().join(QChar(0));
}

} // namespace

ConflictAnalysis::ConflictAnalysis(api::CatalogService &service, QObject *parent)
    : QObject(parent)
    , m_reader(service)
{}

void ConflictAnalysis::cancel()
{
    ++m_generation;
    m_reader.cancel();
    m_running = false;
}

void ConflictAnalysis::emitLater(Result result)
{
    const quint64 generation = m_generation;
    QTimer::singleShot(0, this, [this, generation, result = std::move(result)] {
        if (generation == m_generation) {
            m_running = false;
            emit finished(result);
        }
    });
}

void ConflictAnalysis::analyse(const api::BatchCommitTablesRequest &request,
                               const api::ApiError &error)
{
    cancel();
    m_running = true;
    const CommitOutcome outcome = CommitOutcome::fromError(error, request);
    if (!outcome.conflicts().isEmpty()) {
        Result result;
        result.source = Source::ServerIndex;
        result.conflicts = outcome.conflicts();
        emitLater(std::move(result));
        return;
    }
    const quint64 generation = m_generation;
    m_reader.read(request, {}, BatchStateReader::Read::Tables | BatchStateReader::Read::Versions,
                  [this, generation, request](const BatchStateReader::Snapshot &snapshot) {
                      if (generation != m_generation) {
                          return;
                      }
                      Result result;
                      result.source = Source::ServerState;
                      result.conflicts = judge(request, snapshot);
                      result.readError = snapshot.error;
                      m_running = false;
                      emit finished(result);
                  });
}

QList<CommitOutcome::Conflict> ConflictAnalysis::judge(const api::BatchCommitTablesRequest &request,
                                                       const BatchStateReader::Snapshot &snapshot)
{
    QList<CommitOutcome::Conflict> conflicts;
    QSet<QString> declaredEarlier;
    for (qsizetype i = 0; i < request.operations.size() && i < snapshot.operations.size(); ++i) {
        const api::CommitTableOperation &operation = request.operations.at(i);
        const BatchStateReader::OperationState &state = snapshot.operations.at(i);
        const QString table = keyOf(api::commitOperationTarget(operation));
        const bool declaresIt = std::holds_alternative<api::DeclareTableRequest>(operation);
        std::optional<QString> reason;
        if (!state.read) {
            // Not read (the reading stopped at an error): no claim either way.
        } else if (declaresIt) {
            if (state.tableExists) {
                reason = tr("the table exists on the server now");
            }
        } else if (!state.tableExists && !declaredEarlier.contains(table)) {
            reason = tr("the table no longer exists on the server");
        } else if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
            if (state.version) {
                reason = tr("version %1 exists on the server now, with the manifest %2")
                             .arg(create->version)
                             .arg(state.version->manifestPath);
            }
        }
        if (declaresIt) {
            declaredEarlier.insert(table);
        }
        if (reason) {
            conflicts.append({i, OperationText::numbered(i, operation), *reason});
        }
    }
    return conflicts;
}

} // namespace lance::commit
