// SPDX-License-Identifier: Apache-2.0
// The cleanup of old versions, planned on the table LanceDB made for it
// (tests/data/lance/health): what it removes must be what LanceDB's own cleanup removed from
// copies (health.json) with the same versions kept, and less only where a catalog keeps more
// than Lance: a tagged version, a branch's source and every file a branch reads from main.
#include "HealthRecording.h"
#include "LanceFixture.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "format/CleanupPlanner.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestReader.h"
#include "format/ReferenceIndex.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using format::CleanupPlanner;

namespace {

QStringList pathsOf(const api::PlanTableCleanupResponse &plan)
{
    QStringList paths;
    for (const api::CleanupFile &file : plan.files) {
        paths << file.path;
    }
    return paths;
}

QList<qint64> versionsOf(const QList<api::CleanupVersion> &versions)
{
    QList<qint64> numbers;
    for (const api::CleanupVersion &version : versions) {
        numbers << version.version;
    }
    return numbers;
}

} // namespace

class TestCleanupPlanner : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void removesWhatLanceRemovesBeforeATaggedVersion();
    void keepsTheTagTheBranchSourceAndWhatTheBranchReads();
    void withoutTagOrBranchItRemovesWhatLanceRemoves();
    void policiesChooseTheVersions();
    void versionsTheCatalogNoLongerRecordsGo();
    void newFilesStayUnlessUnverifiedAreDeleted();
    void thePlanIsNamedByWhatItRemoves();
    void aPolicyIsChecked();

private:
    /// Every version of main recorded, Lance's tag on 3, the branch from 5; files older than
    /// any version, the clock a day after LanceDB wrote the table.
    CleanupPlanner::Input input() const;

    QTemporaryDir m_dir;
    QString m_table;
    QString m_recordedRoot; // where LanceDB made the table, as its branch names main's root
    format::ReferenceIndex m_index;
    CleanupPlanner::Input m_input;
};

void TestCleanupPlanner::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(
        test::LanceFixture::copyInto(u"health/metrics.lance"_s, m_dir.path(), u"metrics.lance"_s));
    m_table = m_dir.filePath(u"metrics.lance"_s);
    // Lance's cleanup looks at a file's time; the copy's are now. As LanceDB left them, every
    // file is older than the versions that name it.
    const QDateTime written = QDateTime::fromString(u"2026-12-07T04:50:00Z"_s, Qt::ISODate);
    QDirIterator files(m_table, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QFileInfo file = files.nextFileInfo();
        m_input.listing.append(
            {QDir(m_table).relativeFilePath(file.filePath()), file.size(), {}, written});
    }
    std::sort(m_input.listing.begin(), m_input.listing.end(),
              [](const auto &a, const auto &b) { return a.key < b.key; });
    // The branch names main's root as LanceDB wrote it: the table has moved since.
    const auto branchFirst = format::ManifestDecoder::readFile(
        m_table + u"/tree/experiment/_versions/18446744073709551610.manifest"_s);
    QVERIFY2(branchFirst, branchFirst ? "" : qPrintable(branchFirst.error().details()));
    m_recordedRoot = branchFirst->basePaths.first().path;
    m_input.index = &m_index;
    for (const storage::ObjectMeta &object : std::as_const(m_input.listing)) {
        if (!object.key.endsWith(u".manifest"_s)) {
            continue;
        }
        const auto bytes = format::ManifestReader::readBytes(m_table + u'/' + object.key);
        QVERIFY2(bytes, bytes ? "" : qPrintable(bytes.error().details()));
        const bool onMain = object.key.startsWith(u"_versions/"_s);
        auto version
            = m_index.add(*bytes, object.key,
                          {object.key, onMain ? QString() : u"tree/experiment/"_s, m_recordedRoot});
        QVERIFY2(version, version ? "" : qPrintable(version.error().details()));
        if (onMain) {
            m_input.main.insert(version->version, *version);
            m_input.recorded << version->version;
        } else {
            m_input.branches.append(*version);
        }
    }
    QCOMPARE(m_input.main.size(), 10);
    QCOMPARE(m_input.branches.size(), 2);
    m_input.tags.insert(3, {u"q3-close (Lance's)"_s});
    m_input.branchStarts.insert(5, {u"experiment"_s});
    m_input.now = written.addDays(1);
}

CleanupPlanner::Input TestCleanupPlanner::input() const
{
    return m_input;
}

