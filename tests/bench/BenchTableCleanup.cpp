// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): a table's health and the cleanup of its old versions, for a table of
// 1,000 versions whose latest holds 10,000 fragments, on the ext4 system disk and on s3rver
// behind a proxy that holds every request 20 ms (a store across a network). In one run, side
// by side on two copies of the same table:
//   - ours: GetTableHealth, the cleanup's preview (PlanTableCleanup, goal 1 s on the disk) and
//     the cleanup applied (CleanupTable), through the embedded catalog's engine, every version
//     recorded in the catalog; each first from a cold-ish page cache, then warm;
//   - LanceDB's: optimize() with `cleanupOlderThan` now (tests/bench/lancedb-cleanup.mjs), the
//     only cleanup its Node client has, on the other copy.
// Both clean every version but the latest; the program checks that both remove as many
// versions and as many bytes.
//
// The table: an ingest that appends 10 fragments a version (15 on every tenth) and, on every
// tenth, deletes rows: 5 fragments lose all theirs and leave the table, 5 gain a deletion file
// (replacing one they had). Its manifests are written by tests/support/SyntheticManifest as
// Lance writes them, after the files they name; its files hold 1 KiB each (nothing here reads
// them). Every fragment holds Lance's compaction target of rows, so LanceDB's optimize() has
// nothing to compact. Run with `cmake --build <dir> --target bench`; the numbers go in the README
// with the machine.
#include "BenchReport.h"
#include "LatencyProxy.h"
#include "PageCache.h"
#include "StorageEmulator.h"
#include "SyntheticManifest.h"
#include "engine/CatalogEngine.h"
#include "storage/LocalStore.h"
#include "storage/StoreFactory.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFutureWatcher>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QProcess>
#include <QSemaphore>
#include <QSet>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <limits>
#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;
using test::SyntheticManifest;

