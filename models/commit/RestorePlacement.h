// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/Result.h"
#include "details/ManifestAccess.h"
#include "details/RestoreSpool.h"

#include <QStringList>

namespace lance::commit {

/// The files of staged restores on their way into their tables with one commit: place() writes
/// them (details::RestoreSpool::place()) just before the batch is sent, and the commit's end
/// says what becomes of them: taken() by the catalog (the kept copies go), or refused() (what
/// was written is removed again, the kept copies stay for the next commit). What the outcome
/// leaves unknown stays placed: the catalog may hold it. Blocking file work of a few small
/// files, on the thread that commits.
class RestorePlacement
{
public:
    RestorePlacement(details::ManifestAccess access, details::RestoreSpool spool)
        : m_access(std::move(access))
        , m_spool(std::move(spool))
    {}

    /// Writes into their tables the kept files of every restore `operations` create. When one
    /// cannot be written, what this call wrote is removed again and the error says which.
    api::Result<void> place(const QList<api::CommitTableOperation> &operations);
    /// The catalog holds `operations` (some of those placed, or all): their kept copies go.
    void taken(const QList<api::CommitTableOperation> &operations);
    /// Nothing else placed was applied: its files leave the tables again.
    void refused();
    /// The files placed and neither taken nor refused yet, as this machine names them.
    const QStringList &placed() const { return m_placed; }

private:
    /// The table file of the staged restore `operation` creates, if it is one kept here.
    std::optional<QString> keptRestore(const api::CommitTableOperation &operation) const;

    details::ManifestAccess m_access;
    details::RestoreSpool m_spool;
    QStringList m_placed;
};

} // namespace lance::commit
