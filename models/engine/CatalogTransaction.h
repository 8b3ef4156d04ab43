// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "engine/DatabaseWriteLock.h"
#include "engine/ManifestJournal.h"

#include <QList>
#include <QSet>

#include <functional>

namespace lance::engine {

class CatalogDatabase;

/// A database transaction that rolls back unless committed, plus the manifest moves that belong
/// to it, in the order "intent, commit, apply" (see ManifestJournal): a move is promised in the
/// journal inside the transaction and done after the commit. A transaction that fails before
/// its commit moves nothing.
///
/// A write transaction holds this process's write lock of the database file (see
/// DatabaseWriteLock) from before `BEGIN IMMEDIATE` until its COMMIT or ROLLBACK, and never
/// longer: the moves after the commit run without it.
class CatalogTransaction
{
    Q_DECLARE_TR_FUNCTIONS(CatalogTransaction)

public:
    enum class Mode {
        Read,  //!< a consistent snapshot for several queries
        Write, //!< holds the write locks from begin() to the end
    };

    CatalogTransaction(CatalogDatabase &database, Mode mode);
    ~CatalogTransaction();

    CatalogTransaction(const CatalogTransaction &) = delete;
    CatalogTransaction &operator=(const CatalogTransaction &) = delete;

    CatalogDatabase &database() const { return m_database; }

    api::Result<void> begin();
    /// Commits, releases the write lock, then moves the manifests and clears their journal
    /// entries. An error means the commit failed: nothing is applied and nothing moved. Once
    /// the commit succeeded the answer is success: a move that fails then is logged and left
    /// in the journal, and the next recovery (engine open, or the next write of that table)
    /// completes it.
    api::Result<void> commit();

    /// Promises, in the journal, to move the staged manifest `from` of the table with key
    /// `tableKey` to `to` after the commit; false when a pending move promises `to` already.
    api::Result<bool> moveAfterCommit(const QString &tableKey, const QString &from,
                                      const QString &to);
    /// Runs `action` once the commit succeeded (not when it failed or the work was refused):
    /// the clean-up that must not happen before the catalog holds the record, such as
    /// removing a staging object whose manifest now has its final name on a store. A crash
    /// before it runs leaves only that garbage behind.
    void afterCommit(std::function<void()> action);
    /// True when a move of this transaction takes `path` away.
    bool isMoveSource(const QString &path) const;
    /// Settles the moves other commits left pending for the table with key `tableKey` (a
    /// crash, a failed move), once per table and transaction: before the transaction adds
    /// moves of its own, so those never move before the commit.
    api::Result<void> settlePendingMoves(const QString &tableKey);

    /// For tests only: while set, commit() returns right after the database COMMIT and leaves
    /// the moves in the journal, as a process killed at that point would. Process-wide.
    static void setStopAfterCommitForTests(bool stop);

    /// Runs `work(transaction)` in a transaction of `mode` and commits when it succeeds. When
    /// another writer's transaction made it fail (CatalogDatabase::isRetryable(): PostgreSQL's
    /// serialization failures), runs it again in a new transaction, up to MaxAttempts times in
    /// all with a short, growing pause between; then the failure stands (409,
    /// ConcurrentModification). `work` must therefore produce its result afresh each time.
    template <typename T, typename Work>
    static api::Result<T> run(CatalogDatabase &database, Mode mode, Work &&work)
    {
        for (int attempt = 1;; ++attempt) {
            api::Result<T> result = runOnce<T>(database, mode, work);
            if (result || attempt >= MaxAttempts || !isRetryable(result.error())) {
                return result;
            }
            pauseBeforeAttempt(attempt + 1);
        }
    }

    /// How many times run() tries a transaction that other writers keep failing.
    static constexpr int MaxAttempts = 10;

private:
    template <typename T, typename Work>
    static api::Result<T> runOnce(CatalogDatabase &database, Mode mode, Work &work)
    {
        CatalogTransaction transaction(database, mode);
        if (const auto problem = transaction.begin(); !problem.hasValue()) {
            return problem.error();
        }
        api::Result<T> result = work(transaction);
        if (result) {
            if (const auto problem = transaction.commit(); !problem.hasValue()) {
                return problem.error();
            }
        }
        return result;
    }
    static bool isRetryable(const api::ApiError &error);
    /// A pause that grows with `attempt`, with some randomness so that two writers that failed
    /// each other do not meet again at once.
    static void pauseBeforeAttempt(int attempt);

    CatalogDatabase &m_database;
    Mode m_mode;
    bool m_open = false;
    DatabaseWriteLock::Guard m_writeLock; //!< owned from begin() to the end (Write mode)
    QList<ManifestJournal::Move> m_moves;
    QList<std::function<void()>> m_afterCommit;
    QSet<QString> m_settledTables;
    /// The journal held nothing when this transaction first asked: no table has a move to
    /// settle (only this transaction adds entries now, each after its table was settled).
    bool m_journalWasEmpty = false;
};

} // namespace lance::engine
