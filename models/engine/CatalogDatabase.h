// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"
#include "engine/DatabaseWriteLock.h"

#include <QCoreApplication>
#include <QVariantList>

#include <functional>
#include <memory>
#include <span>

namespace lance::engine {

class SqliteConnection;

/// One connection to a catalog database (SQLite, through SqliteConnection): WAL journal,
/// foreign keys on, and the schema created (or upgraded, or checked) on open.
/// Writers queue in two places: writers of this process on the file's DatabaseWriteLock
/// (lockWrites()), writers of other processes on SQLite's lock with a busy timeout.
///
/// Statements are prepared once and kept; every call reads its rows to the end and resets the
/// statement, so no statement holds a read snapshot open between calls.
///
/// Threads: one thread at a time, the one that opened it.
///
/// The SQL stays in the subset PostgreSQL also accepts (ON CONFLICT DO NOTHING, BIGINT, TEXT,
/// natural keys); only open(), the schema check and the write lock of begin() are
/// SQLite-specific.
class CatalogDatabase
{
    Q_DECLARE_TR_FUNCTIONS(CatalogDatabase)

public:
    using Row = QVariantList;
    /// Runs inside the transaction that creates the schema, to fill a new catalog.
    using Populate = std::function<api::Result<void>(CatalogDatabase &)>;

    /// How far a commit is on the disk when commit() returns.
    enum class Durability {
        /// Synced (`synchronous = FULL`): an answered commit survives a power loss.
        PowerLoss,
        /// In the log, synced at checkpoints only (`NORMAL`): survives a crashed process, and a
        /// power loss can take the last commits back. For benchmarks and throwaway catalogs.
        ProcessCrash,
    };

    /// Opens (and creates) the database `file`. `populate` runs once, when this call creates
    /// the schema; a concurrent opener waits for it and then sees the filled catalog.
    static api::Result<std::unique_ptr<CatalogDatabase>>
    open(const QString &file, const Populate &populate,
         Durability durability = Durability::PowerLoss);
    ~CatalogDatabase();

    CatalogDatabase(const CatalogDatabase &) = delete;
    CatalogDatabase &operator=(const CatalogDatabase &) = delete;

    /// Runs a statement that changes rows; answers how many it changed.
    api::Result<qint64> execute(const QString &sql, const QVariantList &values = {});
    /// Runs a query and answers all its rows.
    api::Result<QList<Row>> select(const QString &sql, const QVariantList &values = {});
    /// The first row of a query, or nothing.
    api::Result<std::optional<Row>> selectOne(const QString &sql, const QVariantList &values = {});
    /// The first column of every row, as text.
    api::Result<QStringList> selectTexts(const QString &sql, const QVariantList &values = {});
    /// True when the query answers a row.
    api::Result<bool> selectsAny(const QString &sql, const QVariantList &values = {});

    /// Takes this process's write lock of the database file, waiting up to the busy timeout
    /// (ServiceUnavailable after it). Take it before begin(true) and keep it until the
    /// transaction has ended; CatalogTransaction does both.
    api::Result<DatabaseWriteLock::Guard> lockWrites();
    /// Starts a transaction. A write transaction takes SQLite's write lock at once (`BEGIN
    /// IMMEDIATE`): a writer of another process waits here for the first (up to the busy
    /// timeout) instead of failing later with a deadlock.
    api::Result<void> begin(bool write);
    api::Result<void> commit();
    void rollback();

    /// Maps are stored as JSON object text.
    static QString mapToText(const api::StringMap &map);
    static api::StringMap mapFromText(const QString &text);
    /// NULL for nothing.
    static QVariant optionalValue(const std::optional<qint64> &value);
    static QVariant optionalValue(const std::optional<QString> &value);

private:
    explicit CatalogDatabase(std::unique_ptr<SqliteConnection> connection);

    api::Result<void> configure(Durability durability);
    /// Puts the database in WAL mode; false when the file system does not allow it.
    api::Result<bool> walJournal();
    api::Result<void> ensureSchema(const Populate &populate);
    api::Result<std::optional<int>> schemaVersion();
    api::Result<void> createSchema();
    api::Result<void> upgradeSchema();
    api::Result<void> executeAll(std::span<const char *const> statements);

    std::unique_ptr<SqliteConnection> m_connection;
    std::shared_ptr<DatabaseWriteLock> m_writeLock; //!< shared by every opener of the file
};

} // namespace lance::engine
