// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): what a steward waits for to see what a table and its versions hold.
//   - ManifestDecoder::readFile() of a manifest of 10,000 fragments (goal 20 ms), first from a
//     cold-ish page cache, then warm, beside reading the same bytes without decoding them;
//   - VersionDiffer of two 10,000-fragment versions (goal 50 ms), and VersionComparer, which
//     the Compare Versions dialog and `lance-catalog diff` run: both manifests read and diffed;
//   - the Versions view of a table of 1,000 versions with their facts: TableVersionModel over
//     the embedded catalog (LocalCatalogService, the engine on its worker thread, reading every
//     manifest and transaction), each run in a new process with the page cache dropped, then
//     with it warm: time until every row is filled (goal 1 s) and the longest the GUI thread
//     went without running its event loop (goal 16 ms).
// The manifests are written by tests/support/SyntheticManifest. Run with
// `cmake --build <dir> --target bench`; the numbers go in the README with the machine.
#include "BenchReport.h"
#include "PageCache.h"
#include "SyntheticManifest.h"
#include "catalog/TableVersionModel.h"
#include "details/ManifestAccess.h"
#include "details/VersionComparer.h"
#include "engine/CatalogEngine.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestReader.h"
#include "format/VersionDiffReport.h"
#include "format/VersionDiffer.h"
#include "local/LocalCatalogService.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <limits>
#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;
using test::SyntheticManifest;

namespace {

constexpr int Runs = 5;
constexpr int Fragments = 10'000;
constexpr int Versions = 1'000;
const api::Identifier Table{QStringList{u"events"_s}};

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
        throw std::runtime_error("cannot write " + path.toStdString());
    }
}

QString manifestName(quint64 version)
{
    return u"%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - version);
}

format::ManifestContents decoded(const QString &path)
{
    auto manifest = format::ManifestDecoder::readFile(path);
    if (!manifest || manifest->fragments.size() < Fragments) {
        throw std::runtime_error("the synthetic manifest did not decode: " + path.toStdString());
    }
    return std::move(*manifest);
}

