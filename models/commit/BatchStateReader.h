// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QHash>
#include <QObject>
#include <QSet>

#include <deque>
#include <functional>

namespace lance::commit {

/// Reads what the server holds now for the targets of a batch's operations: the facts that
/// ConflictAnalysis, OutcomeReconciler and BatchSubmitter's not-found check judge by. Reads only,
/// never a write.
///
/// Each distinct fact is read once (two operations on one table share its TableExists), at most
/// four reads at a time. A table, version or namespace the server reports as not found is a
/// fact ("absent"), not a failure. Any other failure ends the reading: reads in flight are
/// awaited, nothing new starts, and the snapshot carries that error. `done` runs later, from the
/// event loop, exactly once per read() unless cancel() (or a new read()) came first or this
/// object was destroyed.
class BatchStateReader : public QObject
{
    Q_OBJECT

public:
    enum class Read {
        Tables = 0x1,     //!< TableExists of every target
        Versions = 0x2,   //!< create: DescribeTableVersion; delete: ListTableVersions (all pages)
        Namespaces = 0x4, //!< NamespaceExists of every namespace above every target
        Details = 0x8,    //!< declare: DescribeTable (what another client declared there)
    };
    Q_DECLARE_FLAGS(Reads, Read)

    /// What the server holds for one operation's target.
    struct OperationState
    {
        bool read = false;        //!< false for operations not asked about, and after a failed read
        bool tableExists = false; //!< with Tables
        /// With Versions, create-version operations: the version as the server records it.
        std::optional<api::TableVersion> version;
        /// With Versions, delete operations: the versions the server still lists in the ranges.
        QList<qint64> versionsInRanges;
        /// With Details, declare operations: the table as the server describes it, when it
        /// exists.
        std::optional<api::DescribeTableResponse> table;
        /// With Namespaces: the outermost namespace above the target that does not exist.
        std::optional<api::Identifier> missingNamespace;
    };

    struct Snapshot
    {
        QList<OperationState> operations;   //!< one per operation of the request, in its order
        std::optional<api::ApiError> error; //!< the read that failed: the snapshot is incomplete
    };
    using Done = std::function<void(const Snapshot &snapshot)>;

    explicit BatchStateReader(api::CatalogService &service, QObject *parent = nullptr);
    ~BatchStateReader() override;

    /// Reads `reads` for the operations at `indexes` of `request` (all of them when empty).
    /// Starting again cancels the reading in progress.
    void read(const api::BatchCommitTablesRequest &request, QList<qsizetype> indexes, Reads reads,
              Done done);
    /// Stops reading; `done` is not called.
    void cancel();
    bool isRunning() const { return static_cast<bool>(m_done); }

private:
    using Task = std::function<api::RequestHandle()>;

    void plan(const api::CommitTableOperation &operation, Reads reads);
    void startMore();
    /// A read has ended: `error` is set when it failed for a reason other than "not found".
    void onRead(quint64 generation, std::optional<api::ApiError> error);
    void finish();

    api::CatalogService &m_service;
    api::BatchCommitTablesRequest m_request;
    QList<qsizetype> m_indexes;
    Done m_done;
    quint64 m_generation = 0; //!< answers of an earlier read() are dropped
    std::deque<Task> m_queue;
    QList<api::RequestHandle> m_inFlight;
    int m_running = 0;
    std::optional<api::ApiError> m_error;

    // Facts by key (names joined by NUL, plus branch and version where they matter).
    QSet<QString> m_planned;
    QHash<QString, bool> m_tableExists;
    QHash<QString, api::DescribeTableResponse> m_described; //!< table key -> description
    QHash<QString, bool> m_namespaceExists;
    QHash<QString, std::optional<api::TableVersion>> m_versions;
    QHash<QString, QList<api::TableVersion>> m_versionLists;
};

} // namespace lance::commit

Q_DECLARE_OPERATORS_FOR_FLAGS(lance::commit::BatchStateReader::Reads)
