// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogDatabase.h"

#include "engine/EngineLogging.h"
#include "engine/SqliteConnection.h"
#ifdef LCB_WITH_POSTGRESQL
#include "engine/PostgresConnection.h"
#endif

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QUrl>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

namespace {

// 1: catalog records; 2: adds the manifest move journal (manifest_moves); 3: adds the history
// of committed transactions (catalog_transactions); 4: paths inside the catalog folder are
// stored relative to it (RootRelativePaths).
constexpr int SchemaVersion = 5;
// Long enough for a queue of writers (a 10,000-operation batch takes well under a second),
// short enough that a stuck writer is reported instead of hanging a request forever. Both
// queues use it: this process's write lock, then SQLite's lock shared with other processes.
constexpr int BusyTimeoutMs = 30000;
constexpr int JournalRetryMs = 5;
// The advisory lock under which one opener of a PostgreSQL catalog creates or upgrades its
// schema while the others wait: "LCB_" in ASCII, a key no other program is likely to take.
constexpr qint64 SchemaLockKey = 0x4c43425f;

// Names are the natural keys: a namespace or table is its names joined with `$` (which no
// name may contain); the root namespace is the empty string and the one row without parent.
// Children go with their parent (ON DELETE CASCADE): dropping a namespace with Cascade, or a
// table, removes every catalog entry below it in one statement.
const char *const SchemaStatements[] = {
    "CREATE TABLE schema_info (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE catalog_namespaces ("
    " id TEXT NOT NULL PRIMARY KEY,"
    " parent TEXT REFERENCES catalog_namespaces (id) ON DELETE CASCADE,"
    " name TEXT NOT NULL,"
    " properties TEXT NOT NULL,"
    " UNIQUE (parent, name))",
    "CREATE TABLE catalog_tables ("
    " id TEXT NOT NULL PRIMARY KEY,"
    " namespace TEXT NOT NULL REFERENCES catalog_namespaces (id) ON DELETE CASCADE,"
    " name TEXT NOT NULL,"
    " location TEXT NOT NULL,"
    " properties TEXT NOT NULL,"
    " UNIQUE (namespace, name))",
    "CREATE TABLE table_versions ("
    " table_id TEXT NOT NULL REFERENCES catalog_tables (id) ON DELETE CASCADE,"
    " branch TEXT NOT NULL,"
    " version BIGINT NOT NULL,"
    " manifest_path TEXT NOT NULL,"
    " manifest_size BIGINT,"
    " e_tag TEXT,"
    " timestamp_millis BIGINT,"
    " metadata TEXT NOT NULL,"
    " PRIMARY KEY (table_id, branch, version))",
    "CREATE TABLE table_tags ("
    " table_id TEXT NOT NULL REFERENCES catalog_tables (id) ON DELETE CASCADE,"
    " tag TEXT NOT NULL,"
    " branch TEXT NOT NULL,"
    " version BIGINT NOT NULL,"
    " PRIMARY KEY (table_id, tag))",
    "INSERT INTO catalog_namespaces (id, parent, name, properties) VALUES ('', NULL, '', '{}')",
};

// Schema 2: manifest moves that are committed but not yet done (see ManifestJournal). Keyed by
// the final path, so two commits can never promise one final name. No foreign key on the
// table: a move committed for a table that is deregistered meanwhile must still happen, its
// data stays and can be registered again.
const char *const JournalStatements[] = {
    "CREATE TABLE manifest_moves ("
    " final_path TEXT NOT NULL PRIMARY KEY,"
    " staged_path TEXT NOT NULL,"
    " table_id TEXT NOT NULL)",
    "CREATE INDEX manifest_moves_by_table ON manifest_moves (table_id)",
};

// Schema 3: the history (TransactionStore). No foreign key to the tables either: a table's
// history outlives its catalog entry, which is how a steward finds out who deregistered it.
const char *const HistoryStatements[] = {
    "CREATE TABLE catalog_transactions ("
    " id TEXT NOT NULL PRIMARY KEY,"
    " sequence BIGINT NOT NULL UNIQUE,"
    " committed_millis BIGINT NOT NULL,"
    " actor TEXT NOT NULL,"
    " kind TEXT NOT NULL,"
    " status TEXT NOT NULL,"
    " counts TEXT NOT NULL,"
    " operations TEXT NOT NULL,"
    " tables TEXT NOT NULL)",
    "CREATE TABLE transaction_tables ("
    " table_id TEXT NOT NULL,"
    " sequence BIGINT NOT NULL REFERENCES catalog_transactions (sequence) ON DELETE CASCADE,"
    " PRIMARY KEY (table_id, sequence))",
};

// Schema 5: what each version's manifest says (VersionDetails::summary(), JSON), kept with the
// record when the manifest is on a store, where reading it again costs a request: written at
// the commit, which has read the manifest, or by the first listing that reads it. NULL when not
// known yet.
const char *const FactsStatements[] = {
    "ALTER TABLE table_versions ADD COLUMN facts TEXT",
};

} // namespace

