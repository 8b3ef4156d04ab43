// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "engine/DatabaseConnection.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QVariantList>

#include <memory>

struct sqlite3;
struct sqlite3_stmt;

namespace lance::engine {

/// One connection to an SQLite database file through SQLite's own C API, its statements
/// prepared once and kept.
///
/// Why not Qt SQL, which the engine used first: its binding formats a placeholder name with
/// `QString::arg` for every bound value, and a value passes through QVariant and UTF-16 on its
/// way in and out. A profile of the 10,000-operation batch commit put Qt SQL's own work above
/// SQLite's. The SQL text is the same either way, so a later backend can keep it.
///
/// Values: a QString binds as text (a null QString as '', which the catalog's keys use for the
/// root and the main branch), integers and bools as INTEGER, doubles as REAL, QByteArray as a
/// BLOB, an invalid QVariant as NULL. Columns come back as qint64, double, QString, QByteArray
/// or an invalid QVariant for NULL.
///
/// Threads: one thread at a time (the connection is opened without SQLite's own mutex).
class SqliteConnection : public DatabaseConnection
{
    Q_DECLARE_TR_FUNCTIONS(SqliteConnection)

public:
    using Row = QVariantList;

    /// Opens (and creates) `file`; other connections' locks are waited for up to
    /// `busyTimeoutMs`.
    static api::Result<std::unique_ptr<SqliteConnection>> open(const QString &file,
                                                               int busyTimeoutMs);
    ~SqliteConnection() override;

    SqliteConnection(const SqliteConnection &) = delete;
    SqliteConnection &operator=(const SqliteConnection &) = delete;

    Kind kind() const override { return Kind::Sqlite; }
    QString displayName() const override { return m_file; }
    api::Result<qint64> execute(const QString &sql, const QVariantList &values) override;
    api::Result<QList<Row>> select(const QString &sql, const QVariantList &values) override;

    const QString &fileName() const { return m_file; }

private:
    SqliteConnection(sqlite3 *handle, QString file);

    /// The statement for `sql`, prepared on first use, with `values` bound to it.
    api::Result<sqlite3_stmt *> prepare(const QString &sql, const QVariantList &values);
    /// Ends a run of `statement`: resets it and lets go of what was bound.
    static void finish(sqlite3_stmt *statement);
    api::ApiError error(int code) const;

    sqlite3 *m_handle = nullptr;
    QString m_file;
    QHash<QString, sqlite3_stmt *> m_statements;
    /// Text bound to the running statement: SQLite reads it in place until the run ends.
    QList<QByteArray> m_bound;
};

} // namespace lance::engine
