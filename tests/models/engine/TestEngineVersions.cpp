// SPDX-License-Identifier: Apache-2.0
// CatalogEngine versions: put-if-not-exists, staged manifests moved to their V1/V2 names,
// manifests that are not the version's refused, listing with page tokens, describe, delete
// ranges and branches. `t` lives in the catalog's folder, so its manifests are read; `s` on a
// store the engine cannot read, so its are recorded as given.
#include "EngineTestSupport.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "api/VersionFacts.h"
#include "format/ManifestFiles.h"
#include "format/ManifestReader.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::format::ManifestFiles;
using lance::format::ManifestReader;
using lance::test::EngineTestSupport;

class TestEngineVersions : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void createIsPutIfNotExists();
    void movesAStagedManifestToItsV2Name();
    void movesAStagedManifestToItsV1Name();
    void refusesToReplaceAnExistingManifest();
    void recordsAFinalManifestInPlace();
    void refusesManifestsOutsideTheVersionsFolder();
    void refusesManifestsThatAreNotTheVersion();
    void recordsManifestsOnAStoreAsGivenAndSaysSo();
    void refusesMissingAndMisnamedManifests();
    void listsBothWaysWithTokens();
    void describesTheLatest();
    void deletesRanges();
    void keepsBranchesApart();

private:
    QString table() const { return m_engine->root() + u"/t.lance"_s; }
    /// A real manifest (v1 of people, 510 bytes) at `path`.
    QByteArray stage(const QString &path);
    /// `version`'s smallest manifest (TestFiles::manifest()) at `path`; false if not written.
    static bool stageVersion(const QString &path, qint64 version);
    QList<qint64> versions(const QString &branch = {}, bool descending = false,
                           const QString &table = u"t"_s);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

namespace {

const QString V1Manifest = u"people.lance/_versions/18446744073709551614.manifest"_s;

} // namespace

void TestEngineVersions::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(m_dir->path());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"t"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::declareOnStore(u"s"_s)));
}

void TestEngineVersions::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

QByteArray TestEngineVersions::stage(const QString &path)
{
    const QByteArray bytes = EngineTestSupport::readFile(EngineTestSupport::fixture(V1Manifest));
    return EngineTestSupport::writeFile(path, bytes) ? bytes : QByteArray();
}

bool TestEngineVersions::stageVersion(const QString &path, qint64 version)
{
    return EngineTestSupport::writeFile(path, lance::test::TestFiles::manifest(version));
}

QList<qint64> TestEngineVersions::versions(const QString &branch, bool descending,
                                           const QString &table)
{
    ListTableVersionsRequest request;
    request.id = EngineTestSupport::id(table);
    if (!branch.isEmpty()) {
        request.branch = branch;
    }
    request.descending = descending;
    auto listed = m_engine->run(request);
    return listed ? EngineTestSupport::numbers(listed->versions) : QList<qint64>{-1};
}

void TestEngineVersions::createIsPutIfNotExists()
{
    auto request = EngineTestSupport::createVersion(u"s"_s, 1, u"s3://bucket/t/1.manifest"_s);
    QVERIFY(m_engine->run(request));
    request.manifestPath = u"s3://bucket/t/other.manifest"_s;
    const auto again = m_engine->run(request);
    QCOMPARE(EngineTestSupport::codeOf(again), 14);
    QCOMPARE(EngineTestSupport::statusOf(again), 409);
    QCOMPARE(EngineTestSupport::messageOf(again), u"Version 1 of table s exists already."_s);
    QVERIFY(again.error().isConflict());

    request.version = -1;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 13);
    request.version = 2;
    request.manifestPath = u" "_s;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 13);
    request.id = EngineTestSupport::id(u"missing"_s);
    request.manifestPath = u"s3://x"_s;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 4);
    QCOMPARE(versions({}, false, u"s"_s), QList<qint64>({1}));
}