CatalogDatabase::CatalogDatabase(std::unique_ptr<DatabaseConnection> connection)
    : m_connection(std::move(connection))
{}

bool CatalogDatabase::isSqlite() const
{
    return m_connection->kind() == DatabaseConnection::Kind::Sqlite;
}

QString CatalogDatabase::displayName() const
{
    return m_connection->displayName();
}

std::shared_ptr<DatabaseWriteLock> CatalogDatabase::writeLockOf(const Server &server)
{
    // One lock per database in this process: its writers queue instead of failing each other.
    // Named by the address without a password, however the password was given.
    return DatabaseWriteLock::forFile(u"postgresql:"_s
                                      + QUrl(server.url).toString(QUrl::RemovePassword));
}

bool CatalogDatabase::isRetryable(const ApiError &error)
{
    return DatabaseConnection::isRetryableState(
        error.context().value(DatabaseConnection::sqlStateKey()));
}

CatalogDatabase::~CatalogDatabase() = default;

Result<std::unique_ptr<CatalogDatabase>>
CatalogDatabase::open(const QString &file, const Populate &populate, Durability durability)
{
    auto connection = SqliteConnection::open(file, BusyTimeoutMs);
    if (!connection) {
        return connection.error();
    }
    std::unique_ptr<CatalogDatabase> database(new CatalogDatabase(std::move(*connection)));
    if (const auto problem = database->configure(durability); !problem.hasValue()) {
        return problem.error();
    }
    // The file exists now (configure() wrote to it), so its canonical path is known: two roots
    // spelled differently, or reached through a symlink, still share one lock.
    const QFileInfo info(file);
    const QString canonical = info.canonicalFilePath();
    const QString physical = canonical.isEmpty() ? info.absoluteFilePath() : canonical;
    database->m_writeLock = DatabaseWriteLock::forFile(physical);
    // Paths inside the folder that holds the file are stored relative to it.
    database->m_paths = RootRelativePaths(QFileInfo(physical).absolutePath());
    if (const auto problem = database->ensureSchema(populate); !problem.hasValue()) {
        return problem.error();
    }
    return database;
}

Result<std::unique_ptr<CatalogDatabase>> CatalogDatabase::openServer(const Server &server,
                                                                     const Populate &populate)
{
#ifdef LCB_WITH_POSTGRESQL
    auto connection = PostgresConnection::open({server.url, server.passwordFile});
    if (!connection) {
        return connection.error();
    }
    std::unique_ptr<CatalogDatabase> database(new CatalogDatabase(std::move(*connection)));
    database->m_writeLock = writeLockOf(server);
    if (const auto problem = database->ensureSchema(populate); !problem.hasValue()) {
        return problem.error();
    }
    return database;
#else
    Q_UNUSED(populate);
    return ApiError::catalog(ErrorCode::InvalidInput,
                             tr("This build cannot keep a catalog in PostgreSQL (%1): it was "
                                "built without libpq.")
                                 .arg(server.url));
#endif
}

