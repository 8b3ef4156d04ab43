// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/Result.h"
#include "commit/CommitOutcome.h"
#include "details/ManifestAccess.h"
#include "details/RestoreSpool.h"

#include <QCoreApplication>
#include <QHash>
#include <QStringList>

#include <optional>

namespace lance::commit {

/// The files of staged restores on their way into their tables with one commit: place() writes
/// them (details::RestoreSpool::place()) just before the batch is sent, and the commit's end
/// says what becomes of them: taken() by the catalog (the kept copies go), or refused() (what
/// was written is removed again, the kept copies stay for the next commit). Only an outcome
/// that says nothing was applied refuses (isRefusal()): a lost answer or a server error leaves
/// the files placed, since the catalog may hold them, and removing a committed version's files
/// would lose it. Blocking file work of a few small files; for a table on an object store
/// (reachStore()), requests to the store: then place() runs off the GUI thread.
class RestorePlacement
{
    Q_DECLARE_TR_FUNCTIONS(RestorePlacement)

public:
    RestorePlacement(details::ManifestAccess access, details::RestoreSpool spool)
        : m_access(std::move(access))
        , m_spool(std::move(spool))
    {}

    /// How the restores of `table`, a table on an object store, reach it (the session's
    /// VendedAccess): their files are written there, by their URIs. Blocking network work
    /// then, in place() and refused(): any thread but the GUI's for place(); refused() sends
    /// its removals to Qt's thread pool.
    void reachStore(const api::Identifier &table, const details::ManifestAccess &access);
    /// The tables on a store whose restores `operations` create (by a URI no folder of the
    /// path mapping covers): reachStore() each before place().
    QList<api::Identifier> storeTables(const QList<api::CommitTableOperation> &operations) const;

    /// Writes into their tables the kept files of every restore `operations` create. When one
    /// cannot be written, or a restore's files are neither kept nor in its table (nothing must
    /// name a manifest that is not there), what this call wrote is removed again and the error
    /// says which.
    api::Result<void> place(const QList<api::CommitTableOperation> &operations);
    /// The catalog holds `operations` (some of those placed, or all): their kept copies go.
    void taken(const QList<api::CommitTableOperation> &operations);
    /// The operations from index `from` on were not applied: their files leave the tables.
    void refused(qsizetype from = 0);
    /// The files placed and neither taken nor refused yet, as this machine names them.
    QStringList placed() const;

    /// `outcome` says that nothing it was about was applied: a conflict, a refusal of the
    /// request, credentials refused, no batch commit here, or a request that never left.
    static bool isRefusal(const CommitOutcome &outcome);

private:
    /// Where the restore `operation` creates has its manifest here: nothing when it is not a
    /// restore, or its table is not reachable from here.
    std::optional<QString> restoreFile(const api::CommitTableOperation &operation) const;

    /// The restore `operation` creates, when it is written to its table's store.
    const api::CreateTableVersionRequest *onStore(const api::CommitTableOperation &operation) const;
    struct Placed;
    /// Removes what place() wrote of `placed`; from a store on Qt's thread pool when
    /// `elsewhere` (refused() runs on the GUI thread).
    void withdrawPlaced(const Placed &placed, bool elsewhere) const;
    /// place() of one restore on its table's store.
    api::Result<bool> placeOnStore(const api::CreateTableVersionRequest &create) const;
    /// The store a restore on a store is written to, as reachStore() gave it.
    std::optional<engine::TableStores::Table> storeFor(const api::Identifier &table) const;

    details::ManifestAccess m_access;
    details::RestoreSpool m_spool;
    QHash<QString, details::ManifestAccess> m_stores; //!< by Identifier::key()
    /// The operation's index, its file or URI, and its table when on a store.
    struct Placed
    {
        qsizetype index;
        QString file;
        std::optional<api::Identifier> storeTable;
    };
    QList<Placed> m_placed;
};

} // namespace lance::commit
