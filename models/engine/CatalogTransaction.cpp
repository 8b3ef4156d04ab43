// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogTransaction.h"

#include "engine/CatalogDatabase.h"
#include "engine/EngineLogging.h"
#include "engine/ManifestFiles.h"

#include <algorithm>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;

namespace lance::engine {

CatalogTransaction::CatalogTransaction(CatalogDatabase &database, Mode mode)
    : m_database(database)
    , m_mode(mode)
{}

CatalogTransaction::~CatalogTransaction()
{
    if (m_open) {
        m_database.rollback();
    }
}

std::optional<ApiError> CatalogTransaction::begin()
{
    Q_ASSERT(!m_open);
    auto problem = m_database.begin(m_mode == Mode::Write);
    m_open = !problem;
    return problem;
}

void CatalogTransaction::moveOnCommit(const QString &from, const QString &to)
{
    Q_ASSERT(m_mode == Mode::Write);
    m_moves.append(Move{from, to, m_owner});
}

bool CatalogTransaction::isMoveSource(const QString &path) const
{
    return std::any_of(m_moves.cbegin(), m_moves.cend(),
                       [&](const Move &move) { return move.from == path; });
}

bool CatalogTransaction::isMoveTarget(const QString &path) const
{
    return std::any_of(m_moves.cbegin(), m_moves.cend(),
                       [&](const Move &move) { return move.to == path; });
}

std::optional<ApiError> CatalogTransaction::commit()
{
    Q_ASSERT(m_open);
    if (auto problem = applyMoves()) {
        m_database.rollback();
        m_open = false;
        return problem;
    }
    m_open = false;
    if (auto problem = m_database.commit()) {
        undoMoves(m_moves.size());
        m_failedOwner = -1;
        return problem;
    }
    return std::nullopt;
}

std::optional<ApiError> CatalogTransaction::applyMoves()
{
    for (qsizetype i = 0; i < m_moves.size(); ++i) {
        const Move &move = m_moves.at(i);
        QString reason;
        const ManifestFiles::MoveResult result
            = ManifestFiles::moveNoReplace(move.from, move.to, &reason);
        if (result == ManifestFiles::MoveResult::Moved) {
            continue;
        }
        undoMoves(i);
        m_failedOwner = move.owner;
        if (result == ManifestFiles::MoveResult::TargetExists) {
            return ApiError::catalog(ErrorCode::ConcurrentModification,
                                     tr("The manifest %1 exists already: another writer "
                                        "committed this version.")
                                         .arg(move.to));
        }
        return ApiError::catalog(
            ErrorCode::Internal,
            tr("The staged manifest %1 cannot be moved to %2: %3").arg(move.from, move.to, reason));
    }
    return std::nullopt;
}

void CatalogTransaction::undoMoves(qsizetype count)
{
    for (qsizetype i = count - 1; i >= 0; --i) {
        const Move &move = m_moves.at(i);
        QString reason;
        if (ManifestFiles::moveNoReplace(move.to, move.from, &reason)
            != ManifestFiles::MoveResult::Moved) {
            qCWarning(lcEngine) << "cannot move the manifest" << move.to << "back to" << move.from
                                << reason;
        }
    }
}

} // namespace lance::engine
