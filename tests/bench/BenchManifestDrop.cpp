// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): ManifestDropPlanner::plan() for a `_versions/` folder of 100, 1,000
// and 10,000 manifests dropped on a table, as ManifestDropController runs it on the GUI thread:
// list the folder, read, parse and check every manifest. Also the drop of a table that has
// every version already, and 1,000 manifests of 64 KiB (tables with many fragments write big
// manifests). Decides whether planning must leave the GUI thread. Run with
// `cmake --build <dir> --target bench`; the numbers go in the README with the machine.
#include "BenchReport.h"
#include "CraftedManifest.h"
#include "PageCache.h"
#include "drop/ManifestDropPlanner.h"
#include "format/ManifestReader.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;
using drop::ManifestDropPlan;
using drop::ManifestDropPlanner;
using drop::PathMapper;
using Target = ManifestDropPlanner::Target;
using C = test::CraftedManifest;

namespace {

constexpr int Runs = 5;
constexpr qsizetype SmallManifest = 512; // LanceDB's manifests in tests/data: 471 to 1,257 B
constexpr qsizetype BigManifest = qsizetype(64) * 1024;
const api::Identifier Table{QStringList{u"lake"_s, u"events"_s}};

/// A manifest ManifestReader accepts, holding `version` and a commit time, padded to `bytes` in
/// all with field 1 (Lance's schema, which the reader skips unread, as it skips fragments).
QByteArray manifestFor(qint64 version, qsizetype bytes)
{
    const QByteArray known = C::varintField(3, quint64(version))
                             + C::bytesField(7, C::timestamp(1795935669 + version, 257000000));
    // Length, footer and the padding field's key and length take about 30 bytes.
    const qsizetype padding = std::max<qsizetype>(0, bytes - known.size() - 30);
    QByteArray message = C::bytesField(1, QByteArray(padding, 'f')) + known;
    QByteArray file = C::file(message);
    if (file.size() < bytes) { // the padding's length varint was shorter than allowed for
        message = C::bytesField(1, QByteArray(padding + (bytes - file.size()), 'f')) + known;
        file = C::file(message);
    }
    return file;
}

/// Lance's V2 name: the 20 digits of `u64::MAX - version`, so names sort newest first.
QString v2Name(qint64 version)
{
    return u"%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - quint64(version), 20, 10,
                                QChar(u'0'));
}

/// `<root>/bench.lance/_versions/` with versions 1..count (and Lance's version hint).
QString writeVersions(const QString &root, qint64 count, qsizetype bytes)
{
    QString folder = root + u"/bench.lance/_versions"_s;
    if (!QDir().mkpath(folder)) {
        throw std::runtime_error("cannot create " + folder.toStdString());
    }
    for (qint64 version = 1; version <= count; ++version) {
        QFile file(folder + u'/' + v2Name(version));
        if (!file.open(QIODevice::WriteOnly) || file.write(manifestFor(version, bytes)) < bytes) {
            throw std::runtime_error("cannot write " + file.fileName().toStdString());
        }
    }
    QFile hint(folder + u"/latest_version_hint.json"_s);
    if (!hint.open(QIODevice::WriteOnly) || hint.write("{\"version\":1}") < 0) {
        throw std::runtime_error("cannot write the version hint");
    }
    return folder;
}

/// A drop's plan must be what the files say, or the time means nothing: every version staged,
/// or (`allKnown`) every version refused as one the table has.
void checkPlan(const ManifestDropPlan &plan, qint64 count, bool allKnown)
{
    const bool ok
        = allKnown ? plan.operations.isEmpty() && plan.problems.size() == count
                         && std::all_of(plan.problems.cbegin(), plan.problems.cend(),
                                        [](const ManifestDropPlan::Problem &problem) {
                                            return problem.kind
                                                   == ManifestDropPlan::Problem::Kind::KnownVersion;
                                        })
                   : plan.operations.size() == count && plan.problems.isEmpty();
    if (!ok) {
        throw std::runtime_error(
            u"unexpected plan: %1 operations, %2 problems (first: %3)"_s.arg(plan.operations.size())
                .arg(plan.problems.size())
                .arg(plan.problems.isEmpty() ? u"none"_s : plan.problems.first().message)
                .toStdString());
    }
}

double timedPlan(const ManifestDropPlanner &planner, const QString &folder, qint64 count,
                 bool allKnown)
{
    QElapsedTimer timer;
    timer.start();
    const ManifestDropPlan plan = planner.plan({folder});
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    checkPlan(plan, count, allKnown);
    return ms;
}

struct Timings
{
    QList<double> ms; //!< sorted

    double median() const { return ms[ms.size() / 2]; }
    double worst() const { return ms.last(); }
};

Timings timedRuns(const ManifestDropPlanner &planner, const QString &folder, qint64 count,
                  bool allKnown)
{
    Timings timings;
    for (int i = 0; i < Runs; ++i) {
        timings.ms.append(timedPlan(planner, folder, count, allKnown));
    }
    std::sort(timings.ms.begin(), timings.ms.end());
    return timings;
}

QString microsPer(double ms, qint64 count)
{
    return grouped(ms * 1000.0 / double(count), 1);
}

