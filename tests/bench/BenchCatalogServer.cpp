// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): the real lance-catalog-server on 127.0.0.1, driven by cpp-httplib
// keep-alive clients (one connection per client thread). BenchCatalogEngine does the same work
// in-process, so the difference between the two tables is the server and the wire. Run with
// `cmake --build <dir> --target bench`; the numbers go in the README with the machine.
#include "BenchHttpClient.h"
#include "BenchReport.h"
#include "BenchServerWork.h"
#include "BenchWorkload.h"
#include "CatalogServerProcess.h"
#include "ConcurrentRun.h"
#include "api/JsonCodec.h"
#include "engine/CatalogEngine.h"

#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;
using namespace lance::bench::serverwork;
using namespace std::chrono_literals;

namespace {

using Encoding = BenchHttpClient::Encoding;

constexpr int Runs = 5;
constexpr int BatchRuns = 3; // each one adds 5,000 tables; three keep the catalog comparable
constexpr auto DescribeDuration = 2s;
constexpr int SequentialCreates = 1000;
constexpr int ConcurrentCreatesPerClient = 250;

// Seeded through an engine before the server starts: declaring 100,000 tables over HTTP would
// only measure what the batch row measures already, and take longer.
void seed(const QString &root)
{
    workload::seededCatalog(root);
}

struct ListResult
{
    Sample list;
    Sample decode; //!< the client's decoding alone, median over the same runs
    QString contentEncoding;
};

ListResult listRuns(const QUrl &url, Encoding encoding)
{
    BenchHttpClient client(url, encoding);
    double decodeMs = 0;
    listAll(client, decodeMs); // warm: connection, the worker's engine, SQLite's page cache
    std::vector<double> decodes;
    const Sample list = medianRun(Runs, [&](int) {
        const Sample sample = listAll(client, decodeMs);
        decodes.push_back(decodeMs);
        return sample;
    });
    std::sort(decodes.begin(), decodes.end());
    return {
        list, {workload::ListedTables, decodes[decodes.size() / 2]}, client.lastContentEncoding()};
}

QString plural(int count, const QString &one, const QString &many)
{
    return u"%1 %2"_s.arg(count).arg(count == 1 ? one : many);
}

// Which groups of rows to run: all, or those named on the command line (list, describe,
// create, batch), so a profiler can watch one kind of work.
bool wanted(const QStringList &groups, const QString &group)
{
    return groups.isEmpty() || groups.contains(group);
}

void run(QTextStream &out, const QStringList &groups)
{
    QTemporaryDir root;
    if (!root.isValid()) {
        throw std::runtime_error("no temporary folder");
    }
    seed(root.path());
    test::CatalogServerProcess server;
    if (!server.start(root.path(), {u"--quiet"_s})) {
        throw std::runtime_error(
            u"the server did not start: %1"_s.arg(server.standardError()).toStdString());
    }
    const QUrl url = server.url();

    BenchReport report(u"lance-catalog-server over loopback, keep-alive (median of %1 runs; "
                       u"describe: %2 s each; batch: %3 runs)"_s.arg(Runs)
                           .arg(std::chrono::seconds(DescribeDuration).count())
                           .arg(BatchRuns));
    const QString listed = u"list %1 tables, pages of %2"_s.arg(grouped(workload::ListedTables),
                                                                grouped(workload::PageSize));
    if (wanted(groups, u"list"_s)) {
        const ListResult plain = listRuns(url, Encoding::Identity);
        report.add(u"%1 (%2)"_s.arg(listed, plain.contentEncoding), plain.list,
                   Goal::atMostMs(1000));
        report.add(u"  of which the client decodes JSON"_s, plain.decode);
        const ListResult gzip = listRuns(url, Encoding::Gzip);
        report.add(u"%1 (%2)"_s.arg(listed, gzip.contentEncoding), gzip.list, Goal::atMostMs(1000));
    }
    if (wanted(groups, u"describe"_s)) {
        for (int clients : {1, 2, 4}) {
            report.add(
                u"describe a table, %1"_s.arg(plural(clients, u"client"_s, u"clients"_s)),
                medianRun(Runs, [&](int) { return describeFor({url}, clients, DescribeDuration); }),
                Goal::atLeastPerSecond(5000));
        }
    }
    if (wanted(groups, u"create"_s)) {
        report.add(u"create versions, sequential, 1 client"_s, medianRun(Runs, [&](int run) {
                       return createVersions({url}, u"sequential%1_"_s.arg(run), 1,
                                             SequentialCreates);
                   }));
        for (int clients : {2, 4}) {
            report.add(u"create versions, %1 clients on %1 tables"_s.arg(clients),
                       medianRun(Runs, [&](int run) {
                           return createVersions({url}, u"parallel%1x%2_"_s.arg(clients).arg(run),
                                                 clients, ConcurrentCreatesPerClient);
                       }));
        }
    }
    if (wanted(groups, u"batch"_s)) {
        BenchHttpClient batchClient(url);
        report.add(u"batch commit, %1 declare + %1 create_table_version"_s.arg(
                       grouped(workload::BatchTables)),
                   medianRun(BatchRuns, [&](int run) { return batchCommit(batchClient, run); }),
                   Goal::atMostMs(1000));
    }

    report.addNote(u"identity: no Accept-Encoding (cpp-httplib's default; every row but the "
                   u"gzip one); gzip: Accept-Encoding: gzip, inflated by the client."_s);
    report.addNote(u"Server: --threads 16 (default), --quiet; seeded through CatalogEngine "
                   u"before it started. Clients and server share the machine's cores."_s);
    report.addNote(u"Requests are RestRequestBuilder's bytes, built before the clock starts "
                   u"(list pages: built per page, and decoded, as a client must)."_s);
    report.addNote(u"Versions: manifests outside the table folder, no file moves."_s);
    report.print(out);
    server.stop();
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchCatalogServer"_s, run);
}