void TestCleanupPlanner::removesWhatLanceRemovesBeforeATaggedVersion()
{
    api::CleanupPolicy policy;
    policy.beforeVersion = 3;
    policy.deleteUnverified = true;
    const auto plan = CleanupPlanner::plan(input(), policy);
    const QJsonObject lance = test::HealthRecording::cleanup(3, false);
    QCOMPARE(pathsOf(plan), lance[u"removed"].toObject().keys());
    QCOMPARE(plan.freed.bytes, lance[u"prune"][u"bytesRemoved"].toInteger());
    QCOMPARE(versionsOf(plan.removedVersions), (QList<qint64>{1, 2}));
    QCOMPARE(plan.latestVersion, 10);
    // Why each stays.
    QHash<qint64, QString> why;
    for (const api::CleanupVersion &version : plan.keptVersions) {
        why.insert(version.version, version.reason);
    }
    QCOMPARE(why.value(3), u"tag"_s);
    QCOMPARE(why.value(5), u"branch_source"_s);
    QCOMPARE(why.value(10), u"latest"_s);
    QCOMPARE(why.value(7), u"outside_policy"_s);
    QCOMPARE(plan.keptVersions.first().detail, u"q3-close (Lance's)"_s);
    // The manifests were used by their own versions last.
    for (const api::CleanupFile &file : plan.files) {
        QVERIFY(file.lastUsedVersion == 1 || file.lastUsedVersion == 2);
    }
}

void TestCleanupPlanner::keepsTheTagTheBranchSourceAndWhatTheBranchReads()
{
    // LanceDB refuses to clean past a tagged version; with the tag deleted first it removed
    // everything before 10, files the branch still reads among them.
    api::CleanupPolicy policy;
    policy.beforeVersion = 10;
    policy.deleteUnverified = true;
    const auto plan = CleanupPlanner::plan(input(), policy);
    const QStringList lance
        = test::HealthRecording::cleanup(10, true)[u"removed"].toObject().keys();
    const QStringList ours = pathsOf(plan);
    QVERIFY(QSet<QString>(lance.cbegin(), lance.cend())
                .contains(QSet<QString>(ours.cbegin(), ours.cend())));
    QCOMPARE(versionsOf(plan.removedVersions), (QList<qint64>{1, 2, 4, 6, 7, 8, 9}));
    // What Lance removed and this keeps: versions 3 and 5 (their manifests and transactions),
    // and the files they and the branch need.
    QSet<QString> needed;
    for (const qint64 version : {3, 5}) {
        const auto &kept = m_input.main.value(version);
        for (const quint32 path : kept.files) {
            needed.insert(m_index.path(path));
        }
        for (const quint32 entry : kept.fragments) {
            for (const quint32 path : m_index.fragment(entry).files) {
                needed.insert(m_index.path(path));
            }
        }
    }
    for (const QString &path : lance) {
        QCOMPARE(ours.contains(path), !needed.contains(path));
    }
}

void TestCleanupPlanner::withoutTagOrBranchItRemovesWhatLanceRemoves()
{
    // The same table as LanceDB's copy with the tag deleted, and without the branch: the
    // cleanup before 10 removes exactly what LanceDB removed, byte for byte.
    auto alone = input();
    alone.tags.clear();
    alone.branchStarts.clear();
    alone.branches.clear();
    alone.listing.removeIf([](const auto &object) { return object.key.startsWith(u"tree/"_s); });
    api::CleanupPolicy policy;
    policy.beforeVersion = 10;
    policy.deleteUnverified = true;
    const auto plan = CleanupPlanner::plan(alone, policy);
    const QJsonObject lance = test::HealthRecording::cleanup(10, true);
    QCOMPARE(pathsOf(plan), lance[u"removed"].toObject().keys());
    QCOMPARE(plan.freed.bytes, lance[u"prune"][u"bytesRemoved"].toInteger());
    QCOMPARE(plan.removedVersions.size(), lance[u"prune"][u"oldVersionsRemoved"].toInt());
}

void TestCleanupPlanner::policiesChooseTheVersions()
{
    api::CleanupPolicy keep;
    keep.keepLatest = 3; // 8, 9 and 10
    QCOMPARE(versionsOf(CleanupPlanner::plan(input(), keep).removedVersions),
             (QList<qint64>{1, 2, 4, 6, 7}));
    keep.beforeVersion = 4; // and below 4: both hold
    QCOMPARE(versionsOf(CleanupPlanner::plan(input(), keep).removedVersions),
             (QList<qint64>{1, 2}));
    // Older than an age: committed before the clock minus that many seconds. Versions 1 and 2
    // were written 2.5 seconds before 3.
    api::CleanupPolicy older;
    auto clock = input();
    clock.now = m_input.main.value(3).timestamp->addSecs(60);
    older.olderThanSeconds = 61;
    QCOMPARE(versionsOf(CleanupPlanner::plan(clock, older).removedVersions), (QList<qint64>{1, 2}));
    older.olderThanSeconds = 3600;
    QVERIFY(CleanupPlanner::plan(clock, older).removedVersions.isEmpty());
    // The latest goes under no policy.
    api::CleanupPolicy all;
    all.olderThanSeconds = 0;
    clock.now = QDateTime::currentDateTimeUtc().addYears(1);
    QVERIFY(!versionsOf(CleanupPlanner::plan(clock, all).removedVersions).contains(10));
}

