// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): the path users take. The product's RestClient over Qt's network stack
// (QNetworkAccessManager, as the browser and the CLI use it, asking for "gzip, deflate, br")
// against the real lance-catalog-server on 127.0.0.1, next to the same work in-process
// (LocalCatalogService, the browser's embedded catalog); then the CLI as a user runs it,
// `lance-catalog --url URL tables` against `lance-catalog --local DIR tables`, wall time of the
// whole process. BenchCatalogServer measures the server with cpp-httplib's client instead.
#include "BenchReport.h"
#include "BenchWorkload.h"
#include "CatalogServerProcess.h"
#include "CliRun.h"
#include "engine/CatalogEngine.h"
#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;
using namespace std::chrono_literals;

namespace {

using Clock = std::chrono::steady_clock;

constexpr int Runs = 5;
constexpr int CliRuns = 5;
constexpr auto DescribeDuration = 2s;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// One call, waited for in a local event loop (not QTest::qWaitFor, which sleeps between polls).
template <typename Request>
api::ResponseOf<Request> callAndWait(api::CatalogService &service, const Request &request)
{
    std::optional<api::Result<api::ResponseOf<Request>>> answer;
    QEventLoop loop;
    service.call(request, &loop, [&](api::Result<api::ResponseOf<Request>> result) {
        answer.emplace(std::move(result));
        loop.quit();
    });
    if (!answer) {
        loop.exec();
    }
    if (!*answer) {
        throw std::runtime_error(answer->error().details().toStdString());
    }
    return std::move(**answer);
}

Sample listAll(api::CatalogService &service, qint64 pageSize = workload::PageSize)
{
    const Clock::time_point start = Clock::now();
    std::optional<QString> token;
    qint64 tables = 0;
    do {
        api::ListTablesRequest request = workload::listPage(token);
        request.limit = pageSize;
        const api::ListTablesResponse page = callAndWait(service, request);
        tables += page.tables.size();
        token = page.pageToken;
    } while (token && !token->isEmpty());
    if (tables != workload::ListedTables) {
        throw std::runtime_error(u"listed %1 tables"_s.arg(tables).toStdString());
    }
    return {tables, msSince(start)};
}

Sample describeFor(api::CatalogService &service)
{
    const api::DescribeTableRequest request = workload::describe();
    callAndWait(service, request); // warm
    const Clock::time_point start = Clock::now();
    const Clock::time_point deadline = start + DescribeDuration;
    qint64 done = 0;
    while (Clock::now() < deadline) {
        callAndWait(service, request);
        ++done;
    }
    return {done, msSince(start)};
}

// `lance-catalog ARGUMENTS tables`, the whole process, its output checked after the clock.
Sample cliTables(const QStringList &arguments)
{
    QProcess cli;
    cli.setProcessChannelMode(QProcess::SeparateChannels);
    const Clock::time_point start = Clock::now();
    cli.start(test::CliRun::executablePath(), arguments + QStringList{u"tables"_s});
    if (!cli.waitForFinished(120000)) {
        throw std::runtime_error("lance-catalog did not finish");
    }
    const double elapsed = msSince(start);
    const QByteArray output = cli.readAllStandardOutput();
    if (cli.exitCode() != 0 || output.count('\n') < workload::ListedTables) {
        throw std::runtime_error(
            u"lance-catalog %1 tables failed: %2"_s
                .arg(arguments.join(u' '), QString::fromLocal8Bit(cli.readAllStandardError()))
                .toStdString());
    }
    return {workload::ListedTables, elapsed};
}

rest::RestClientConfig configFor(const QUrl &url)
{
    rest::RestClientConfig config;
    config.baseUrl = url;
    config.timeoutMs = 30000;
    config.retry.maxAttempts = 1;
    return config;
}

void run(QTextStream &out, const QStringList &)
{
    QTemporaryDir root;
    if (!root.isValid()) {
        throw std::runtime_error("no temporary folder");
    }
    workload::seededCatalog(root.path()); // closed again: the servers open it
    test::CatalogServerProcess server;
    test::CatalogServerProcess compressing;
    if (!server.start(root.path(), {u"--quiet"_s})
        || !compressing.start(root.path(), {u"--quiet"_s, u"--compression"_s, u"always"_s})) {
        throw std::runtime_error(u"a server did not start: %1 %2"_s
                                     .arg(server.standardError(), compressing.standardError())
                                     .toStdString());
    }

    QNetworkAccessManager network;
    rest::RestClient client(&network, configFor(server.url()));
    rest::RestClient brotliClient(&network, configFor(compressing.url()));
    local::LocalCatalogService embedded(root.path());

    BenchReport report(
        u"The product's clients (median of %1 runs; describe: %2 s each)"_s.arg(Runs).arg(
            std::chrono::seconds(DescribeDuration).count()));
    const QString listed = u"list %1 tables, pages of %2"_s.arg(grouped(workload::ListedTables),
                                                                grouped(workload::PageSize));
    listAll(client); // warm: connections, the workers' engines, SQLite's page cache
    report.add(listed + u": RestClient, loopback (identity)"_s,
               medianRun(Runs, [&](int) { return listAll(client); }), Goal::atMostMs(250));
    report.add(u"list %1 tables, pages of 10,000 (as the CLI asks): RestClient"_s.arg(
                   grouped(workload::ListedTables)),
               medianRun(Runs, [&](int) { return listAll(client, 10000); }), Goal::atMostMs(250));
    listAll(brotliClient);
    report.add(listed + u": RestClient, --compression always (br, quality 1)"_s,
               medianRun(Runs, [&](int) { return listAll(brotliClient); }));
    listAll(embedded);
    report.add(listed + u": LocalCatalogService, in-process"_s,
               medianRun(Runs, [&](int) { return listAll(embedded); }));
    report.add(u"describe a table, 1 client: RestClient"_s,
               medianRun(Runs, [&](int) { return describeFor(client); }),
               Goal::atLeastPerSecond(5000));
    report.add(u"describe a table: LocalCatalogService"_s,
               medianRun(Runs, [&](int) { return describeFor(embedded); }));

    const QStringList overHttp{u"--url"_s, server.url().toString()};
    const QStringList local{u"--local"_s, root.path()};
    cliTables(overHttp);
    const Sample cliHttp = medianRun(CliRuns, [&](int) { return cliTables(overHttp); });
    const Sample cliLocal = medianRun(CliRuns, [&](int) { return cliTables(local); });
    report.add(u"lance-catalog --url URL tables (the process)"_s, cliHttp,
               Goal::atMostMs(std::min(250.0, 2 * cliLocal.ms)));
    report.add(u"lance-catalog --local DIR tables (the process)"_s, cliLocal);

    report.addNote(u"Servers: the default (--compression auto: identity on loopback) and one "
                   u"with --compression always; both --quiet, 16 threads, on one catalog."_s);
    report.addNote(u"The CLI row's goal: at most 250 ms and at most twice the --local row."_s);
    report.print(out);
    server.stop();
    compressing.stop();
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchRealClient"_s, run);
}