void TestEngineVersions::movesAStagedManifestToItsV2Name()
{
    const QString staged
        = table()
          + u"/_versions/18446744073709551614.manifest-398cd05a-d057-46ee-ac74-9f2cf2d1f933"_s;
    const QByteArray bytes = stage(staged);
    QCOMPARE(bytes.size(), 510);
    // What the Lance client sends: an object-store path, no leading slash.
    auto request
        = EngineTestSupport::createVersion(u"t"_s, 1, EngineTestSupport::objectStorePath(staged));
    request.namingScheme = ManifestNamingScheme::V2;
    request.manifestSize = 999; // the file's own size wins
    request.metadata = {{u"writer"_s, u"test"_s}};
    auto created = m_engine->run(request);
    QVERIFY2(created, EngineTestSupport::why(created));

    const QString final = table() + u"/_versions/18446744073709551614.manifest"_s;
    QVERIFY(!QFileInfo::exists(staged));
    QCOMPARE(EngineTestSupport::readFile(final), bytes);
    const auto facts = ManifestFiles::stat(final);
    QVERIFY(facts);
    const TableVersion &version = *created->version;
    QCOMPARE(version.version, 1);
    QCOMPARE(version.manifestPath, EngineTestSupport::objectStorePath(final));
    QCOMPARE(version.manifestSize, 510);
    QCOMPARE(version.eTag, facts->eTag);
    // The commit time the manifest records (Lance's listVersions() reports it), not the file's.
    QCOMPARE(version.timestampMillis,
             ManifestReader::readFile(final)->timestamp->toMSecsSinceEpoch());
    QCOMPARE(version.metadata, request.metadata);

    DescribeTableVersionRequest describe;
    describe.id = request.id;
    // The record as created, and what its manifest says (api::VersionFacts) besides.
    TableVersion described = m_engine->run(describe)->version;
    QCOMPARE(described.metadata.value(u"total_rows"_s), u"2"_s);
    QCOMPARE(described.metadata.value(u"operation"_s), u"Overwrite"_s);
    // The writer's own `writer` key wins over the manifest's.
    QCOMPARE(described.metadata.value(u"writer"_s), u"test"_s);
    for (const QString &key : lance::api::VersionFacts::keys()) {
        if (!version.metadata.contains(key)) {
            described.metadata.remove(key);
        }
    }
    QCOMPARE(described, version);
    DescribeTableRequest table;
    table.id = request.id;
    QCOMPARE(m_engine->run(table)->isOnlyDeclared, false);
}

void TestEngineVersions::movesAStagedManifestToItsV1Name()
{
    const QString staged = table() + u"/_versions/2.manifest-staged"_s;
    QVERIFY(stageVersion(staged, 2));
    auto request = EngineTestSupport::createVersion(u"t"_s, 2, staged); // an absolute path
    request.namingScheme = ManifestNamingScheme::V1;
    auto created = m_engine->run(request);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath,
             EngineTestSupport::objectStorePath(table() + u"/_versions/2.manifest"_s));
    QVERIFY(QFileInfo::exists(table() + u"/_versions/2.manifest"_s));

    // A file:// URI, without a scheme: V2.
    const QString v3 = table() + u"/_versions/3.manifest-c0ffee"_s;
    QVERIFY(stageVersion(v3, 3));
    request = EngineTestSupport::createVersion(u"t"_s, 3, QUrl::fromLocalFile(v3).toString());
    created = m_engine->run(request);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath,
             EngineTestSupport::objectStorePath(table()
                                                + u"/_versions/18446744073709551612.manifest"_s));
    QVERIFY(!QFileInfo::exists(v3));
}

void TestEngineVersions::refusesToReplaceAnExistingManifest()
{
    const QString final = table() + u"/_versions/18446744073709551613.manifest"_s;
    QVERIFY(EngineTestSupport::writeFile(final, "written by someone else"));
    const QString staged = final + u"-0f1e"_s;
    QVERIFY(stageVersion(staged, 2));
    const auto refused = m_engine->run(EngineTestSupport::createVersion(u"t"_s, 2, staged));
    QCOMPARE(EngineTestSupport::codeOf(refused), 14);
    QCOMPARE(EngineTestSupport::statusOf(refused), 409);
    // Also what an older build left when it died between its move and its commit: the answer
    // names the file, so that a steward can remove it.
    QCOMPARE(EngineTestSupport::messageOf(refused),
             u"The manifest %1 exists already, but the catalog has no record of version 2 of "
             "table t: its record was deleted, or the file was written past the catalog or "
             "left by an interrupted commit. If it is such a leftover, remove it and try "
             "again."_s.arg(final));
    QCOMPARE(EngineTestSupport::readFile(final), QByteArray("written by someone else"));
    QCOMPARE(EngineTestSupport::readFile(staged), lance::test::TestFiles::manifest(2));
    QCOMPARE(versions(), QList<qint64>());
}

