// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): the Versions view of a table of 1,000 versions on an object store,
// where the server lists versions without their facts (as Lance's own servers may) and the
// window reads each manifest and transaction on the store itself (details::VersionFactsReader,
// what TableVersionModel runs for each page). s3rver holds the table behind a proxy that holds
// every request 20 ms (a store across a network). In one run, side by side, each on objects no
// cache has seen:
//   - the first page (100 versions) read one manifest after the other, as the reader did
//     before it read in parallel;
//   - the first page read as the view reads it now: when its first rows show, and when the
//     whole page shows (goal 0.5 s);
//   - all 1,000 versions.
// The manifests are written by tests/support/SyntheticManifest. Run with
// `cmake --build <dir> --target bench`; the numbers go in the README with the machine.
#include "BenchReport.h"
#include "LatencyProxy.h"
#include "StorageEmulator.h"
#include "SyntheticManifest.h"
#include "details/ManifestAccess.h"
#include "details/VersionFactsReader.h"
#include "storage/StoreFactory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <limits>
#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;
using test::SyntheticManifest;

namespace {

constexpr int Versions = 1'000;
constexpr int PageSize = 100; // TableVersionModel::DefaultPageSize
constexpr int DelayMs = 20;

std::shared_ptr<storage::ObjectStore> openStore(const QUrl &endpoint)
{
    auto store = storage::StoreFactory::open(
        *storage::StorageUri::parse(u"s3://lance"_s),
        storage::StorageOptions(test::StorageEmulator::s3Options(endpoint)));
    if (!store) {
        throw std::runtime_error("cannot open the store: " + store.error().message().toStdString());
    }
    return *store;
}

/// Versions `first`..`last` of table `table` (a folder of the bucket), written to `store` as an
/// append-only table writes them; the records a server lists for them, newest first, with the
/// e-tags it recorded and no facts.
QList<api::TableVersion> writeVersions(storage::ObjectStore &store, const QString &table,
                                       quint64 first, quint64 last)
{
    QList<api::TableVersion> records;
    for (quint64 version = first; version <= last; ++version) {
        // The emulator's output reaches this process through a pipe read on the event loop:
        // left unread, it fills and the emulator stops answering.
        QCoreApplication::processEvents();
        SyntheticManifest::Shape shape;
        shape.version = version;
        shape.fragments
            = SyntheticManifest::fragments(version * 100, int((version - 1) % 100) + 1, 1'000);
        const QString key
            = table
              + u"/_versions/%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - version);
        // A call's deadline counts from its CallControl: one each.
        auto written
            = store.createIfAbsent(key, SyntheticManifest::file(shape), storage::CallControl());
        auto transaction = store.createIfAbsent(
            table + u"/_transactions/"_s + SyntheticManifest::transactionFileName(version),
            SyntheticManifest::appendTransaction(version), storage::CallControl());
        if (!written || !transaction) {
            const storage::StorageError &error = written ? transaction.error() : written.error();
            throw std::runtime_error("cannot write version " + std::to_string(version) + ": "
                                     + error.message().toStdString());
        }
        api::TableVersion record;
        record.version = qint64(version);
        record.manifestPath = key;
        record.manifestSize = written->size;
        record.eTag = written->eTag;
        records.prepend(record);
    }
    return records;
}

details::ManifestAccess accessTo(const std::shared_ptr<storage::ObjectStore> &store,
                                 const QString &table)
{
    return details::ManifestAccess({}, false).withStore(
        engine::TableStores::Table{store, store->uriOf(table)});
}

struct Filled
{
    double firstMs = 0; //!< when the first rows arrived
    double allMs = 0;   //!< when every version had its facts
};

/// VersionFactsReader::start() on `versions`, as TableVersionModel runs it for a page.
Filled readAsTheViewDoes(const details::ManifestAccess &access,
                         const QList<api::TableVersion> &versions)
{
    QObject context;
    QEventLoop loop;
    Filled filled;
    qsizetype gained = 0;
    QElapsedTimer timer;
    timer.start();
    details::VersionFactsReader::start(access, versions, &context,
                                       [&](const QList<api::TableVersion> &read) {
                                           if (gained == 0) {
                                               filled.firstMs = msSince(timer);
                                           }
                                           gained += read.size();
                                           if (gained == versions.size()) {
                                               filled.allMs = msSince(timer);
                                               loop.quit();
                                           }
                                       });
    QTimer::singleShot(600'000, &loop, [&] { loop.quit(); });
    loop.exec();
    if (gained != versions.size()) {
        throw std::runtime_error("not every version gained its facts");
    }
    return filled;
}

/// The versions completed one after the other on one thread, as the reader did before.
double readOneAfterAnother(const details::ManifestAccess &access, QList<api::TableVersion> versions)
{
    QElapsedTimer timer;
    timer.start();
    auto future = QtConcurrent::run([&access, &versions] {
        int gained = 0;
        for (api::TableVersion &version : versions) {
            gained += access.complete(version) ? 1 : 0;
        }
        return gained;
    });
    QEventLoop loop; // the proxy turns on this thread's loop while the reads wait on it
    QFutureWatcher<int> watcher;
    QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(future);
    loop.exec();
    if (future.result() != versions.size()) {
        throw std::runtime_error("not every version gained its facts");
    }
    return msSince(timer);
}

void run(QTextStream &out)
{
    test::StorageEmulator s3;
    if (!s3.startS3({u"lance"_s})) {
        throw std::runtime_error(s3.errorText().toStdString());
    }
    // Written straight to the emulator; read through the proxy, each table by a cold reader.
    const auto direct = openStore(s3.endpoint());
    const QList<api::TableVersion> before = writeVersions(*direct, u"before.lance"_s, 1, PageSize);
    const QList<api::TableVersion> page = writeVersions(*direct, u"page.lance"_s, 1, PageSize);
    const QList<api::TableVersion> all = writeVersions(*direct, u"all.lance"_s, 1, Versions);

    LatencyProxy proxy(s3.port(), DelayMs);
    if (!proxy.listen()) {
        throw std::runtime_error("the proxy cannot listen");
    }
    const auto proxied = openStore(proxy.url());
    BenchReport report(
        u"Versions view of a table on a store (s3rver behind %1 ms a request)"_s.arg(DelayMs));

    const int heldBefore = proxy.held();
    const double oneAfterAnother
        = readOneAfterAnother(accessTo(proxied, u"before.lance"_s), before);
    const int requestsPerVersion = (proxy.held() - heldBefore) / PageSize;
    report.add(u"first page (100 versions), one read at a time (before)"_s,
               {PageSize, oneAfterAnother});

    const Filled first = readAsTheViewDoes(accessTo(proxied, u"page.lance"_s), page);
    report.add(u"first page, its first rows shown (%1 reads at once)"_s.arg(
                   details::VersionFactsReader::ParallelReads),
               {details::VersionFactsReader::PartSize, first.firstMs});
    report.add(u"first page, every row shown"_s, {PageSize, first.allMs}, Goal::atMostMs(500));

    const Filled whole = readAsTheViewDoes(accessTo(proxied, u"all.lance"_s), all);
    report.add(u"all 1,000 versions shown"_s, {Versions, whole.allMs});

    report.addNote(u"%1 store requests a version (a manifest's tail, its transaction); the "
                   "records carry the e-tags a server records, so no stat is needed."_s.arg(
                       requestsPerVersion));
    report.addNote(machine());
    report.print(out);
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchStoreFacts"_s,
                        [](QTextStream &out, const QStringList &) { run(out); });
}
