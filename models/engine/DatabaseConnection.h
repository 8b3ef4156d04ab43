// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QString>
#include <QVariantList>

namespace lance::engine {

/// What CatalogDatabase asks of a connection, whichever database is behind it: SQLite for a
/// catalog in a folder (SqliteConnection), PostgreSQL for one that several servers share
/// (PostgresConnection). Both take the same SQL with `?` placeholders and the same values, and
/// answer rows of qint64, double, QString, QByteArray or an invalid QVariant for NULL.
///
/// Threads: one thread at a time.
class DatabaseConnection
{
public:
    enum class Kind { Sqlite, Postgres };

    virtual ~DatabaseConnection() = default;

    /// The key of a failure's context that holds the database's SQLSTATE (PostgreSQL's).
    static QString sqlStateKey() { return QStringLiteral("sqlstate"); }
    /// Whether SQLSTATE `state` says that another writer's transaction made this one fail, so
    /// that it may simply be run again: a serialization failure or a deadlock.
    static bool isRetryableState(QStringView state)
    {
        return state == u"40001" || state == u"40P01";
    }

    virtual Kind kind() const = 0;
    /// The file, or the address without anything secret: for messages and logs.
    virtual QString displayName() const = 0;
    /// Runs one statement to its end; answers how many rows it changed.
    virtual api::Result<qint64> execute(const QString &sql, const QVariantList &values) = 0;
    /// Runs one query to its end and answers its rows.
    virtual api::Result<QList<QVariantList>> select(const QString &sql, const QVariantList &values)
        = 0;

protected:
    DatabaseConnection() = default;
    DatabaseConnection(const DatabaseConnection &) = default;
    DatabaseConnection &operator=(const DatabaseConnection &) = default;
};

} // namespace lance::engine
