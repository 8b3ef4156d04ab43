// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogTransaction.h"

#include "engine/CatalogDatabase.h"
#include "engine/EngineLogging.h"

#include <QRandomGenerator>
#include <QThread>

#include <algorithm>
#include <atomic>

using lance::api::Result;

namespace lance::engine {

namespace {

std::atomic<bool> stopAfterCommit{false};

} // namespace

CatalogTransaction::CatalogTransaction(CatalogDatabase &database, Mode mode)
    : m_database(database)
    , m_mode(mode)
{}

CatalogTransaction::~CatalogTransaction()
{
    if (m_open) {
        m_database.rollback();
    }
    // m_writeLock unlocks after this, so the rollback ran under it.
}

api::Result<void> CatalogTransaction::begin()
{
    Q_ASSERT(!m_open);
    if (m_mode == Mode::Write) {
        // This process's writers queue here, before SQLite's lock, where they would sleep.
        auto locked = m_database.lockWrites();
        if (!locked) {
            return locked.error();
        }
        m_writeLock = std::move(*locked);
    }
    auto problem = m_database.begin(m_mode == Mode::Write);
    m_open = problem.hasValue();
    if (!problem.hasValue() && m_writeLock.owns_lock()) {
        m_writeLock.unlock();
    }
    return problem;
}

Result<bool> CatalogTransaction::moveAfterCommit(const QString &tableKey, const QString &from,
                                                 const QString &to)
{
    Q_ASSERT(m_mode == Mode::Write && m_open);
    const ManifestJournal::Move move{from, to};
    auto added = ManifestJournal(m_database).add(tableKey, move);
    if (added && *added) {
        m_moves.append(move);
    }
    return added;
}

bool CatalogTransaction::isMoveSource(const QString &path) const
{
    return std::any_of(m_moves.cbegin(), m_moves.cend(),
                       [&](const ManifestJournal::Move &move) { return move.staged == path; });
}

api::Result<void> CatalogTransaction::settlePendingMoves(const QString &tableKey)
{
    Q_ASSERT(m_mode == Mode::Write && m_open);
    if (m_journalWasEmpty || m_settledTables.contains(tableKey)) {
        return {};
    }
    ManifestJournal journal(m_database);
    if (m_settledTables.isEmpty()) {
        // Asked once: a batch of 5,000 creates would otherwise ask the journal 5,000 times.
        auto empty = journal.isEmpty();
        if (!empty) {
            return empty.error();
        }
        m_journalWasEmpty = *empty;
        if (m_journalWasEmpty) {
            return {};
        }
    }
    m_settledTables.insert(tableKey);
    return journal.settleTable(tableKey);
}

api::Result<void> CatalogTransaction::commit()
{
    Q_ASSERT(m_open);
    m_open = false;
    auto problem = m_database.commit(); // rolls back when it fails
    if (m_writeLock.owns_lock()) {
        m_writeLock.unlock();
    }
    if (!problem.hasValue()) {
        return problem;
    }
    if (!m_moves.isEmpty() && !stopAfterCommit.load()) {
        ManifestJournal(m_database).settleCommitted(m_moves);
    }
    if (!stopAfterCommit.load()) {
        for (const auto &action : std::as_const(m_afterCommit)) {
            action();
        }
    }
    return {};
}

void CatalogTransaction::afterCommit(std::function<void()> action)
{
    m_afterCommit.append(std::move(action));
}

bool CatalogTransaction::isRetryable(const api::ApiError &error)
{
    return CatalogDatabase::isRetryable(error);
}

void CatalogTransaction::pauseBeforeAttempt(int attempt)
{
    // Said, so that an operator sees contention between servers in the log.
    qCInfo(lcEngine) << "a write lost a race with another writer's transaction; running it "
                        "again, attempt"
                     << attempt << "of" << MaxAttempts;
    // 1, 2, 4, … 32 ms at most, and up to as much again at random: ten attempts wait about half
    // a second in all, far below a client's timeout.
    const int base = 1 << std::min(attempt - 2, 5);
    const int jitter = QRandomGenerator::global()->bounded(base + 1);
    QThread::msleep(ulong(base) + ulong(jitter));
}

void CatalogTransaction::setStopAfterCommitForTests(bool stop)
{
    stopAfterCommit.store(stop);
}

} // namespace lance::engine