void TestEngineVersions::recordsAFinalManifestInPlace()
{
    const QString final = table() + u"/_versions/18446744073709551614.manifest"_s; // v1
    QVERIFY(!stage(final).isEmpty());
    auto created = m_engine->run(EngineTestSupport::createVersion(u"t"_s, 1, final));
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath, EngineTestSupport::objectStorePath(final));
    QCOMPARE(created->version->manifestSize, 510);
    QCOMPARE(EngineTestSupport::readFile(final).size(), 510);
    QVERIFY(created->context.isEmpty()); // read and checked: nothing to say
}

// A steward's walk: a version whose manifest was `/nonexistent/garbage.manifest` was accepted,
// and the catalog then listed a version nobody can open.
void TestEngineVersions::refusesManifestsOutsideTheVersionsFolder()
{
    const QString elsewhere = m_engine->root() + u"/elsewhere/2.manifest"_s;
    QVERIFY(stageVersion(elsewhere, 2));
    const QStringList outside = {
        u"s3://bucket/t/_versions/2.manifest"_s, // another store, for a table in a folder
        u"/nonexistent/garbage.manifest"_s,
        elsewhere,
        table() + u"/../elsewhere/2.manifest"_s, // `..` does not make it the table's
        table() + u"/2.manifest"_s,              // in the table, not in `_versions/`
        table() + u"/_versions/deeper/2.manifest"_s,
        table() + u"/tree/dev/_versions/2.manifest"_s, // a branch's, for main
    };
    QVERIFY(stageVersion(table() + u"/2.manifest"_s, 2));
    QVERIFY(stageVersion(table() + u"/_versions/deeper/2.manifest"_s, 2));
    QVERIFY(stageVersion(table() + u"/tree/dev/_versions/2.manifest"_s, 2));
    const QString folder = QFileInfo(table()).canonicalFilePath() + u"/_versions"_s;
    for (const QString &path : outside) {
        const auto refused = m_engine->run(EngineTestSupport::createVersion(u"t"_s, 2, path));
        QCOMPARE(EngineTestSupport::codeOf(refused), 13);
        QCOMPARE(EngineTestSupport::statusOf(refused), 400);
        QVERIFY2(EngineTestSupport::messageOf(refused).endsWith(
                     u" lies outside %1, the folder of table t's versions: Lance reads a version "
                     "only from there."_s.arg(folder)),
                 qPrintable(EngineTestSupport::messageOf(refused)));
    }
    // Nor does a symlink in `_versions/` to a file elsewhere.
    const QString link = table() + u"/_versions/2.manifest-link"_s;
    QVERIFY(QFile::link(elsewhere, link));
    QCOMPARE(
        EngineTestSupport::codeOf(m_engine->run(EngineTestSupport::createVersion(u"t"_s, 2, link))),
        13);
    QVERIFY(QFileInfo(link).isSymLink());
    // The same in a batch: the operation is named, nothing is recorded.
    BatchCommitTablesRequest batch;
    batch.operations = {EngineTestSupport::createVersion(u"s"_s, 1, u"s3://bucket/s/1"_s),
                        EngineTestSupport::createVersion(u"t"_s, 2, elsewhere)};
    const auto refused = m_engine->run(batch);
    QCOMPARE(EngineTestSupport::statusOf(refused), 400);
    QVERIFY2(EngineTestSupport::messageOf(refused).startsWith(
                 u"operation 2 (create_table_version of t): The manifest "_s),
             qPrintable(EngineTestSupport::messageOf(refused)));
    QCOMPARE(versions(), QList<qint64>());
    QCOMPARE(versions({}, false, u"s"_s), QList<qint64>());
    // A branch's manifests are in its own `_versions/`.
    auto onBranch = EngineTestSupport::createVersion(u"t"_s, 2,
                                                     table() + u"/tree/dev/_versions/2.manifest"_s);
    onBranch.branch = u"dev"_s;
    const auto branched = m_engine->run(onBranch);
    QVERIFY2(branched, EngineTestSupport::why(branched));
    QCOMPARE(versions(u"dev"_s), QList<qint64>({2}));
}

