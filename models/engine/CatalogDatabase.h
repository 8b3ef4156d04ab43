// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"
#include "engine/DatabaseWriteLock.h"
#include "engine/RootRelativePaths.h"

#include <QCoreApplication>
#include <QVariantList>

#include <functional>
#include <memory>
#include <span>

namespace lance::engine {

class DatabaseConnection;

/// One connection to a catalog database, with the schema created (or upgraded, or checked) on
/// open: SQLite in a catalog folder (open(): WAL journal, foreign keys on), or PostgreSQL for
/// a catalog that several servers share (openServer()).
///
/// Writers queue in two places: writers of this process on the database's DatabaseWriteLock
/// (lockWrites()), writers of other processes in the database. SQLite: its write lock with a
/// busy timeout, taken at BEGIN IMMEDIATE, so writes are serial and never conflict. PostgreSQL:
/// write transactions are SERIALIZABLE, so the database itself keeps writers of several
/// processes apart, and one that loses a race fails with a retryable error (isRetryable()),
/// which CatalogTransaction::run() runs again. The in-process lock only spares a server's own
/// writers those retries; it is not what makes PostgreSQL correct.
///
/// Statements are prepared once and kept; every call reads its rows to the end, so no
/// statement holds a read snapshot open between calls.
///
/// Threads: one thread at a time, the one that opened it.
///
/// The SQL is in the subset both accept (ON CONFLICT DO NOTHING, BIGINT, TEXT, natural keys;
/// PostgreSQL reads a parameter whose type nothing fixes, as in `length(?)`, as text); only
/// the opening, the schema check and begin() differ.
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

    /// Where a PostgreSQL catalog is: a `postgresql://` URL (no password in it) and the
    /// password file to read (none: `PGPASSFILE` or `~/.pgpass`).
    struct Server
    {
        QString url;
        std::optional<QString> passwordFile;
    };

    /// Opens (and creates) the database `file`. `populate` runs once, when this call creates
    /// the schema; a concurrent opener waits for it and then sees the filled catalog.
    static api::Result<std::unique_ptr<CatalogDatabase>>
    open(const QString &file, const Populate &populate,
         Durability durability = Durability::PowerLoss);
    /// Opens the PostgreSQL database `server` and creates or upgrades the catalog's schema in
    /// it, one opener at a time (an advisory lock), so servers starting together agree.
    /// Commits are as durable as the server's settings make them. A build without PostgreSQL
    /// support says so.
    static api::Result<std::unique_ptr<CatalogDatabase>> openServer(const Server &server,
                                                                    const Populate &populate);
    /// This process's write lock of the catalog in `server`, the one its openers take.
    static std::shared_ptr<DatabaseWriteLock> writeLockOf(const Server &server);
    /// Whether `error` ended a transaction that may simply be run again: another writer's
    /// transaction made it fail (PostgreSQL's serialization failure or a deadlock).
    static bool isRetryable(const api::ApiError &error);
    /// The file or the server's address, for messages.
    QString displayName() const;
    /// How paths inside the catalog folder are stored: relative to the folder the SQLite file
    /// is in, as given in PostgreSQL. Every reader and writer of a path column goes through it.
    const RootRelativePaths &paths() const { return m_paths; }
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
    explicit CatalogDatabase(std::unique_ptr<DatabaseConnection> connection);

    bool isSqlite() const;

    api::Result<void> configure(Durability durability);
    /// Puts the database in WAL mode; false when the file system does not allow it.
    api::Result<bool> walJournal();
    api::Result<void> ensureSchema(const Populate &populate);
    api::Result<std::optional<int>> schemaVersion();
    api::Result<void> createSchema();
    /// Brings a catalog of schema `from` to the current one.
    api::Result<void> upgradeSchema(int from);
    /// Rewrites the stored paths inside the catalog folder in their relative form.
    api::Result<void> storeRelativePaths();
    api::Result<void> executeAll(std::span<const char *const> statements);

    std::unique_ptr<DatabaseConnection> m_connection;
    std::shared_ptr<DatabaseWriteLock> m_writeLock; //!< shared by every opener in the process
    RootRelativePaths m_paths{std::nullopt};
};

} // namespace lance::engine