api::Result<void> CatalogDatabase::configure(Durability durability)
{
    // The connection has its busy timeout already: switching to WAL waits for other
    // connections like any write.
    auto journal = walJournal();
    if (!journal) {
        return journal.error();
    }
    if (!*journal) {
        qCWarning(lcEngine) << "The catalog database" << m_connection->displayName()
                            << "is not in WAL mode; concurrent readers will wait for writers.";
    }
    // FULL syncs the log at every commit, so an answered commit survives a power loss. NORMAL
    // in WAL mode survives a crashed or killed process only, one fsync cheaper per commit; the
    // benchmark has both.
    const QString synchronous = durability == Durability::PowerLoss
                                    ? u"PRAGMA synchronous = FULL"_s
                                    : u"PRAGMA synchronous = NORMAL"_s;
    for (const QString &pragma : {synchronous, u"PRAGMA foreign_keys = ON"_s}) {
        if (auto set = execute(pragma); !set) {
            return set.error();
        }
    }
    return {};
}

Result<bool> CatalogDatabase::walJournal()
{
    const auto isWal = [](const QList<Row> &rows) {
        return !rows.isEmpty()
               && rows.first().value(0).toString().compare(u"wal"_s, Qt::CaseInsensitive) == 0;
    };
    auto mode = select(u"PRAGMA journal_mode"_s);
    if (!mode || isWal(*mode)) {
        return mode ? Result<bool>(true) : Result<bool>(mode.error());
    }
    // Switching needs the database to itself for a moment, and SQLite answers "busy" at once
    // instead of waiting: only when two openers meet on a new database. Wait here instead.
    QElapsedTimer waited;
    waited.start();
    for (;;) {
        mode = select(u"PRAGMA journal_mode = WAL"_s);
        const bool busy
            = !mode && mode.error().serverCode() == static_cast<int>(ErrorCode::ServiceUnavailable);
        if (!busy || waited.elapsed() > BusyTimeoutMs) {
            return mode ? Result<bool>(isWal(*mode)) : Result<bool>(mode.error());
        }
        QThread::msleep(JournalRetryMs);
    }
}

Result<std::optional<int>> CatalogDatabase::schemaVersion()
{
    auto present = selectsAny(
        isSqlite() ? u"SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_info'"_s
                   : u"SELECT 1 FROM information_schema.tables WHERE table_schema = "
                     u"current_schema() AND table_name = 'schema_info'"_s);
    if (!present || !*present) {
        return present ? Result<std::optional<int>>(std::optional<int>())
                       : Result<std::optional<int>>(present.error());
    }
    return selectOne(u"SELECT value FROM schema_info WHERE key = 'schema_version'"_s)
        .transform([](const std::optional<Row> &row) {
            return row ? std::optional<int>(row->value(0).toInt()) : std::optional<int>(0);
        });
}

api::Result<void> CatalogDatabase::ensureSchema(const Populate &populate)
{
    auto known = schemaVersion();
    if (known && *known == SchemaVersion) {
        return {}; // the usual open: nothing to write
    }
    auto locked = lockWrites();
    if (!locked) {
        return locked.error();
    }
    // Openers in other processes: SQLite's write lock is held from BEGIN IMMEDIATE. PostgreSQL
    // needs a lock of its own until this transaction ends, and READ COMMITTED, so that the
    // check below sees what an opener that held the lock before committed (a SERIALIZABLE
    // transaction would keep the snapshot of its first statement, taken while waiting).
    if (isSqlite()) {
        if (auto problem = begin(true); !problem.hasValue()) {
            return problem;
        }
    } else {
        if (auto started = execute(u"BEGIN ISOLATION LEVEL READ COMMITTED"_s); !started) {
            return started.error();
        }
        if (auto waited = select(u"SELECT pg_advisory_xact_lock(?)"_s, {SchemaLockKey}); !waited) {
            rollback();
            return waited.error();
        }
    }
    // Again under the write lock: another opener may have created it meanwhile.
    known = schemaVersion();
    api::Result<void> problem;
    if (!known) {
        problem = known.error();
    } else if (*known && **known > SchemaVersion) {
        problem = ApiError::catalog(ErrorCode::Internal,
                                    tr("The catalog database %1 was made by a newer version of "
                                       "this program (schema %2; this one knows %3).")
                                        .arg(m_connection->displayName())
                                        .arg(**known)
                                        .arg(SchemaVersion));
    } else if (!*known) {
        problem = createSchema();
        if (problem.hasValue() && populate) {
            problem = populate(*this);
        }
    } else if (**known >= 1 && **known < SchemaVersion) {
        problem = upgradeSchema(**known);
    }
    if (!problem.hasValue()) {
        rollback();
        return problem;
    }
    return commit();
}

