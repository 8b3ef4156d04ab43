// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace lance::test {

/// A PostgreSQL server of one test's own (tests/support/private-postgres.sh in a state folder
/// of this object), for the tests that restart the database under load and so cannot use the
/// one that ctest shares among the tests. Stopped when this object goes.
class PrivatePostgres
{
public:
    PrivatePostgres() = default;
    ~PrivatePostgres();
    PrivatePostgres(const PrivatePostgres &) = delete;
    PrivatePostgres &operator=(const PrivatePostgres &) = delete;

    /// Starts it; false (see error()) when it did not. `durable`: commits synced to disk, as
    /// a real server's are (the benchmarks); off by default, as for the shared test server.
    bool start(bool durable = false);
    /// Restarts it as an administrator would: every session is ended, then it is back.
    bool restart();
    /// The same, without waiting: the restart runs in the returned process (it has started)
    /// while the caller's event loop goes on; null when it could not start.
    std::unique_ptr<QProcess> beginRestart();
    const QString &error() const { return m_error; }
    /// What PostgresTestDatabase reads to find it.
    QString envFile() const { return m_state.filePath(QStringLiteral("postgres.env")); }

private:
    bool run(const QString &action, bool durable = false);

    QTemporaryDir m_state;
    bool m_started = false;
    QString m_error;
};

} // namespace lance::test
