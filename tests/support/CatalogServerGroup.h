// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CatalogServerProcess.h"

#include <QTemporaryDir>

#include <memory>
#include <vector>

namespace lance::test {

class PostgresTestDatabase;

/// The servers a server test talks to, as one catalog: one `lance-catalog-server` on a catalog
/// folder (SQLite); or, when LCB_TEST_SERVER_BACKEND=postgres (ctest's `…OnPostgres` variants
/// of the server tests), two on one PostgreSQL database of the tests' private server, sharing
/// one folder for the tables' data, for the test to spread its clients over as a load balancer
/// would. The same test then proves the same things of one SQLite server and of two servers on
/// PostgreSQL.
class CatalogServerGroup
{
public:
    CatalogServerGroup();
    ~CatalogServerGroup();
    CatalogServerGroup(const CatalogServerGroup &) = delete;
    CatalogServerGroup &operator=(const CatalogServerGroup &) = delete;

    /// Whether this run keeps the catalog on PostgreSQL.
    static bool onPostgres();

    /// Starts every server, each with `extraArguments` too; false (see error()) when one did
    /// not start.
    bool start(const QStringList &extraArguments = {});
    /// Why the last start() failed: the servers' standard error, or the database's problem.
    QString error() const;

    int size() const { return int(m_servers.size()); }
    /// Server `index` modulo size(): clients numbered from 0 spread over all of them.
    CatalogServerProcess &server(int index) const;
    QUrl url(int index) const { return server(index).url(); }
    /// Stops every server; 0 when all exited cleanly, else the first other exit code, or
    /// nullopt when one crashed or hung.
    std::optional<int> stop();

private:
    std::vector<std::unique_ptr<CatalogServerProcess>> m_servers;
    std::unique_ptr<PostgresTestDatabase> m_database;
    QTemporaryDir m_tables;
    QString m_error;
};

} // namespace lance::test
