// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "engine/PostgresConnection.h"

#include <QString>

namespace lance::test {

/// A database of its own on the tests' private PostgreSQL (tests/support/private-postgres.sh,
/// started by ctest as the fixture `postgres` of every test added with lcb_add_test(POSTGRES)):
/// created empty, dropped when this object goes. The fixture says where the server is in the
/// file named by LCB_TEST_POSTGRES; without it isValid() is false and error() says why, so a
/// test fails rather than passing without a database.
class PostgresTestDatabase
{
public:
    PostgresTestDatabase();
    /// On the server that `envFile` (written by private-postgres.sh) names.
    explicit PostgresTestDatabase(const QString &envFile);
    ~PostgresTestDatabase();
    PostgresTestDatabase(const PostgresTestDatabase &) = delete;
    PostgresTestDatabase &operator=(const PostgresTestDatabase &) = delete;

    bool isValid() const { return !m_url.isEmpty(); }
    const QString &error() const { return m_error; }
    /// The database's address, `postgresql:///NAME?host=…`.
    const QString &url() const { return m_url; }
    engine::PostgresConnection::Address address() const { return {m_url, std::nullopt}; }
    const QString &name() const { return m_name; }
    /// The server's own administrative database (to create and drop databases, or to end other
    /// sessions).
    const QString &adminUrl() const { return m_adminUrl; }

private:
    QString m_adminUrl;
    QString m_url;
    QString m_name;
    QString m_error;
};

} // namespace lance::test