void TestEngineVersions::refusesManifestsThatAreNotTheVersion()
{
    const QString versionsFolder = table() + u"/_versions/"_s;
    struct Case
    {
        QString name;
        QByteArray bytes;
        QString says;
    };
    const QList<Case> cases = {
        {u"3.manifest-a1"_s, "zz\"\n", u"is not a Lance manifest"_s},
        {u"3.manifest-a2"_s, lance::test::TestFiles::manifest(4), u"holds version 4"_s},
        {u"3.manifest"_s, lance::test::TestFiles::manifest(5), u"holds version 5"_s},
        {u"garbage.manifest"_s, lance::test::TestFiles::manifest(3), u"garbage.manifest"_s},
    };
    for (const Case &each : cases) {
        QVERIFY(EngineTestSupport::writeFile(versionsFolder + each.name, each.bytes));
        auto request = EngineTestSupport::createVersion(u"t"_s, 3, versionsFolder + each.name);
        request.manifestSize = 5;
        request.eTag = u"zz\"\n"_s;
        const auto refused = m_engine->run(request);
        QCOMPARE(EngineTestSupport::codeOf(refused), 13);
        QVERIFY2(EngineTestSupport::messageOf(refused).contains(each.says),
                 qPrintable(EngineTestSupport::messageOf(refused)));
        QVERIFY(QFileInfo::exists(versionsFolder + each.name)); // refused, so not moved
    }
    // A version deleted earlier is created again only from a manifest that holds it.
    QVERIFY(stageVersion(versionsFolder + u"3.manifest-ok"_s, 3));
    QVERIFY(m_engine->run(
        EngineTestSupport::createVersion(u"t"_s, 3, versionsFolder + u"3.manifest-ok"_s)));
    QCOMPARE(versions(), QList<qint64>({3}));
}

void TestEngineVersions::recordsManifestsOnAStoreAsGivenAndSaysSo()
{
    auto given = EngineTestSupport::createVersion(u"s"_s, 5, u"s3://bucket/s/_versions/5"_s);
    given.manifestSize = 123;
    given.eTag = u"\"abc\""_s;
    const auto created = m_engine->run(given);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath, given.manifestPath);
    QCOMPARE(created->version->manifestSize, 123);
    QCOMPARE(created->version->eTag, given.eTag);
    QVERIFY(created->version->timestampMillis.has_value());
    QCOMPARE(created->context.value(CreateTableVersionResponse::UncheckedManifestKey),
             u"The manifest was recorded as given, unread: the table's location s3://bucket/s "
             "is not a folder this catalog can read."_s);
    QCOMPARE(versions({}, false, u"s"_s), QList<qint64>({5}));
}

void TestEngineVersions::refusesMissingAndMisnamedManifests()
{
    const auto missing = m_engine->run(EngineTestSupport::createVersion(
        u"t"_s, 1, table() + u"/_versions/18446744073709551614.manifest-gone"_s));
    QCOMPARE(EngineTestSupport::codeOf(missing), 13);
    QCOMPARE(EngineTestSupport::statusOf(missing), 400);
    const QString final = table() + u"/_versions/18446744073709551611.manifest"_s; // v4
    QVERIFY(!stage(final).isEmpty());
    const auto misnamed = m_engine->run(EngineTestSupport::createVersion(u"t"_s, 5, final));
    QCOMPARE(EngineTestSupport::codeOf(misnamed), 13);
    QCOMPARE(versions(), QList<qint64>());
}

void TestEngineVersions::listsBothWaysWithTokens()
{
    for (qint64 v = 1; v <= 7; ++v) {
        QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"s"_s, v, u"s3://b/%1"_s.arg(v))));
    }
    for (const bool descending : {false, true}) {
        ListTableVersionsRequest request;
        request.id = EngineTestSupport::id(u"s"_s);
        request.limit = 3;
        request.descending = descending;
        QList<QList<qint64>> pages;
        do {
            auto page = m_engine->run(request);
            QVERIFY2(page, EngineTestSupport::why(page));
            pages.append(EngineTestSupport::numbers(page->versions));
            request.pageToken = page->pageToken;
        } while (request.pageToken && pages.size() < 5);
        const QList<QList<qint64>> expected = descending
                                                  ? QList<QList<qint64>>{{7, 6, 5}, {4, 3, 2}, {1}}
                                                  : QList<QList<qint64>>{{1, 2, 3}, {4, 5, 6}, {7}};
        QCOMPARE(pages, expected);
    }
    QCOMPARE(versions({}, false, u"s"_s), QList<qint64>({1, 2, 3, 4, 5, 6, 7}));

    ListTableVersionsRequest latest;
    latest.id = EngineTestSupport::id(u"s"_s);
    latest.descending = true;
    latest.limit = 1; // Lance's "latest version" question
    auto first = m_engine->run(latest);
    QCOMPARE(EngineTestSupport::numbers(first->versions), QList<qint64>({7}));
    latest.descending = false; // a descending token in an ascending listing
    latest.pageToken = first->pageToken;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(latest)), 13);
}