void measure(BenchReport &report, QStringList &perManifest, qint64 count, qsizetype bytes,
             bool withKnown)
{
    QTemporaryDir root;
    if (!root.isValid()) {
        throw std::runtime_error("no temporary folder");
    }
    const QString folder = writeVersions(root.path(), count, bytes);
    PageCache::evict(folder);
    const double residentBefore = PageCache::residentShare(folder);

    const ManifestDropPlanner planner(Target::table(Table), PathMapper::local());
    // The first plan reads the files from disk; it is also the warm-up of the timed runs.
    const double cold = timedPlan(planner, folder, count, false);
    const Timings warm = timedRuns(planner, folder, count, false);

    const QString size = bytes >= 1024 ? u" of %1 KiB"_s.arg(bytes / 1024) : QString();
    const QString what = u"%1 manifests%2"_s.arg(grouped(double(count)), size);
    report.add(
        u"%1: first plan, cold-ish cache (%2% cached)"_s.arg(what, grouped(residentBefore * 100.0)),
        {count, cold}, Goal::atMostMs(100));
    report.add(u"%1: plan, median of %2"_s.arg(what).arg(Runs), {count, warm.median()},
               Goal::atMostMs(16));
    report.add(u"%1: plan, worst of %2"_s.arg(what).arg(Runs), {count, warm.worst()},
               Goal::atMostMs(16));
    QString line = u"%1: %2 µs cold, %3 µs warm (median)"_s.arg(what, microsPer(cold, count),
                                                                microsPer(warm.median(), count));

    if (withKnown) {
        QSet<qint64> known;
        for (qint64 version = 1; version <= count; ++version) {
            known.insert(version);
        }
        const ManifestDropPlanner again(Target::table(Table, known), PathMapper::local());
        timedPlan(again, folder, count, true); // warm-up
        const Timings all = timedRuns(again, folder, count, true);
        report.add(u"%1, all already there: median of %2"_s.arg(what).arg(Runs),
                   {count, all.median()}, Goal::atMostMs(16));
        report.add(u"%1, all already there: worst of %2"_s.arg(what).arg(Runs),
                   {count, all.worst()}, Goal::atMostMs(16));
        line += u", %1 µs all already there (median)"_s.arg(microsPer(all.median(), count));
    }
    perManifest.append(line);
}

/// ManifestReader::parse() of `count` manifests already in memory: the plan's share that is
/// not file system calls.
Timings parseOnly(qint64 count)
{
    QList<QByteArray> files;
    for (qint64 version = 1; version <= count; ++version) {
        files.append(manifestFor(version, SmallManifest));
    }
    Timings timings;
    for (int i = 0; i <= Runs; ++i) { // the first is the warm-up
        QElapsedTimer timer;
        timer.start();
        quint64 sum = 0;
        for (const QByteArray &file : files) {
            const api::Result<format::ManifestReader::Facts> facts
                = format::ManifestReader::parse(file);
            sum += facts ? facts->version : 0;
        }
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (sum != quint64(count) * quint64(count + 1) / 2) {
            throw std::runtime_error("a crafted manifest was refused");
        }
        if (i > 0) {
            timings.ms.append(ms);
        }
    }
    std::sort(timings.ms.begin(), timings.ms.end());
    return timings;
}

void run(QTextStream &out)
{
    BenchReport report(
        u"ManifestDropPlanner::plan(): a _versions folder dropped on a table (%1 runs after "
        u"a warm-up; total = the plan's wall time, rate = manifests per second)"_s.arg(Runs));
    QStringList perManifest;
    for (const qint64 count : {100, 1000, 10000}) {
        measure(report, perManifest, count, SmallManifest, true);
    }
    measure(report, perManifest, 1000, BigManifest, false);
    const Timings parsed = parseOnly(10000);
    report.add(u"10,000 manifests: ManifestReader::parse() in memory, median of %1"_s.arg(Runs),
               {10000, parsed.median()});
    perManifest.append(u"parse only, in memory: %1 µs"_s.arg(microsPer(parsed.median(), 10000)));

    report.addNote(u"machine: %1"_s.arg(machine()));
    report.addNote(u"Crafted V2-named manifests of %1 B (versions 1..N) plus "
                   u"latest_version_hint.json, in a new temporary folder per row group "
                   u"(TMPDIR, here %2)."_s.arg(grouped(double(SmallManifest)), QDir::tempPath()));
    report.addNote(u"Cold-ish: syncfs, then posix_fadvise(DONTNEED) on every file, so the "
                   u"first plan reads the data from disk; directory entries and inodes stay "
                   u"cached, and the virtual disk may cache too."_s);
    report.addNote(u"Goals: 16 ms (one frame) for a warm plan on the GUI thread; 100 ms (a "
                   u"visible hitch) for the first, cold plan."_s);
    report.addNote(u"µs per manifest:"_s);
    for (const QString &line : perManifest) {
        report.addNote(u"  "_s + line);
    }
    report.print(out);
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchManifestDrop"_s,
                        [](QTextStream &out, const QStringList &) { run(out); });
}
