// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QList>

namespace lance::engine {

class CatalogDatabase;

/// The journal of manifest moves (table `manifest_moves`), which makes CreateTableVersion of a
/// staged manifest crash-safe by rolling forward: "intent, commit, apply".
///
/// 1. Intent: inside the write transaction the version is recorded with its FINAL manifest
///    path, and the move (staged path -> final path) is added here; the final name must be
///    free, on disk and in the journal.
/// 2. Commit.
/// 3. Apply: the staged files are moved, and their entries cleared in a short transaction.
///
/// A crash after 2 leaves entries that the next open (and the next write of the same table)
/// settles; a crash before 2 leaves only the staged file, which the writer may stage again.
/// So a committed record always gets its file, and a final name never exists without a record
/// (the old order, move then commit, left such files, and every later CreateTableVersion of
/// that version answered 409).
///
/// Between 2 and 3 a reader can see a record whose final file is not there yet, for the
/// moment the move takes (or until recovery, if the move failed).
///
/// Settling is idempotent and safe against a concurrent settle of the same entry (another
/// engine recovering while the committer applies): staged present and final absent: move it;
/// final present: nothing to do; both missing: logged and cleared, the record then points at
/// a missing file, as after a manifest deleted by hand; a move that fails: logged, the entry
/// stays for the next settle.
class ManifestJournal
{
    Q_DECLARE_TR_FUNCTIONS(ManifestJournal)

public:
    struct Move
    {
        QString staged; //!< absolute local path of the staged manifest
        QString final;  //!< absolute local path the version record names
    };

    explicit ManifestJournal(CatalogDatabase &database)
        : m_database(database)
    {}

    /// In a write transaction: promises `move` for the table with key `tableKey`; false when a
    /// pending move promises the same final path already.
    api::Result<bool> add(const QString &tableKey, const Move &move);
    /// Whether no move is pending, for any table.
    api::Result<bool> isEmpty();
    /// In a write transaction: settles the table's pending moves and clears the settled ones.
    /// Only database failures are reported.
    api::Result<void> settleTable(const QString &tableKey);
    /// Outside a transaction: settles `moves`, which the caller has just committed, then clears
    /// their entries in a write transaction of its own. Failures are logged; whatever stays in
    /// the journal is settled later.
    void settleCommitted(const QList<Move> &moves);
    /// Outside a transaction: settles every pending move (on open, after a crash). Only
    /// database failures are reported.
    api::Result<void> recover();

private:
    /// Does the file work of one entry; true when its entry can go.
    static bool settle(const Move &move);
    /// Settles each of `moves`; answers those whose entries can go.
    static QList<Move> settleAll(const QList<Move> &moves);
    api::Result<QList<Move>> pending(const std::optional<QString> &tableKey);
    api::Result<void> clear(const QList<Move> &moves);

    CatalogDatabase &m_database;
};

} // namespace lance::engine