/// Version 2 of the large table: every 50th fragment gained a deletion file, 100 appended.
SyntheticManifest::Shape secondVersion()
{
    SyntheticManifest::Shape shape;
    shape.version = 2;
    shape.fragments = SyntheticManifest::fragments(0, Fragments, 10'000);
    for (int i = 0; i < Fragments; i += 50) {
        shape.fragments[i].deletedRows = 25;
        shape.fragments[i].deletionVersion = 2;
    }
    shape.fragments += SyntheticManifest::fragments(Fragments, 100, 10'000);
    return shape;
}

void measureDecodeAndDiff(BenchReport &report, const QString &root)
{
    const QString folder = root + u"/large.lance/_versions"_s;
    QDir().mkpath(folder);
    SyntheticManifest::Shape first;
    first.version = 1;
    first.fragments = SyntheticManifest::fragments(0, Fragments, 10'000);
    const QString v1 = folder + u'/' + manifestName(1);
    const QString v2 = folder + u'/' + manifestName(2);
    writeFile(v1, SyntheticManifest::file(first));
    writeFile(v2, SyntheticManifest::file(secondVersion()));
    const qint64 bytes = QFileInfo(v1).size();

    PageCache::evict(folder);
    const double resident = PageCache::residentShare(folder);
    QElapsedTimer timer;
    timer.start();
    (void)decoded(v1);
    report.add(u"decode 10,000 fragments (%1 KiB), cold-ish (%2% cached)"_s.arg(bytes / 1024)
                   .arg(grouped(resident * 100.0)),
               {1, msSince(timer)}, Goal::atMostMs(20));
    report.add(u"decode 10,000 fragments, warm"_s,
               medianRun(Runs,
                         [&](int) {
                             QElapsedTimer each;
                             each.start();
                             (void)decoded(v1);
                             return Sample{1, msSince(each)};
                         }),
               Goal::atMostMs(20));
    report.add(u"  the same bytes read, not decoded"_s, medianRun(Runs, [&](int) {
                   QElapsedTimer each;
                   each.start();
                   if (!format::ManifestReader::readBytes(v1)) {
                       throw std::runtime_error("cannot read the manifest");
                   }
                   return Sample{1, msSince(each)};
               }));

    const format::ManifestContents a = decoded(v1);
    const format::ManifestContents b = decoded(v2);
    qint64 appended = 0;
    report.add(u"diff two 10,000-fragment versions"_s,
               medianRun(Runs,
                         [&](int) {
                             QElapsedTimer each;
                             each.start();
                             const format::VersionDiff diff = format::VersionDiffer::compare(a, b);
                             const QString text = format::VersionDiffReport(diff).text();
                             appended = diff.rowsAppended;
                             return Sample{1, msSince(each) + (text.isEmpty() ? 1e9 : 0)};
                         }),
               Goal::atMostMs(50));
    if (appended != qint64(100) * 10'000) {
        throw std::runtime_error("the diff did not see the 100 appended fragments");
    }
    const details::ManifestAccess access;
    api::TableVersion from;
    from.version = 1;
    from.manifestPath = v1;
    api::TableVersion to;
    to.version = 2;
    to.manifestPath = v2;
    // VersionComparer reads through the catalog's manifest cache: the first call decodes.
    QElapsedTimer firstCompare;
    firstCompare.start();
    if (!details::VersionComparer::compare(access, from, to)) {
        throw std::runtime_error("the comparison failed");
    }
    report.add(u"  Compare Versions: read and decode both, diff, report"_s,
               {1, msSince(firstCompare)});
    report.add(u"  Compare Versions again (decoded manifests cached)"_s, medianRun(Runs, [&](int) {
                   QElapsedTimer each;
                   each.start();
                   if (!details::VersionComparer::compare(access, from, to)) {
                       throw std::runtime_error("the comparison failed");
                   }
                   return Sample{1, msSince(each)};
               }));
}

/// A table of `Versions` versions as an append-only LanceDB table writes them, compacted to one
/// fragment every 100 versions: version k has ((k - 1) % 100) + 1 fragments of 1,000 rows, and
/// an Append transaction. Registered in a catalog at `root`/catalog.
QString writeVersionedTable(const QString &root)
{
    QString table = root + u"/data/events.lance"_s;
    QDir().mkpath(table + u"/_versions"_s);
    QDir().mkpath(table + u"/_transactions"_s);
    for (quint64 version = 1; version <= Versions; ++version) {
        SyntheticManifest::Shape shape;
        shape.version = version;
        const auto count = int((version - 1) % 100) + 1;
        shape.fragments = SyntheticManifest::fragments(version * 100, count, 1'000);
        writeFile(table + u"/_versions/"_s + manifestName(version), SyntheticManifest::file(shape));
        writeFile(table + u"/_transactions/"_s + SyntheticManifest::transactionFileName(version),
                  SyntheticManifest::appendTransaction(version));
    }
    engine::CatalogEngine::Options options;
    options.root = root + u"/catalog"_s;
    auto engine = engine::CatalogEngine::open(options);
    if (!engine) {
        throw std::runtime_error("cannot open the catalog");
    }
    api::RegisterTableRequest request;
    request.id = Table;
    request.location = table;
    if (!(*engine)->run(request)) {
        throw std::runtime_error("cannot register the table");
    }
    return table;
}

/// In the child process: the Versions view's model, filled to the end; prints
/// "<ms to all rows> <longest event-loop stall ms> <rows> <rows with facts>".
void viewRun(QTextStream &out, const QString &root)
{
    local::LocalCatalogService service(root + u"/catalog"_s);
    catalog::TableVersionModel model(&service);
    QSortFilterProxyModel sorted; // as the view sorts it
    sorted.setSourceModel(&model);
    sorted.setSortRole(catalog::TableVersionModel::SortRole);
    sorted.sort(catalog::TableVersionModel::VersionColumn, Qt::DescendingOrder);

    // A 1 ms timer: the longest gap between two of its ticks is the longest the event loop
    // (the GUI thread, in the browser) was kept from running.
    QElapsedTimer clock;
    double lastTick = 0;
    double longest = 0;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(1);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const double now = msSince(clock);
        longest = std::max(longest, now - lastTick);
        lastTick = now;
    });
    double filled = -1;
    QObject::connect(&model, &catalog::TableVersionModel::pageLoaded, [&] {
        if (model.state() == catalog::TableVersionModel::State::Loaded && !model.canFetchMore({})) {
            filled = msSince(clock);
            QCoreApplication::exit(0);
        }
    });
    QString failure;
    QObject::connect(&model, &catalog::TableVersionModel::loadFailed, [&](const QString &why) {
        failure = why;
        QCoreApplication::exit(1);
    });
    clock.start();
    probe.start();
    model.setTable(Table);
    model.loadAll();
    if (QCoreApplication::exec() != 0) {
        throw std::runtime_error("the listing failed: " + failure.toStdString());
    }
    int withFacts = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const auto text = [&](int column) {
            return model.index(row, column).data().toString();
        };
        withFacts += !text(catalog::TableVersionModel::RowsColumn).isEmpty()
                     && text(catalog::TableVersionModel::OperationColumn) == u"Append"_s;
    }
    out << filled << ' ' << longest << ' ' << model.rowCount() << ' ' << withFacts << '\n';
}

struct ViewSample
{
    double filledMs = 0;
    double stallMs = 0;
};

ViewSample viewInNewProcess(const QString &root)
{
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(), {u"--view"_s, root});
    if (!child.waitForFinished(120'000) || child.exitCode() != 0) {
        throw std::runtime_error("the view run failed: "
                                 + child.readAllStandardError().toStdString());
    }
    const QByteArray said = child.readAllStandardOutput().trimmed();
    const QList<QByteArray> parts = said.split(' ');
    if (parts.size() != 4 || parts[2].toInt() != Versions || parts[3].toInt() != Versions) {
        throw std::runtime_error("the view did not fill every row with its facts: "
                                 + said.toStdString());
    }
    return {parts[0].toDouble(), parts[1].toDouble()};
}

void measureView(BenchReport &report, const QString &root)
{
    const QString table = writeVersionedTable(root);
    const auto run = [&](bool cold) {
        QList<ViewSample> samples;
        for (int i = 0; i < 3; ++i) {
            if (cold) {
                PageCache::evict(table + u"/_versions"_s);
                PageCache::evict(table + u"/_transactions"_s);
            }
            samples.append(viewInNewProcess(root));
        }
        std::sort(samples.begin(), samples.end(),
                  [](const ViewSample &x, const ViewSample &y) { return x.filledMs < y.filledMs; });
        double stall = 0;
        for (const ViewSample &sample : samples) {
            stall = std::max(stall, sample.stallMs);
        }
        const QString when = cold ? u"cold-ish page cache"_s : u"warm page cache"_s;
        report.add(u"Versions view, 1,000 versions with facts, %1"_s.arg(when),
                   {Versions, samples[1].filledMs}, Goal::atMostMs(1000));
        report.add(u"  longest GUI-thread stall of 3 runs, %1"_s.arg(when), {1, stall},
                   Goal::atMostMs(16));
    };
    run(true);
    run(false);
}

void run(QTextStream &out)
{
    QTemporaryDir root;
    if (!root.isValid()) {
        throw std::runtime_error("no temporary folder");
    }
    BenchReport report(u"What a table and its versions hold (median of %1 runs)"_s.arg(Runs));
    measureDecodeAndDiff(report, root.path());
    measureView(report, root.path());
    report.addNote(u"machine: %1"_s.arg(machine()));
    report.addNote(u"Manifests written field by field as Lance writes them (8 columns, one data "
                   "file per fragment, a deletion file on every 50th in version 2). The view: "
                   "1,000 versions of 1 to 100 fragments, each run a new process; its count "
                   "column is rows, its time the median of 3 runs."_s);
    report.print(out);
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchVersionFacts"_s,
                        [](QTextStream &out, const QStringList &arguments) {
                            if (arguments.size() == 2 && arguments[0] == u"--view"_s) {
                                viewRun(out, arguments[1]);
                            } else {
                                run(out);
                            }
                        });
}
