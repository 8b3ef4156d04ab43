// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "commit/BatchStateReader.h"
#include "commit/CommitOutcome.h"

#include <QObject>

namespace lance::commit {

/// Finds which operations of a batch conflict with the server after a 409, and what the server
/// holds there now (Conflict::current: the table someone else declared, with its location and
/// properties; the manifest an existing version points at, and whether it is the staged one).
///
/// When the server names the failing operation (lance-catalog-server and the embedded catalog
/// put `failed_operation_index` in the error's context) that is the answer, with the server's
/// reason. Otherwise the server's state is read for every operation (TableExists, and
/// DescribeTableVersion for new versions) and an operation conflicts when:
///  - it declares a table that exists now;
///  - it creates a version that exists now;
///  - it acts on a table (new version, deleted versions, deregistration) that is gone, unless an
///    earlier operation of the batch declares it.
/// Reads only; never blocks; finished() is emitted later, once per analyse(), unless cancelled.
class ConflictAnalysis : public QObject
{
    Q_OBJECT

public:
    enum class Source {
        ServerIndex, //!< the server named the operation
        ServerState, //!< found by reading the server's state
    };

    struct Result
    {
        /// In request order; empty when nothing explains the conflict (the state changed again,
        /// or the server conflicts on something these reads do not see).
        QList<CommitOutcome::Conflict> conflicts;
        Source source = Source::ServerState;
        /// A read failed: the conflicts found before it are listed, others may be missing.
        std::optional<api::ApiError> readError;
    };

    explicit ConflictAnalysis(api::CatalogService &service, QObject *parent = nullptr);

    /// Analyses the 409 `error` that `request` got. Starting again cancels the analysis running.
    void analyse(const api::BatchCommitTablesRequest &request, const api::ApiError &error);
    void cancel();
    bool isRunning() const { return m_running; }

    /// The conflicts the server's state shows (the rules above), without reading: for callers
    /// that hold a snapshot already.
    static QList<CommitOutcome::Conflict> judge(const api::BatchCommitTablesRequest &request,
                                                const BatchStateReader::Snapshot &snapshot);

    /// What the server holds for operation `index` of `request` in `snapshot` (read with
    /// Tables, Versions and Details), in one sentence; empty when it was not read.
    static QString currentState(const api::BatchCommitTablesRequest &request,
                                const BatchStateReader::Snapshot &snapshot, qsizetype index);

signals:
    void finished(const lance::commit::ConflictAnalysis::Result &result);

private:
    void emitLater(Result result);

    BatchStateReader m_reader;
    bool m_running = false;
    quint64 m_generation = 0;
};

} // namespace lance::commit

Q_DECLARE_METATYPE(lance::commit::ConflictAnalysis::Result)