void TestCleanupPlanner::versionsTheCatalogNoLongerRecordsGo()
{
    // Versions 1 and 2 deleted from the catalog (DeleteTableVersions): their manifests and
    // what only they used go, under a policy that names no other version.
    auto deleted = input();
    deleted.recorded.removeAll(1);
    deleted.recorded.removeAll(2);
    api::CleanupPolicy policy;
    policy.beforeVersion = 1;
    policy.deleteUnverified = true;
    const auto plan = CleanupPlanner::plan(deleted, policy);
    QCOMPARE(versionsOf(plan.removedVersions), (QList<qint64>{1, 2}));
    QCOMPARE(plan.removedVersions.first().reason, u"unrecorded"_s);
    QVERIFY(!plan.removedVersions.first().recorded);
    QCOMPARE(pathsOf(plan), test::HealthRecording::cleanup(3, false)[u"removed"].toObject().keys());
    // A manifest newer than the catalog's latest is a commit that may not have landed: kept.
    auto ahead = input();
    ahead.recorded.removeAll(10);
    const auto waiting = CleanupPlanner::plan(ahead, policy);
    QCOMPARE(waiting.latestVersion, 9);
    QCOMPARE(waiting.keptVersions.last().version, 10);
    QCOMPARE(waiting.keptVersions.last().reason, u"newer"_s);
}

void TestCleanupPlanner::newFilesStayUnlessUnverifiedAreDeleted()
{
    api::CleanupPolicy policy;
    policy.beforeVersion = 10;
    // Within the safety window: what removed versions used goes, as Lance removes it, the
    // files no version names stay.
    auto recent = input(); // a day after the files were written
    const auto planned = CleanupPlanner::plan(recent, policy);
    QCOMPARE(pathsOf(planned), pathsOf(CleanupPlanner::plan(input(), policy)));
    // Every file written after every version (a copy, a restore from a backup): what removed
    // versions used goes all the same; Lance would keep it, as it keeps every file younger
    // than the oldest version it keeps.
    auto copied = input();
    for (storage::ObjectMeta &object : copied.listing) {
        object.lastModified = copied.now.addSecs(-3600);
    }
    QCOMPARE(pathsOf(CleanupPlanner::plan(copied, policy)), pathsOf(planned));
    // A file no version names, written an hour ago, stays: it may be a write in progress.
    recent.listing.append({u"data/orphan.lance"_s, 100, {}, recent.now.addSecs(-3600)});
    auto withOrphan = CleanupPlanner::plan(recent, policy);
    QVERIFY(!pathsOf(withOrphan).contains(u"data/orphan.lance"_s));
    QCOMPARE(withOrphan.keptRecent.files, 1);
    QCOMPARE(withOrphan.keptRecent.bytes, 100);
    QVERIFY(withOrphan.warnings.join(u' ').contains(u"safety window"_s));
    policy.deleteUnverified = true;
    withOrphan = CleanupPlanner::plan(recent, policy);
    // Newer than the oldest version kept (3, tagged): Lance leaves it all the same.
    QVERIFY(!pathsOf(withOrphan).contains(u"data/orphan.lance"_s));
    // Older than every version kept, it goes when unverified files are deleted.
    recent.listing.last().lastModified = m_input.listing.first().lastModified;
    withOrphan = CleanupPlanner::plan(recent, policy);
    QVERIFY(pathsOf(withOrphan).contains(u"data/orphan.lance"_s));
    QCOMPARE(
        withOrphan.files.at(pathsOf(withOrphan).indexOf(u"data/orphan.lance"_s)).lastUsedVersion,
        std::nullopt);
    // A branch's own files are never this cleanup's.
    for (const QString &path : pathsOf(withOrphan)) {
        QVERIFY(!path.startsWith(u"tree/"_s));
    }
}

void TestCleanupPlanner::thePlanIsNamedByWhatItRemoves()
{
    api::CleanupPolicy policy;
    policy.beforeVersion = 3;
    const QString first = CleanupPlanner::plan(input(), policy).planId;
    QCOMPARE(first.size(), 32);
    QCOMPARE(CleanupPlanner::plan(input(), policy).planId, first);
    auto changed = input();
    changed.tags.insert(2, {u"kept"_s});
    QVERIFY(CleanupPlanner::plan(changed, policy).planId != first);
    policy.beforeVersion = 4; // 3 is tagged: the same versions go, the same plan
    QCOMPARE(CleanupPlanner::plan(input(), policy).planId, first);
    policy.beforeVersion = 5;
    QVERIFY(CleanupPlanner::plan(input(), policy).planId != first);
}

void TestCleanupPlanner::aPolicyIsChecked()
{
    QVERIFY(!CleanupPlanner::check({}));
    api::CleanupPolicy keepNone;
    keepNone.keepLatest = 0;
    QVERIFY(!CleanupPlanner::check(keepNone));
    api::CleanupPolicy negative;
    negative.olderThanSeconds = -1;
    QVERIFY(!CleanupPlanner::check(negative));
    api::CleanupPolicy beforeZero;
    beforeZero.beforeVersion = 0;
    QVERIFY(!CleanupPlanner::check(beforeZero));
    api::CleanupPolicy fine;
    fine.keepLatest = 1;
    QVERIFY(CleanupPlanner::check(fine));
}

LCB_TEST_GUILESS_MAIN(TestCleanupPlanner)
#include "TestCleanupPlanner.moc"
