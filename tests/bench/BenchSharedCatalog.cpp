// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): one catalog served by lance-catalog-server, side by side in one run
// on SQLite (the catalog folder) and on PostgreSQL 15 (a private, durable server on this
// machine's socket), each with one server and with two servers on the same catalog, the
// clients spread over them as behind a load balancer. cpp-httplib keep-alive clients, one
// connection per client thread, as BenchCatalogServer. Goals: a 10,000-operation batch commit
// within 500 ms on PostgreSQL; creating versions on distinct tables with two servers at least
// 1.5 times as fast as with one. The numbers go in the README with the machine.
#include "BenchHttpClient.h"
#include "BenchReport.h"
#include "BenchServerWork.h"
#include "BenchWorkload.h"
#include "CatalogServerProcess.h"
#include "PostgresTestDatabase.h"
#include "PrivatePostgres.h"
#include "engine/CatalogEngine.h"

#include <QTemporaryDir>
#include <QTextStream>

#include <map>
#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;
using namespace lance::bench::serverwork;
using namespace std::chrono_literals;

namespace {

constexpr int Runs = 3;
constexpr int BatchRuns = 3;
constexpr auto DescribeDuration = 2s;
constexpr int SequentialCreates = 1000;
constexpr int ConcurrentCreatesPerClient = 250;

struct Setup
{
    QString name; //!< "SQLite, 1 server"
    bool postgres = false;
    int servers = 1;
};

// The catalog of one setup, seeded with workload::ListedTables tables through an engine before
// its servers start, and the servers.
class ServedCatalog
{
public:
    ServedCatalog(const Setup &setup, test::PrivatePostgres &postgres)
    {
        if (!m_root.isValid()) {
            throw std::runtime_error("no temporary folder");
        }
        engine::CatalogEngine::Options options;
        options.root = m_root.path();
        options.registerExistingTables = false;
        QStringList arguments{u"--quiet"_s};
        if (setup.postgres) {
            m_database = std::make_unique<test::PostgresTestDatabase>(postgres.envFile());
            if (!m_database->isValid()) {
                throw std::runtime_error(m_database->error().toStdString());
            }
            options.databaseUrl = m_database->url();
            arguments << u"--database"_s << m_database->url();
        }
        {
            auto engine = engine::CatalogEngine::open(options);
            if (!engine) {
                throw std::runtime_error(engine.error().details().toStdString());
            }
            if (auto problem = workload::seed(**engine)) {
                throw std::runtime_error(problem->toStdString());
            }
        }
        for (int i = 0; i < setup.servers; ++i) {
            auto server = std::make_unique<test::CatalogServerProcess>();
            if (!server->start(m_root.path(), arguments)) {
                throw std::runtime_error(
                    u"the server did not start: %1"_s.arg(server->standardError()).toStdString());
            }
            m_urls << server->url();
            m_servers.push_back(std::move(server));
        }
    }
    ~ServedCatalog()
    {
        for (const auto &server : m_servers) {
            server->stop();
        }
    }
    const QList<QUrl> &urls() const { return m_urls; }

private:
    QTemporaryDir m_root;
    std::unique_ptr<test::PostgresTestDatabase> m_database;
    std::vector<std::unique_ptr<test::CatalogServerProcess>> m_servers;
    QList<QUrl> m_urls;
};

void run(QTextStream &out, const QStringList &)
{
    test::PrivatePostgres postgres;
    if (!postgres.start(true)) {
        throw std::runtime_error(postgres.error().toStdString());
    }
    const QList<Setup> setups{{u"SQLite, 1 server"_s, false, 1},
                              {u"SQLite, 2 servers"_s, false, 2},
                              {u"PostgreSQL, 1 server"_s, true, 1},
                              {u"PostgreSQL, 2 servers"_s, true, 2}};
    BenchReport report(u"One catalog on SQLite and on PostgreSQL, 1 and 2 servers (median of %1 "
                       u"runs; describe: %2 s each; batch: %3 runs)"_s.arg(Runs)
                           .arg(std::chrono::seconds(DescribeDuration).count())
                           .arg(BatchRuns));
    std::map<QString, double> createRate; // setup -> versions/s with 4 clients
    for (const Setup &setup : setups) {
        ServedCatalog catalog(setup, postgres);
        const QList<QUrl> &urls = catalog.urls();
        const QString in = setup.name + u": "_s;
        {
            BenchHttpClient client(urls.first());
            double decodeMs = 0;
            listAll(client, decodeMs); // warm
            report.add(in
                           + u"list %1 tables, pages of %2"_s.arg(grouped(workload::ListedTables),
                                                                  grouped(workload::PageSize)),
                       medianRun(Runs, [&](int) { return listAll(client, decodeMs); }));
        }
        for (int clients : {1, 8}) {
            report.add(
                in + u"describe a table, %1 client(s)"_s.arg(clients),
                medianRun(Runs, [&](int) { return describeFor(urls, clients, DescribeDuration); }));
        }
        report.add(
            in + u"create versions, 1 client, one after another"_s, medianRun(Runs, [&](int run) {
                return createVersions(urls, u"sequential%1_"_s.arg(run), 1, SequentialCreates);
            }));
        const Sample parallel = medianRun(Runs, [&](int run) {
            return createVersions(urls, u"parallel%1_"_s.arg(run), 4, ConcurrentCreatesPerClient);
        });
        createRate[setup.name] = parallel.perSecond();
        report.add(in + u"create versions, 4 clients on 4 tables"_s, parallel);
        BenchHttpClient batchClient(urls.first());
        report.add(in + u"batch commit, %1 operations"_s.arg(grouped(workload::BatchOperations)),
                   medianRun(BatchRuns, [&](int run) { return batchCommit(batchClient, run); }),
                   setup.postgres ? Goal::atMostMs(500) : Goal::none());
    }
    int missed = 0;
    for (const QString &backend : {u"SQLite"_s, u"PostgreSQL"_s}) {
        const double one = createRate[backend + u", 1 server"_s];
        const double two = createRate[backend + u", 2 servers"_s];
        const double ratio = one > 0 ? two / one : 0;
        const bool goal = backend == u"PostgreSQL"_s;
        if (goal && ratio < 1.5) {
            ++missed;
        }
        report.addNote(u"%1: creating versions on 4 tables, 2 servers / 1 server = %2x%3"_s.arg(
            backend, QString::number(ratio, 'f', 2),
            goal ? (ratio >= 1.5 ? u" (goal >= 1.5x: ok)"_s : u" (goal >= 1.5x: MISSED)"_s)
                 : QString()));
    }
    report.addNote(u"PostgreSQL 15 on a Unix socket of this machine, durable (fsync on, "
                   u"synchronous_commit on, its defaults otherwise); SQLite with "
                   u"synchronous = FULL. Servers: --threads 16, --quiet."_s);
    report.addNote(
        u"Each setup is seeded with %1 tables through an engine before its servers "
        u"start; clients i talks to server i mod n."_s.arg(grouped(workload::ListedTables)));
    report.addNote(u"Servers, PostgreSQL and the clients share the machine's cores."_s);
    report.print(out, missed);
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchSharedCatalog"_s, run);
}