void TestEngineVersions::describesTheLatest()
{
    DescribeTableVersionRequest describe;
    describe.id = EngineTestSupport::id(u"s"_s);
    const auto none = m_engine->run(describe);
    QCOMPARE(EngineTestSupport::codeOf(none), 11);
    QCOMPARE(EngineTestSupport::statusOf(none), 404);
    for (const qint64 v : {3, 1, 2}) {
        QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"s"_s, v, u"s3://b/%1"_s.arg(v))));
    }
    QCOMPARE(m_engine->run(describe)->version.version, 3);
    describe.version = 1;
    QCOMPARE(m_engine->run(describe)->version.manifestPath, u"s3://b/1"_s);
    describe.version = 9;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(describe)), 11);
}

void TestEngineVersions::deletesRanges()
{
    const QString staged
        = table() + u"/_versions/18446744073709551614.manifest-1"_s; // v1, V2-named
    QVERIFY(!stage(staged).isEmpty());
    QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, 1, staged)));
    for (qint64 v = 2; v <= 10; ++v) {
        const QString final = table() + u"/_versions/%1.manifest"_s.arg(v);
        QVERIFY(stageVersion(final, v));
        QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, v, final)));
    }
    BatchDeleteTableVersionsRequest remove;
    remove.id = EngineTestSupport::id(u"t"_s);
    remove.ranges = {VersionRange{2, 4}, VersionRange{8, VersionRange::ThroughLatest}};
    auto deleted = m_engine->run(remove);
    QVERIFY2(deleted, EngineTestSupport::why(deleted));
    QCOMPARE(deleted->deletedCount, 5);
    QCOMPARE(versions(), QList<qint64>({1, 4, 5, 6, 7}));

    remove.ranges = {VersionRange{5, 4}};
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(remove)), 13);
    remove.ranges = {};
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(remove)), 13);
    remove.ranges = {VersionRange{0, VersionRange::ThroughLatest}};
    QCOMPARE(m_engine->run(remove)->deletedCount, 5);
    QCOMPARE(versions(), QList<qint64>());
    // Records only: the manifest stays, and the table is "declared" again.
    QVERIFY(QFileInfo::exists(table() + u"/_versions/18446744073709551614.manifest"_s));
    DescribeTableRequest describe;
    describe.id = remove.id;
    QCOMPARE(m_engine->run(describe)->isOnlyDeclared, true);
}

void TestEngineVersions::keepsBranchesApart()
{
    for (const qint64 v : {1, 2}) {
        QVERIFY(
            m_engine->run(EngineTestSupport::createVersion(u"s"_s, v, u"s3://b/main/%1"_s.arg(v))));
    }
    for (const qint64 v : {2, 3, 4}) {
        auto request = EngineTestSupport::createVersion(u"s"_s, v, u"s3://b/dev/%1"_s.arg(v));
        request.branch = u"dev"_s;
        QVERIFY(m_engine->run(request));
    }
    auto onMain = EngineTestSupport::createVersion(u"s"_s, 2, u"s3://b/again"_s);
    onMain.branch = u"main"_s; // the main branch by name
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(onMain)), 14);
    QCOMPARE(versions({}, false, u"s"_s), QList<qint64>({1, 2}));
    QCOMPARE(versions(u"dev"_s, true, u"s"_s), QList<qint64>({4, 3, 2}));

    DescribeTableVersionRequest describe;
    describe.id = EngineTestSupport::id(u"s"_s);
    describe.branch = u"dev"_s;
    describe.version = 2;
    QCOMPARE(m_engine->run(describe)->version.manifestPath, u"s3://b/dev/2"_s);
    DescribeTableRequest table;
    table.id = describe.id;
    table.branch = u"dev"_s;
    QCOMPARE(m_engine->run(table)->version, 4);

    BatchDeleteTableVersionsRequest remove;
    remove.id = describe.id;
    remove.branch = u"dev"_s;
    remove.ranges = {VersionRange{0, VersionRange::ThroughLatest}};
    QCOMPARE(m_engine->run(remove)->deletedCount, 3);
    QCOMPARE(versions({}, false, u"s"_s), QList<qint64>({1, 2}));
    QCOMPARE(versions(u"dev"_s, false, u"s"_s), QList<qint64>());
}

LCB_TEST_GUILESS_MAIN(TestEngineVersions)
#include "TestEngineVersions.moc"