namespace {

constexpr int Versions = 1'000;
constexpr quint64 FragmentRows = 1'048'576; // Lance's target_rows_per_fragment
constexpr int FileBytes = 1024;
constexpr int DelayMs = 20;
constexpr int WarmRuns = 3;
const api::Identifier Table{QStringList{u"bench"_s}};

QString manifestName(quint64 version)
{
    return u"%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - version);
}

using Put = std::function<void(const QString &path, const QByteArray &bytes)>;

struct TableFacts
{
    qint64 latestFragments = 0;
    qint64 objects = 0;
    qint64 manifestBytes = 0;
};

/// The table described above, each file handed to `put` (a path relative to the table): the
/// data, deletion and transaction files of every version, then the manifests. Those are stamped
/// after every file was written, 0.6 ms apart, each time the same number of bytes long, so that
/// two tables written one after the other hold the same bytes but for the times: Lance's
/// cleanup only looks at files older than the oldest version it keeps.
TableFacts writeTable(const Put &put)
{
    TableFacts facts;
    const QByteArray filler(FileBytes, 'x');
    qint64 stampSeconds = 0;
    const auto walk = [&](bool manifests) {
        QList<SyntheticManifest::Fragment> live;
        quint64 nextId = 0;
        const auto file = [&](const QString &path, const QByteArray &bytes) {
            if (!manifests) {
                put(path, bytes);
                ++facts.objects;
            }
        };
        for (quint64 version = 1; version <= Versions; ++version) {
            const bool deletes = version % 10 == 0;
            for (int i = 0; i < (deletes ? 15 : 10); ++i) {
                live.append({nextId, FragmentRows, 0, 0});
                file(u"data/"_s + SyntheticManifest::dataFileName(nextId), filler);
                ++nextId;
            }
            if (deletes) {
                for (quint64 j = 0; j < 5; ++j) {
                    live.removeAt(qsizetype((version * 7 + j * 131) % quint64(live.size())));
                }
                for (quint64 j = 0; j < 5; ++j) {
                    SyntheticManifest::Fragment &fragment
                        = live[qsizetype((version * 13 + j * 197) % quint64(live.size()))];
                    fragment.deletedRows += 1'000;
                    fragment.deletionVersion = version;
                    file(u"_deletions/"_s + SyntheticManifest::deletionFileName(fragment), filler);
                }
            }
            file(u"_transactions/"_s + SyntheticManifest::transactionFileName(version),
                 SyntheticManifest::appendTransaction(version));
            if (!manifests) {
                continue;
            }
            SyntheticManifest::Shape shape;
            shape.version = version;
            shape.fragments = live;
            // Nanoseconds from 2^28 up to 10^9 are five bytes as varints, as are the seconds.
            shape.commitTime
                = std::pair<qint64, qint64>(stampSeconds, 300'000'000 + qint64(version) * 600'000);
            const QByteArray manifest = SyntheticManifest::file(shape);
            facts.manifestBytes += manifest.size();
            put(u"_versions/"_s + manifestName(version), manifest);
            ++facts.objects;
        }
        facts.latestFragments = live.size();
    };
    walk(false);
    stampSeconds = QDateTime::currentSecsSinceEpoch() + 1;
    walk(true);
    return facts;
}

Put toFolder(const QString &table)
{
    for (const QString &folder : {u"data"_s, u"_deletions"_s, u"_transactions"_s, u"_versions"_s}) {
        QDir().mkpath(table + u'/' + folder);
    }
    return [table](const QString &path, const QByteArray &bytes) {
        QFile file(table + u'/' + path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
            throw std::runtime_error("cannot write " + path.toStdString());
        }
    };
}

/// Writes handed to it on threads of its own, 16 at a time (s3rver takes one object after
/// another slowly, many at once quickly).
class StoreWriter
{
public:
    explicit StoreWriter(storage::ObjectStore &store)
        : m_store(store)
    {
        m_pool.setMaxThreadCount(InFlight);
    }

    Put to(const QString &table)
    {
        return [this, table](const QString &path, const QByteArray &bytes) {
            m_slots.acquire();
            (void)QtConcurrent::run(&m_pool, [this, key = table + u'/' + path, bytes] {
                auto written = m_store.createIfAbsent(key, bytes, storage::CallControl());
                if (!written) {
                    const QMutexLocker lock(&m_mutex);
                    m_failure = u"cannot write %1: %2"_s.arg(key, written.error().message());
                }
                m_slots.release();
            });
        };
    }

    /// Waits for every write; throws the first failure.
    void finish()
    {
        m_pool.waitForDone();
        if (!m_failure.isEmpty()) {
            throw std::runtime_error(m_failure.toStdString());
        }
    }

private:
    static constexpr int InFlight = 16;
    storage::ObjectStore &m_store;
    QThreadPool m_pool;
    QSemaphore m_slots{InFlight};
    QMutex m_mutex;
    QString m_failure;
};

storage::StorageOptions s3Options(const QUrl &endpoint)
{
    return storage::StorageOptions(test::StorageEmulator::s3Options(endpoint));
}

/// `work` on a pool thread while this thread's event loop turns (the proxy and the emulator's
/// pipe live on it).
template <typename Work> auto offThisThread(Work work) -> decltype(work())
{
    auto future = QtConcurrent::run(std::move(work));
    QEventLoop loop;
    QFutureWatcher<decltype(work())> watcher;
    QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(future);
    loop.exec();
    return future.result();
}

std::unique_ptr<engine::CatalogEngine> openEngine(const QString &root,
                                                  const storage::StorageOptions &options)
{
    engine::CatalogEngine::Options settings;
    settings.root = root;
    settings.registerExistingTables = false;
    settings.storageOptions = options;
    auto engine = engine::CatalogEngine::open(settings);
    if (!engine) {
        throw std::runtime_error("cannot open the catalog: "
                                 + engine.error().userMessage().toStdString());
    }
    return std::move(*engine);
}

/// The table at `location` declared, and each of its versions recorded, in one batch commit.
void record(engine::CatalogEngine &engine, const QString &location)
{
    api::BatchCommitTablesRequest batch;
    api::DeclareTableRequest declare;
    declare.id = Table;
    declare.location = location;
    batch.operations.append(declare);
    for (qint64 version = 1; version <= Versions; ++version) {
        api::CreateTableVersionRequest create;
        create.id = Table;
        create.version = version;
        create.manifestPath = location + u"/_versions/"_s + manifestName(quint64(version));
        batch.operations.append(create);
    }
    if (auto committed = offThisThread([&] { return engine.run(batch); }); !committed) {
        throw std::runtime_error("cannot record the versions: "
                                 + committed.error().userMessage().toStdString());
    }
}

template <typename T> T checked(api::Result<T> result, const char *what)
{
    if (!result) {
        throw std::runtime_error(std::string(what) + ": "
                                 + result.error().userMessage().toStdString());
    }
    return std::move(*result);
}

struct Ours
{
    double healthFirstMs = 0;
    double healthWarmMs = 0;
    double previewFirstMs = 0;
    double previewWarmMs = 0;
    double applyMs = 0;
    qint64 removedVersions = 0;
    qint64 freedBytes = 0;
    qint64 freedFiles = 0;
    int requests = 0; //!< store requests of the first health
};

/// Health, preview and cleanup through `engine`; `evict` (untimed) drops what a first read
/// should not find cached.
Ours measureOurs(engine::CatalogEngine &engine, const std::function<void()> &evict,
                 const std::function<int()> &requests, const TableFacts &facts)
{
    Ours ours;
    api::GetTableHealthRequest health;
    health.id = Table;
    const auto timedHealth = [&] {
        QElapsedTimer timer;
        timer.start();
        const auto answer = checked(offThisThread([&] { return engine.run(health); }), "health");
        const double ms = msSince(timer);
        if (answer.latest.fragments != facts.latestFragments || answer.kept.versions != Versions) {
            throw std::runtime_error("the health does not count the table's fragments");
        }
        return ms;
    };
    evict();
    const int before = requests();
    ours.healthFirstMs = timedHealth();
    ours.requests = requests() - before;
    ours.healthWarmMs = medianRun(WarmRuns, [&](int) { return Sample{1, timedHealth()}; }).ms;

    api::PlanTableCleanupRequest preview;
    preview.id = Table;
    preview.policy.olderThanSeconds = 0; // everything older than now: all but the latest
    api::PlanTableCleanupResponse plan;
    const auto timedPreview = [&] {
        QElapsedTimer timer;
        timer.start();
        plan = checked(offThisThread([&] { return engine.run(preview); }), "preview");
        const double ms = msSince(timer);
        if (plan.removedVersions.size() != Versions - 1) {
            throw std::runtime_error("the preview does not remove every version but the latest");
        }
        return ms;
    };
    evict();
    ours.previewFirstMs = timedPreview();
    ours.previewWarmMs = medianRun(WarmRuns, [&](int) { return Sample{1, timedPreview()}; }).ms;
    ours.removedVersions = plan.removedVersions.size();
    ours.freedBytes = plan.freed.bytes;
    ours.freedFiles = plan.freed.files;

    api::CleanupTableRequest apply;
    apply.id = Table;
    apply.policy = preview.policy;
    apply.planId = plan.planId;
    evict();
    QElapsedTimer timer;
    timer.start();
    const auto cleaned = checked(offThisThread([&] { return engine.run(apply); }), "cleanup");
    ours.applyMs = msSince(timer);
    if (cleaned.removed.files != plan.freed.files || !cleaned.failedFiles.isEmpty()) {
        throw std::runtime_error("the cleanup did not remove what its preview listed");
    }
    return ours;
}

/// How long listing the table's folder takes (what a read of a table the cache knows costs).
Sample listing(storage::ObjectStore &store, const QString &prefix)
{
    return medianRun(WarmRuns, [&](int) {
        QElapsedTimer timer;
        timer.start();
        const auto listed
            = offThisThread([&] { return store.listAll(prefix, storage::CallControl()); });
        if (!listed) {
            throw std::runtime_error("cannot list the table");
        }
        return Sample{listed->size(), msSince(timer)};
    });
}

struct Theirs
{
    double openMs = 0;
    double optimizeMs = 0;
    qint64 oldVersions = 0;
    qint64 bytesRemoved = 0;
    qint64 compacted = 0;
};

Theirs measureLanceDb(const QStringList &arguments)
{
    QProcess node;
    node.setProcessChannelMode(QProcess::SeparateChannels);
    node.start(test::StorageEmulator::nodeExecutable(),
               QStringList{QStringLiteral(LCB_BENCH_DIR "/lancedb-cleanup.mjs")} + arguments);
    QEventLoop loop; // the proxy turns on this thread's loop while LanceDB waits on it
    QObject::connect(&node, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&node, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    if (node.state() != QProcess::NotRunning) {
        loop.exec();
    }
    const QJsonObject said = QJsonDocument::fromJson(node.readAllStandardOutput()).object();
    if (node.exitCode() != 0 || said.isEmpty()) {
        throw std::runtime_error("LanceDB's cleanup failed: "
                                 + node.readAllStandardError().toStdString());
    }
    return {said[u"openMs"].toDouble(), said[u"optimizeMs"].toDouble(),
            said[u"oldVersions"].toInteger(), said[u"bytesRemoved"].toInteger(),
            said[u"compactedFragments"].toInteger()};
}

void report(BenchReport &table, const QString &where, const Ours &ours, const Theirs &theirs,
            bool previewGoal)
{
    table.add(u"%1: health, first"_s.arg(where), {1, ours.healthFirstMs});
    table.add(u"%1: health, again (median of %2)"_s.arg(where).arg(WarmRuns),
              {1, ours.healthWarmMs});
    table.add(u"%1: cleanup preview, first"_s.arg(where), {1, ours.previewFirstMs},
              previewGoal ? Goal::atMostMs(1000) : Goal::none());
    table.add(u"%1: cleanup preview, again (median of %2)"_s.arg(where).arg(WarmRuns),
              {1, ours.previewWarmMs}, previewGoal ? Goal::atMostMs(1000) : Goal::none());
    table.add(u"%1: cleanup applied (%2 files)"_s.arg(where, grouped(double(ours.freedFiles))),
              {ours.freedFiles, ours.applyMs});
    table.add(u"%1: LanceDB's open and optimize() cleanup"_s.arg(where),
              {1, theirs.openMs + theirs.optimizeMs});
}

/// A line for the notes; counts a mismatch as a missed goal.
QString compared(const QString &where, const Ours &ours, const Theirs &theirs, int &mismatches)
{
    const bool same = ours.removedVersions == theirs.oldVersions
                      && ours.freedBytes == theirs.bytesRemoved && theirs.compacted == 0;
    mismatches += same ? 0 : 1;
    return u"%1: ours removed %2 versions and %3 bytes, LanceDB %4 versions and %5 bytes "
           "(compacting %6 fragments): %7"_s.arg(where)
               .arg(ours.removedVersions)
               .arg(grouped(double(ours.freedBytes)))
               .arg(theirs.oldVersions)
               .arg(grouped(double(theirs.bytesRemoved)))
               .arg(theirs.compacted)
               .arg(same ? u"the same"_s : u"MISMATCH"_s);
}

QStringList filesIn(const QString &table)
{
    QStringList files;
    QDirIterator each(table, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (each.hasNext()) {
        files << QDir(table).relativeFilePath(each.next());
    }
    files.sort();
    return files;
}

/// A line for the notes on what both cleanups left; counts a difference as a missed goal.
QString sameFilesLeft(const QString &where, const QStringList &ours, const QStringList &theirs,
                      int &mismatches)
{
    if (ours == theirs) {
        return u"%1: both left the same %2 files"_s.arg(where).arg(ours.size());
    }
    ++mismatches;
    const QSet<QString> a(ours.cbegin(), ours.cend());
    const QSet<QString> b(theirs.cbegin(), theirs.cend());
    QStringList onlyOurs = (a - b).values();
    QStringList onlyTheirs = (b - a).values();
    onlyOurs.sort();
    onlyTheirs.sort();
    return u"%1: MISMATCH in the files left: only ours kept %2; only LanceDB kept %3"_s.arg(where)
        .arg(onlyOurs.mid(0, 5).join(u", "_s), onlyTheirs.mid(0, 5).join(u", "_s));
}

void run(QTextStream &out, const QStringList &arguments)
{
    const bool diskOnly = arguments.contains(u"disk"_s);
    QTemporaryDir root;
    if (!root.isValid()) {
        throw std::runtime_error("no temporary folder");
    }
    BenchReport table(u"Health and cleanup of a table of 1,000 versions and 10,000 fragments"_s);
    int mismatches = 0;
    QStringList notes;

    // On the disk.
    const QString ours = root.filePath(u"ours/bench.lance"_s);
    const QString theirs = root.filePath(u"lancedb/bench.lance"_s);
    const TableFacts facts = writeTable(toFolder(ours));
    (void)writeTable(toFolder(theirs));
    {
        auto engine = openEngine(root.filePath(u"catalog"_s), {});
        record(*engine, ours);
        storage::LocalStore disk;
        table.add(u"disk: the table's folder listed (objects)"_s, listing(disk, ours + u'/'));
        const Ours measured = measureOurs(
            *engine, [&] { PageCache::evict(ours + u"/_versions"_s); }, [] { return 0; }, facts);
        PageCache::evict(theirs + u"/_versions"_s);
        const Theirs lancedb = measureLanceDb({root.filePath(u"lancedb"_s), u"bench"_s});
        report(table, u"disk"_s, measured, lancedb, true);
        notes << compared(u"disk"_s, measured, lancedb, mismatches);
        notes << sameFilesLeft(u"disk"_s, filesIn(ours), filesIn(theirs), mismatches);
    }
    notes << u"the table: %1 objects, manifests %2 MB in all, the latest %3 fragments"_s
                 .arg(grouped(double(facts.objects)))
                 .arg(grouped(double(facts.manifestBytes) / 1e6, 1))
                 .arg(grouped(double(facts.latestFragments)));

    if (!diskOnly) {
        test::StorageEmulator s3;
        if (!s3.startS3({u"lance"_s})) {
            throw std::runtime_error(s3.errorText().toStdString());
        }
        auto direct = storage::StoreFactory::open(*storage::StorageUri::parse(u"s3://lance"_s),
                                                  s3Options(s3.endpoint()));
        if (!direct) {
            throw std::runtime_error("cannot open the store");
        }
        // Written from a thread of their own: the emulator's output reaches this process
        // through a pipe read on this thread's event loop.
        offThisThread([&] {
            StoreWriter writer(**direct);
            (void)writeTable(writer.to(u"ours/bench.lance"_s));
            (void)writeTable(writer.to(u"lancedb/bench.lance"_s));
            writer.finish();
            return 0;
        });
        const QString location = u"s3://lance/ours/bench.lance"_s;
        {
            auto recorder = openEngine(root.filePath(u"store-catalog"_s), s3Options(s3.endpoint()));
            record(*recorder, location);
        }
        LatencyProxy proxy(s3.port(), DelayMs);
        if (!proxy.listen()) {
            throw std::runtime_error("the proxy cannot listen");
        }
        auto engine = openEngine(root.filePath(u"store-catalog"_s), s3Options(proxy.url()));
        auto proxied = storage::StoreFactory::open(*storage::StorageUri::parse(u"s3://lance"_s),
                                                   s3Options(proxy.url()));
        if (!proxied) {
            throw std::runtime_error("cannot open the store");
        }
        table.add(u"s3rver, %1 ms a request: the table's folder listed (objects)"_s.arg(DelayMs),
                  listing(**proxied, u"ours/bench.lance/"_s));
        const Ours measured = measureOurs(
            *engine, [] {}, [&] { return proxy.held(); }, facts);
        const QString options = root.filePath(u"lancedb-s3.json"_s);
        QFile file(options);
        QJsonObject json;
        const QMap<QString, QString> values = test::StorageEmulator::s3Options(proxy.url());
        for (auto value = values.cbegin(); value != values.cend(); ++value) {
            json.insert(value.key(), value.value());
        }
        if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(json).toJson()) < 0) {
            throw std::runtime_error("cannot write LanceDB's storage options");
        }
        file.close();
        const int before = proxy.held();
        const Theirs lancedb = measureLanceDb({u"s3://lance/lancedb"_s, u"bench"_s, options});
        const QString where = u"s3rver, %1 ms a request"_s.arg(DelayMs);
        report(table, where, measured, lancedb, false);
        notes << compared(u"s3rver"_s, measured, lancedb, mismatches);
        notes << u"store requests: our health %1, LanceDB's open and cleanup %2"_s
                     .arg(measured.requests)
                     .arg(proxy.held() - before);
    }
    for (const QString &note : std::as_const(notes)) {
        table.addNote(note);
    }
    table.addNote(u"machine: %1"_s.arg(machine()));
    table.print(out, mismatches);
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchTableCleanup"_s, run);
}