api::Result<void> CatalogDatabase::executeAll(std::span<const char *const> statements)
{
    for (const char *statement : statements) {
        if (auto done = execute(QString::fromLatin1(statement)); !done) {
            return done.error();
        }
    }
    return {};
}

api::Result<void> CatalogDatabase::createSchema()
{
    if (auto problem = executeAll(SchemaStatements); !problem.hasValue()) {
        return problem;
    }
    if (auto problem = executeAll(JournalStatements); !problem.hasValue()) {
        return problem;
    }
    if (auto problem = executeAll(HistoryStatements); !problem.hasValue()) {
        return problem;
    }
    if (auto problem = executeAll(FactsStatements); !problem.hasValue()) {
        return problem;
    }
    auto stamped = execute(u"INSERT INTO schema_info (key, value) VALUES ('schema_version', ?)"_s,
                           {QString::number(SchemaVersion)});
    return stamped ? api::Result<void>() : api::Result<void>(stamped.error());
}

api::Result<void> CatalogDatabase::upgradeSchema(int from)
{
    // Schema 1 lacks the journal. A catalog written by an older build may hold manifests
    // moved to their final names without a record (a crash between its move and its commit);
    // the upgrade cannot tell them from real ones, so they stay, and CreateTableVersion names
    // such a file in its 409 so that a steward can remove it.
    if (from < 2) {
        if (auto problem = executeAll(JournalStatements); !problem.hasValue()) {
            return problem;
        }
    }
    // Schemas 1 and 2 lack the history: it starts empty, with the first commit after.
    if (from < 3) {
        if (auto problem = executeAll(HistoryStatements); !problem.hasValue()) {
            return problem;
        }
    }
    if (from < 4) {
        if (auto problem = storeRelativePaths(); !problem.hasValue()) {
            return problem;
        }
    }
    // Versions recorded before know no facts: the first listing that reads them keeps them.
    if (from < 5) {
        if (auto problem = executeAll(FactsStatements); !problem.hasValue()) {
            return problem;
        }
    }
    auto stamped = execute(u"UPDATE schema_info SET value = ? WHERE key = 'schema_version'"_s,
                           {QString::number(SchemaVersion)});
    return stamped ? api::Result<void>() : api::Result<void>(stamped.error());
}

api::Result<void> CatalogDatabase::storeRelativePaths()
{
    // In SQL, a prefix at a time: a catalog may hold millions of versions. The transaction
    // history keeps its paths as they were sent: it is a record of requests.
    const std::pair<const char *, const char *> columns[] = {
        {"catalog_tables", "location"},
        {"table_versions", "manifest_path"},
        {"manifest_moves", "final_path"},
        {"manifest_moves", "staged_path"},
    };
    for (const auto &[table, column] : columns) {
        const QString name = QLatin1String(column);
        for (const RootRelativePaths::Prefix &prefix : m_paths.prefixes()) {
            const QString sql = u"UPDATE "_s + QLatin1String(table) + u" SET "_s + name
                                + u" = ? || substr("_s + name + u", ?) WHERE length("_s + name
                                + u") > ? AND substr("_s + name + u", 1, ?) = ?"_s;
            // SQLite counts characters, not UTF-16 units.
            const qint64 length = prefix.resolved.toUcs4().size();
            if (auto done
                = execute(sql, {prefix.stored, length + 1, length, length, prefix.resolved});
                !done) {
                return done.error();
            }
        }
    }
    return {};
}

