// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QList>

namespace lance::engine {

class CatalogDatabase;

/// A database transaction that rolls back unless committed, plus the manifest moves that belong
/// to it. Moves run last, just before the database commit: if one fails, the earlier ones are
/// moved back and the transaction rolls back; if the commit fails, all are moved back (best
/// effort). So a version record and its manifest file appear together or not at all.
class CatalogTransaction
{
    Q_DECLARE_TR_FUNCTIONS(CatalogTransaction)

public:
    enum class Mode {
        Read,  //!< a consistent snapshot for several queries
        Write, //!< holds the database's write lock from begin() to the end
    };

    CatalogTransaction(CatalogDatabase &database, Mode mode);
    ~CatalogTransaction();

    CatalogTransaction(const CatalogTransaction &) = delete;
    CatalogTransaction &operator=(const CatalogTransaction &) = delete;

    CatalogDatabase &database() const { return m_database; }

    std::optional<api::ApiError> begin();
    /// Applies the moves, then commits. On failure nothing is left applied, and failedOwner()
    /// names the owner of the failed move (-1 when the commit itself failed).
    std::optional<api::ApiError> commit();

    /// The owner of the moves added from now on (a batch sets the operation index).
    void setOwner(int owner) { m_owner = owner; }
    int failedOwner() const { return m_failedOwner; }

    /// Moves `from` to `to` at commit time, refusing to replace an existing `to`.
    void moveOnCommit(const QString &from, const QString &to);
    /// True when an earlier move of this transaction takes `path` away or puts a file there.
    bool isMoveSource(const QString &path) const;
    bool isMoveTarget(const QString &path) const;

    /// Runs `work(transaction)` in a transaction of `mode` and commits when it succeeds.
    template <typename T, typename Work>
    static api::Result<T> run(CatalogDatabase &database, Mode mode, Work &&work)
    {
        CatalogTransaction transaction(database, mode);
        if (auto problem = transaction.begin()) {
            return *problem;
        }
        api::Result<T> result = work(transaction);
        if (result) {
            if (auto problem = transaction.commit()) {
                return *problem;
            }
        }
        return result;
    }

private:
    struct Move
    {
        QString from;
        QString to;
        int owner = -1;
    };

    std::optional<api::ApiError> applyMoves();
    void undoMoves(qsizetype count);

    CatalogDatabase &m_database;
    Mode m_mode;
    bool m_open = false;
    int m_owner = -1;
    int m_failedOwner = -1;
    QList<Move> m_moves;
};

} // namespace lance::engine
