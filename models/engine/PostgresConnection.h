// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "engine/DatabaseConnection.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QVariantList>

#include <memory>
#include <optional>

struct pg_conn;
struct pg_result;

namespace lance::engine {

/// One connection to a PostgreSQL database through libpq, with the calls and the value rules of
/// SqliteConnection, so that the catalog's SQL (written with `?` placeholders, in the subset
/// both databases accept) runs on either: a shared catalog that several server processes use
/// at once.
///
/// Statements are prepared on the server once per connection, `?` turned into `$1`, `$2`, ….
/// Values go as text (a QByteArray as binary bytea): integers and bools as decimal numbers
/// (the catalog's flags are integer columns), a null QString as '' as in SqliteConnection, an
/// invalid QVariant as NULL. Columns come back as qint64 (smallint, integer, bigint, boolean),
/// double (real, double precision, numeric), QByteArray (bytea), QString (anything else), or
/// an invalid QVariant for NULL.
///
/// Failures are ApiErrors a client can act on: a serialization failure or a deadlock is
/// ConcurrentModification whose context's `sqlstate` says so (CatalogDatabase::isRetryable():
/// the whole transaction may be run again); a lost or refused connection, or a server shutting
/// down, is ServiceUnavailable, and the next call connects again; anything else is Internal.
/// No message carries a password.
///
/// Threads: one thread at a time.
class PostgresConnection : public DatabaseConnection
{
    Q_DECLARE_TR_FUNCTIONS(PostgresConnection)

public:
    using Row = QVariantList;

    /// Where the database is: a `postgresql://` URL (host or Unix socket directory, port,
    /// database, user; no password: one in the URL is refused), and the password file to read
    /// (libpq's format; none: `PGPASSFILE` or `~/.pgpass`, as libpq does).
    struct Address
    {
        QString url;
        std::optional<QString> passwordFile;
    };

    /// Connects; ServiceUnavailable when the server cannot be reached, InvalidInput when the
    /// address is not one.
    static api::Result<std::unique_ptr<PostgresConnection>> open(const Address &address);
    ~PostgresConnection() override;

    PostgresConnection(const PostgresConnection &) = delete;
    PostgresConnection &operator=(const PostgresConnection &) = delete;

    Kind kind() const override { return Kind::Postgres; }
    QString displayName() const override { return m_displayName; }
    api::Result<qint64> execute(const QString &sql, const QVariantList &values) override;
    api::Result<QList<Row>> select(const QString &sql, const QVariantList &values) override;

    /// `sql` with `?` placeholders numbered as PostgreSQL wants them (`$1`, `$2`, …); a `?`
    /// inside a quoted string or identifier is left alone.
    static QString numberPlaceholders(const QString &sql);

private:
    struct Prepared
    {
        QByteArray name;
        int parameters = 0;
    };

    PostgresConnection(pg_conn *handle, Address address, QString displayName);

    /// Runs `sql` with `values`; the result is handed to `read` while it is alive.
    template <typename Read>
    auto run(const QString &sql, const QVariantList &values, Read read) -> decltype(read(nullptr));
    api::Result<Prepared> prepare(const QString &sql);
    /// Connects again after the connection was lost; prepared statements are gone with it.
    api::Result<void> reconnect();
    api::ApiError connectionError() const;
    /// What a failed `result` (null: none came back) means for a client.
    api::ApiError failureOf(const pg_result *result) const;

    pg_conn *m_handle = nullptr;
    Address m_address;
    QString m_displayName;
    QHash<QString, Prepared> m_statements;
};

} // namespace lance::engine