Result<qint64> CatalogDatabase::execute(const QString &sql, const QVariantList &values)
{
    return m_connection->execute(sql, values);
}

Result<QList<CatalogDatabase::Row>> CatalogDatabase::select(const QString &sql,
                                                            const QVariantList &values)
{
    return m_connection->select(sql, values);
}

Result<std::optional<CatalogDatabase::Row>> CatalogDatabase::selectOne(const QString &sql,
                                                                       const QVariantList &values)
{
    return select(sql, values).transform([](const QList<Row> &rows) {
        return rows.isEmpty() ? std::optional<Row>() : std::optional<Row>(rows.first());
    });
}

Result<QStringList> CatalogDatabase::selectTexts(const QString &sql, const QVariantList &values)
{
    auto rows = select(sql, values);
    if (!rows) {
        return rows.error();
    }
    QStringList texts;
    texts.reserve(rows->size());
    for (const Row &row : *rows) {
        texts.append(row.value(0).toString());
    }
    return texts;
}

Result<bool> CatalogDatabase::selectsAny(const QString &sql, const QVariantList &values)
{
    return selectOne(sql, values).transform([](const std::optional<Row> &row) {
        return row.has_value();
    });
}

Result<DatabaseWriteLock::Guard> CatalogDatabase::lockWrites()
{
    Q_ASSERT(m_writeLock);
    DatabaseWriteLock::Guard guard = m_writeLock->acquire(BusyTimeoutMs);
    if (!guard.owns_lock()) {
        return ApiError::catalog(ErrorCode::ServiceUnavailable,
                                 tr("The catalog database is busy with other writers; try "
                                    "again."));
    }
    return guard;
}

api::Result<void> CatalogDatabase::begin(bool write)
{
    // SQLite: a writer takes the write lock at once, so writers are serial. PostgreSQL: a
    // writer's reads and writes behave as if no other transaction ran meanwhile, and one that
    // cannot is failed, to be run again (isRetryable()); a reader gets one snapshot for all its
    // queries, as SQLite's readers do.
    const QString statement = isSqlite()
                                  ? (write ? u"BEGIN IMMEDIATE"_s : u"BEGIN"_s)
                                  : (write ? u"BEGIN ISOLATION LEVEL SERIALIZABLE"_s
                                           : u"BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"_s);
    auto started = execute(statement);
    return started ? api::Result<void>() : api::Result<void>(started.error());
}

api::Result<void> CatalogDatabase::commit()
{
    auto done = execute(u"COMMIT"_s);
    if (!done) {
        rollback(); // a failed COMMIT may leave the transaction open
        return done.error();
    }
    return {};
}

void CatalogDatabase::rollback()
{
    // Fails harmlessly when the database already rolled back (after some errors SQLite does;
    // a lost PostgreSQL connection took the transaction with it).
    auto done = execute(u"ROLLBACK"_s);
    Q_UNUSED(done);
}

QString CatalogDatabase::mapToText(const api::StringMap &map)
{
    QJsonObject object;
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        object.insert(it.key(), it.value());
    }
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

api::StringMap CatalogDatabase::mapFromText(const QString &text)
{
    api::StringMap map;
    const QJsonObject object = QJsonDocument::fromJson(text.toUtf8()).object();
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        map.insert(it.key(), it.value().toString());
    }
    return map;
}

QVariant CatalogDatabase::optionalValue(const std::optional<qint64> &value)
{
    return value ? QVariant(*value) : QVariant();
}

QVariant CatalogDatabase::optionalValue(const std::optional<QString> &value)
{
    return value ? QVariant(*value) : QVariant();
}

} // namespace lance::engine
