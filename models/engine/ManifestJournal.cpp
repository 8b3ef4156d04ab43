// SPDX-License-Identifier: Apache-2.0
#include "engine/ManifestJournal.h"

#include "api/FileSync.h"
#include "engine/CatalogDatabase.h"
#include "engine/CatalogTransaction.h"
#include "engine/EngineLogging.h"
#include "engine/NoReplaceMove.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;
using lance::api::Empty;
using lance::api::Result;

namespace lance::engine {

Result<bool> ManifestJournal::add(const QString &tableKey, const Move &move)
{
    return m_database
        .execute(
            u"INSERT INTO manifest_moves (final_path, staged_path, "
            "table_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"_s,
            {m_database.paths().store(move.final), m_database.paths().store(move.staged), tableKey})
        .transform([](qint64 added) { return added > 0; }); // 0: it was there already
}

Result<QList<ManifestJournal::Move>>
ManifestJournal::pending(const std::optional<QString> &tableKey)
{
    const QString select = u"SELECT staged_path, final_path FROM manifest_moves"_s;
    auto rows = tableKey ? m_database.select(select + u" WHERE table_id = ?"_s, {*tableKey})
                         : m_database.select(select);
    if (!rows) {
        return rows.error();
    }
    QList<Move> moves;
    moves.reserve(rows->size());
    for (const CatalogDatabase::Row &row : std::as_const(*rows)) {
        moves.append(Move{m_database.paths().resolve(row.value(0).toString()),
                          m_database.paths().resolve(row.value(1).toString())});
    }
    return moves;
}

api::Result<void> ManifestJournal::clear(const QList<Move> &moves)
{
    for (const Move &move : moves) {
        if (auto removed = m_database.execute(u"DELETE FROM manifest_moves WHERE final_path = ?"_s,
                                              {m_database.paths().store(move.final)});
            !removed) {
            return removed.error();
        }
    }
    return {};
}

bool ManifestJournal::settle(const Move &move)
{
    // The staged file is looked at first: a concurrent settle of this entry makes it vanish
    // only after the final name exists (an atomic rename, or link() before unlink()), so "both
    // missing" cannot be a race.
    if (QFileInfo::exists(move.staged)) {
        const api::Result<NoReplaceMove::Outcome> moved
            = NoReplaceMove::move(move.staged, move.final);
        if (!moved) {
            if (QFileInfo::exists(move.staged)) {
                qCWarning(lcEngine)
                    << "the committed manifest" << move.staged << "cannot be moved to" << move.final
                    << "yet:" << moved.error().userMessage()
                    << "- it stays in the journal for the next recovery";
                return false;
            }
            // a concurrent settle moved it: judged below
        } else if (*moved == NoReplaceMove::Outcome::Moved) {
            // Before the answer: a version that is answered must not vanish in a power loss.
            // The move itself is done and recorded, so a failed sync is reported, not undone.
            if (const auto synced = api::FileSync::renamed(move.staged, move.final);
                !synced.hasValue()) {
                qCWarning(lcEngine) << "the committed manifest" << move.final
                                    << "was moved but not synced:" << synced.error().userMessage();
            }
            return true;
        } else {
            // The final name was free when the version was committed. Either a move by link()
            // and unlink() was cut short (both names, one file), or someone wrote the name
            // since (a writer bypassing the catalog, an older build); the record keeps it.
            qCWarning(lcEngine) << "the committed manifest" << move.final
                                << "exists already; its staged file" << move.staged
                                << "is left in place";
            return true;
        }
    }
    if (!QFileInfo::exists(move.final)) {
        // Nothing to roll forward; the record names a missing manifest, as if it had been
        // deleted by hand. Readers of that version get the store's "not found".
        qCWarning(lcEngine) << "the committed manifest" << move.final << "and its staged file"
                            << move.staged << "are both missing; its version record stays";
    }
    return true;
}

QList<ManifestJournal::Move> ManifestJournal::settleAll(const QList<Move> &moves)
{
    QList<Move> settled;
    for (const Move &move : moves) {
        if (settle(move)) {
            settled.append(move);
        }
    }
    return settled;
}

api::Result<bool> ManifestJournal::isEmpty()
{
    return m_database.selectsAny(u"SELECT 1 FROM manifest_moves LIMIT 1"_s).transform([](bool any) {
        return !any;
    });
}

api::Result<void> ManifestJournal::settleTable(const QString &tableKey)
{
    auto moves = pending(tableKey);
    if (!moves) {
        return moves.error();
    }
    // Usually none. If this transaction rolls back, the entries come back and the next settle
    // finds the files in place.
    return moves->isEmpty() ? Result<void>() : clear(settleAll(*moves));
}

void ManifestJournal::settleCommitted(const QList<Move> &moves)
{
    const QList<Move> settled = settleAll(moves);
    if (settled.isEmpty()) {
        return;
    }
    auto cleared = CatalogTransaction::run<Empty>(
        m_database, CatalogTransaction::Mode::Write, [&](CatalogTransaction &) -> Result<Empty> {
            if (const auto problem = clear(settled); !problem.hasValue()) {
                return problem.error();
            }
            return Empty();
        });
    if (!cleared) {
        // Harmless: the next settle finds the files in place and clears the entries then.
        qCWarning(lcEngine) << "the manifest move journal cannot be cleared:"
                            << cleared.error().serverError();
    }
}

api::Result<void> ManifestJournal::recover()
{
    // Read without the write lock: entries are only ever settled forward, so working from a
    // snapshot is safe, and an empty journal (the usual open) costs one query.
    auto moves = pending(std::nullopt);
    if (!moves) {
        return moves.error();
    }
    if (!moves->isEmpty()) {
        qCInfo(lcEngine) << "completing" << moves->size()
                         << "manifest move(s) committed before an interruption";
        settleCommitted(*moves);
    }
    return {};
}

} // namespace lance::engine
