// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): the catalog engine in-process, without HTTP, for the same work as
// BenchCatalogServer, so the difference between the two tables is the server and the wire. Run
// with `cmake --build <dir> --target bench`; the numbers go in the README with the machine.
#include "BenchReport.h"
#include "BenchWorkload.h"
#include "ConcurrentRun.h"
#include "engine/CatalogEngine.h"

#include <QTemporaryDir>
#include <QTextStream>

#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;
using namespace std::chrono_literals;

namespace {

constexpr int Runs = 5;
constexpr int BatchRuns = 3; // each one adds 5,000 tables; three keep the catalog comparable
constexpr auto DescribeDuration = 1s;
constexpr int SequentialCreates = 2000;
constexpr int ConcurrentCreatesPerThread = 500;

template <typename T> T valueOrThrow(api::Result<T> result)
{
    if (!result) {
        throw std::runtime_error(result.error().details().toStdString());
    }
    return std::move(*result);
}

std::unique_ptr<engine::CatalogEngine> openEngine(const QString &root, bool syncEveryCommit = true)
{
    engine::CatalogEngine::Options options;
    options.root = root;
    options.registerExistingTables = false;
    options.syncEveryCommit = syncEveryCommit;
    return valueOrThrow(engine::CatalogEngine::open(options));
}

Sample seed(engine::CatalogEngine &engine)
{
    const Clock::time_point start = Clock::now();
    if (auto problem = workload::seed(engine)) {
        throw std::runtime_error(problem->toStdString());
    }
    const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    return {workload::ListedTables, elapsed.count()};
}

Sample listAll(engine::CatalogEngine &engine)
{
    const Clock::time_point start = Clock::now();
    std::optional<QString> token;
    qint64 tables = 0;
    int pages = 0;
    do {
        api::ListTablesResponse page = valueOrThrow(engine.run(workload::listPage(token)));
        tables += page.tables.size();
        token = page.pageToken;
        ++pages;
    } while (token && !token->isEmpty());
    const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    if (tables != workload::ListedTables || pages != workload::ListedTables / workload::PageSize) {
        throw std::runtime_error(
            u"listed %1 tables in %2 pages"_s.arg(tables).arg(pages).toStdString());
    }
    return {tables, elapsed.count()};
}

// Describes on `threads` threads with an engine each, as the server's workers have.
Sample describeFor(const QString &root, int threads)
{
    return runTogether(threads, DescribeDuration, [&root](int) -> TimedWork {
        std::shared_ptr<engine::CatalogEngine> engine = openEngine(root);
        const api::DescribeTableRequest request = workload::describe();
        valueOrThrow(engine->run(request)); // warm: statements prepared, pages cached
        return [engine, request](Clock::time_point deadline) {
            qint64 done = 0;
            while (Clock::now() < deadline) {
                valueOrThrow(engine->run(request));
                ++done;
            }
            return done;
        };
    });
}

// `threads` threads with an engine each, each creating versions 1..count of its own new table.
Sample createVersions(const QString &root, const QString &prefix, int threads, int count,
                      bool syncEveryCommit = true)
{
    return runTogether(threads, 0ms, [&](int thread) -> TimedWork {
        std::shared_ptr<engine::CatalogEngine> engine = openEngine(root, syncEveryCommit);
        const api::Identifier table = workload::workTable(prefix + QString::number(thread));
        valueOrThrow(engine->run(workload::declare(table)));
        QList<api::CreateTableVersionRequest> requests;
        for (int version = 1; version <= count; ++version) {
            requests.append(workload::createVersion(table, version));
        }
        return [engine, requests](Clock::time_point) {
            for (const api::CreateTableVersionRequest &request : requests) {
                valueOrThrow(engine->run(request));
            }
            return qint64(requests.size());
        };
    });
}

Sample batchCommit(engine::CatalogEngine &engine, int run)
{
    const api::BatchCommitTablesRequest request = workload::mixedBatch(u"batch%1_"_s.arg(run));
    const Clock::time_point start = Clock::now();
    const api::BatchCommitTablesResponse response = valueOrThrow(engine.run(request));
    const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    if (response.results.size() != workload::BatchOperations) {
        throw std::runtime_error("the batch answered with the wrong number of results");
    }
    return {workload::BatchOperations, elapsed.count()};
}

void run(QTextStream &out)
{
    QTemporaryDir root;
    if (!root.isValid()) {
        throw std::runtime_error("no temporary folder");
    }
    std::unique_ptr<engine::CatalogEngine> engine = openEngine(root.path());
    BenchReport report(
        u"CatalogEngine in-process (median of %1 runs; batch: %2)"_s.arg(Runs).arg(BatchRuns));
    const QString listed = u"list %1 tables, pages of %2"_s.arg(grouped(workload::ListedTables),
                                                                grouped(workload::PageSize));

    report.add(u"seed: declare %1 tables, batches of %2 (1 run)"_s.arg(
                   grouped(workload::ListedTables), grouped(workload::SeedBatchSize)),
               seed(*engine));
    report.add(listed, medianRun(Runs, [&](int) { return listAll(*engine); }),
               Goal::atMostMs(1000));
    for (int threads : {1, 2}) {
        report.add(
            u"describe a table, %1 thread%2"_s.arg(threads).arg(threads > 1 ? u"s"_s : u""_s),
            medianRun(Runs, [&](int) { return describeFor(root.path(), threads); }),
            Goal::atLeastPerSecond(5000));
    }
    report.add(u"create versions, sequential, 1 table"_s, medianRun(Runs, [&](int run) {
                   return createVersions(root.path(), u"sequential%1_"_s.arg(run), 1,
                                         SequentialCreates);
               }));
    // What synchronous=FULL costs per commit: the same row without the log's fsync.
    report.add(u"  the same, synchronous=NORMAL (no fsync per commit)"_s,
               medianRun(Runs, [&](int run) {
                   return createVersions(root.path(), u"unsynced%1_"_s.arg(run), 1,
                                         SequentialCreates, false);
               }));
    for (int threads : {2, 4}) {
        report.add(u"create versions, %1 threads on %1 tables"_s.arg(threads),
                   medianRun(Runs, [&](int run) {
                       return createVersions(root.path(), u"parallel%1x%2_"_s.arg(threads).arg(run),
                                             threads, ConcurrentCreatesPerThread);
                   }));
    }
    report.add(
        u"batch commit, %1 declare + %1 create_table_version"_s.arg(grouped(workload::BatchTables)),
        medianRun(BatchRuns, [&](int run) { return batchCommit(*engine, run); }),
        Goal::atMostMs(1000));

    report.addNote(u"Fresh catalog in a temporary folder; SQLite WAL, synchronous=FULL (an "
                   u"answered commit survives a power loss) unless the row says otherwise."_s);
    report.addNote(u"Threads: one CatalogEngine (one connection) each, as the server's "
                   u"workers. Versions: manifests outside the table folder, no file moves."_s);
    report.addNote(u"count: tables listed, requests or operations; rate: count per second."_s);
    report.print(out);
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchCatalogEngine"_s,
                        [](QTextStream &out, const QStringList &) { run(out); });
}
