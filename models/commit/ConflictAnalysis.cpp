// SPDX-License-Identifier: Apache-2.0
#include "commit/ConflictAnalysis.h"

#include "commit/OperationText.h"
#include "format/LocalPaths.h"

#include <QSet>
#include <QTimer>

namespace lance::commit {

namespace {

QString propertiesText(const api::StringMap &properties)
{
    QStringList pairs;
    for (auto it = properties.cbegin(); it != properties.cend(); ++it) {
        pairs << it.key() + u'=' + it.value();
    }
    return pairs.join(u", ");
}

// "the location L and the properties a=1" / "no location and no properties".
QString declarationText(const std::optional<QString> &location, const api::StringMap &properties)
{
    const QString where = location && !location->isEmpty()
                              ? ConflictAnalysis::tr("the location %1").arg(*location)
                              : ConflictAnalysis::tr("no location given");
    const QString what
        = properties.isEmpty()
              ? ConflictAnalysis::tr("no properties")
              : ConflictAnalysis::tr("the properties %1").arg(propertiesText(properties));
    return ConflictAnalysis::tr("%1 and %2").arg(where, what);
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
    const quint64 generation = m_generation;
    const BatchStateReader::Reads reads = BatchStateReader::Read::Tables
                                          | BatchStateReader::Read::Versions
                                          | BatchStateReader::Read::Details;
    if (!outcome.conflicts().isEmpty()) {
        // The server named the operation; what it holds there now is still read, so that the
        // steward sees the other side (a table someone declared, the manifest of a version).
        QList<qsizetype> indexes;
        for (const CommitOutcome::Conflict &conflict : outcome.conflicts()) {
            indexes << conflict.index;
        }
        m_reader.read(request, indexes, reads,
                      [this, generation, request, conflicts = outcome.conflicts()](
                          const BatchStateReader::Snapshot &snapshot) mutable {
                          if (generation != m_generation) {
                              return;
                          }
                          for (CommitOutcome::Conflict &conflict : conflicts) {
                              conflict.current = currentState(request, snapshot, conflict.index);
                          }
                          Result result;
                          result.source = Source::ServerIndex;
                          result.conflicts = std::move(conflicts);
                          m_running = false;
                          emit finished(result);
                      });
        return;
    }
    m_reader.read(request, {}, reads,
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

QString ConflictAnalysis::currentState(const api::BatchCommitTablesRequest &request,
                                       const BatchStateReader::Snapshot &snapshot, qsizetype index)
{
    if (index < 0 || index >= snapshot.operations.size() || index >= request.operations.size()) {
        return {};
    }
    const BatchStateReader::OperationState &state = snapshot.operations.at(index);
    const api::CommitTableOperation &operation = request.operations.at(index);
    if (!state.read) {
        return {};
    }
    if (const auto *declare = std::get_if<api::DeclareTableRequest>(&operation)) {
        if (!state.table) {
            return state.tableExists ? tr("The table exists; its details could not be read.")
                                     : tr("No table of that name now.");
        }
        const api::StringMap properties = state.table->properties.value_or(api::StringMap());
        const QString theirs = declarationText(state.table->location, properties);
        const QString ours = declarationText(declare->location, declare->properties);
        return theirs == ours
                   ? tr("Declared with %1, the same as the staged declaration.").arg(theirs)
                   : tr("Declared with %1; the staged declaration has %2.").arg(theirs, ours);
    }
    if (!state.tableExists) {
        return tr("No table %1 now.")
            .arg(OperationText::table(api::commitOperationTarget(operation)));
    }
    if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
        if (!state.version) {
            return tr("Version %1 does not exist now.").arg(create->version);
        }
        // A local path and its object-store form ("tmp/x", as the engine answers) name one
        // file: compared as people read them.
        return format::LocalPaths::readable(state.version->manifestPath)
                       == format::LocalPaths::readable(create->manifestPath)
                   ? tr("Version %1 exists with the manifest %2, the same as the staged one.")
                         .arg(create->version)
                         .arg(format::LocalPaths::readable(state.version->manifestPath))
                   : tr("Version %1 exists with the manifest %2; the staged one is %3.")
                         .arg(create->version)
                         .arg(format::LocalPaths::readable(state.version->manifestPath),
                              format::LocalPaths::readable(create->manifestPath));
    }
    return {};
}

QList<CommitOutcome::Conflict> ConflictAnalysis::judge(const api::BatchCommitTablesRequest &request,
                                                       const BatchStateReader::Snapshot &snapshot)
{
    QList<CommitOutcome::Conflict> conflicts;
    QSet<QString> declaredEarlier;
    for (qsizetype i = 0; i < request.operations.size() && i < snapshot.operations.size(); ++i) {
        const api::CommitTableOperation &operation = request.operations.at(i);
        const BatchStateReader::OperationState &state = snapshot.operations.at(i);
        const QString table = api::commitOperationTarget(operation).key();
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
                             .arg(format::LocalPaths::readable(state.version->manifestPath));
            }
        }
        if (declaresIt) {
            declaredEarlier.insert(table);
        }
        if (reason) {
            conflicts.append({i, OperationText::numbered(i, operation), *reason,
                              currentState(request, snapshot, i)});
        }
    }
    return conflicts;
}

} // namespace lance::commit
