// SPDX-License-Identifier: Apache-2.0
#include "CatalogServerGroup.h"

#ifdef LCB_WITH_POSTGRESQL
#include "PostgresTestDatabase.h"
#endif

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

// Two: enough for every cross-process race; more would only share the same two cores.
constexpr int ServersOnPostgres = 2;

} // namespace

CatalogServerGroup::CatalogServerGroup() = default;

CatalogServerGroup::~CatalogServerGroup()
{
    // The servers go before their database, which a dropped database would not let them.
    m_servers.clear();
}

bool CatalogServerGroup::onPostgres()
{
    return qEnvironmentVariable("LCB_TEST_SERVER_BACKEND") == u"postgres"_s;
}

bool CatalogServerGroup::start(const QStringList &extraArguments)
{
    m_error.clear();
    QStringList arguments = extraArguments;
    int count = 1;
    if (onPostgres()) {
#ifdef LCB_WITH_POSTGRESQL
        if (!m_database) {
            m_database = std::make_unique<PostgresTestDatabase>();
        }
        if (!m_database->isValid()) {
            m_error = m_database->error();
            return false;
        }
        arguments = QStringList{u"--database"_s, m_database->url()} + extraArguments;
        count = ServersOnPostgres;
#else
        m_error = u"this build has no PostgreSQL support"_s;
        return false;
#endif
    }
    if (!m_tables.isValid()) {
        m_error = u"no temporary folder for the catalog"_s;
        return false;
    }
    m_servers.clear();
    for (int i = 0; i < count; ++i) {
        auto server = std::make_unique<CatalogServerProcess>();
        if (!server->start(m_tables.path(), arguments)) {
            m_error = server->standardError();
            return false;
        }
        m_servers.push_back(std::move(server));
    }
    return true;
}

QString CatalogServerGroup::error() const
{
    return m_error;
}

CatalogServerProcess &CatalogServerGroup::server(int index) const
{
    Q_ASSERT(!m_servers.empty());
    return *m_servers.at(size_t(index % size()));
}

std::optional<int> CatalogServerGroup::stop()
{
    std::optional<int> outcome = 0;
    for (const auto &server : m_servers) {
        const std::optional<int> code = server->stop();
        if (outcome == 0 && code != 0) {
            outcome = code;
        }
    }
    return outcome;
}

} // namespace lance::test
