// SPDX-License-Identifier: Apache-2.0
// CatalogEngine versions: put-if-not-exists, staged manifests moved to their V1/V2 names,
// listing with page tokens, describe, delete ranges and branches.
#include "EngineTestSupport.h"
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
    void recordsFinalAndOutsideManifestsAsGiven();
    void refusesMissingAndMisnamedManifests();
    void listsBothWaysWithTokens();
    void describesTheLatest();
    void deletesRanges();
    void keepsBranchesApart();

private:
    QString table() const { return m_engine->root() + u"/t.lance"_s; }
    /// A real manifest (v1 of people, 510 bytes) at `path`.
    QByteArray stage(const QString &path);
    QList<qint64> versions(const QString &branch = {}, bool descending = false);

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

QList<qint64> TestEngineVersions::versions(const QString &branch, bool descending)
{
    ListTableVersionsRequest request;
    request.id = EngineTestSupport::id(u"t"_s);
    if (!branch.isEmpty()) {
        request.branch = branch;
    }
    request.descending = descending;
    auto listed = m_engine->run(request);
    return listed ? EngineTestSupport::numbers(listed->versions) : QList<qint64>{-1};
}

void TestEngineVersions::createIsPutIfNotExists()
{
    auto request = EngineTestSupport::createVersion(u"t"_s, 1, u"s3://bucket/t/1.manifest"_s);
    QVERIFY(m_engine->run(request));
    request.manifestPath = u"s3://bucket/t/other.manifest"_s;
    const auto again = m_engine->run(request);
    QCOMPARE(EngineTestSupport::codeOf(again), 14);
    QCOMPARE(EngineTestSupport::statusOf(again), 409);
    QCOMPARE(EngineTestSupport::messageOf(again), u"Version 1 of table t exists already."_s);
    QVERIFY(again.error().isConflict());

    request.version = -1;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 13);
    request.version = 2;
    request.manifestPath = u" "_s;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 13);
    request.id = EngineTestSupport::id(u"missing"_s);
    request.manifestPath = u"s3://x"_s;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 4);
    QCOMPARE(versions(), QList<qint64>({1}));
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
    QVERIFY(!stage(staged).isEmpty());
    auto request = EngineTestSupport::createVersion(u"t"_s, 2, staged); // an absolute path
    request.namingScheme = ManifestNamingScheme::V1;
    auto created = m_engine->run(request);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath,
             EngineTestSupport::objectStorePath(table() + u"/_versions/2.manifest"_s));
    QVERIFY(QFileInfo::exists(table() + u"/_versions/2.manifest"_s));

    // A file:// URI, staged outside `_versions/`, without a scheme: V2 in `_versions/`.
    const QString elsewhere = table() + u"/staging/v3"_s;
    QVERIFY(!stage(elsewhere).isEmpty());
    request
        = EngineTestSupport::createVersion(u"t"_s, 3, QUrl::fromLocalFile(elsewhere).toString());
    created = m_engine->run(request);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath,
             EngineTestSupport::objectStorePath(table()
                                                + u"/_versions/18446744073709551612.manifest"_s));
    QCOMPARE(EngineTestSupport::fileNames(table() + u"/staging"_s), QStringList());
}

void TestEngineVersions::refusesToReplaceAnExistingManifest()
{
    const QString final = table() + u"/_versions/18446744073709551613.manifest"_s;
    QVERIFY(EngineTestSupport::writeFile(final, "written by someone else"));
    const QString staged = final + u"-0f1e"_s;
    QVERIFY(!stage(staged).isEmpty());
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
    QCOMPARE(EngineTestSupport::readFile(staged).size(), 510);
    QCOMPARE(versions(), QList<qint64>());
}

void TestEngineVersions::recordsFinalAndOutsideManifestsAsGiven()
{
    const QString final = table() + u"/_versions/18446744073709551611.manifest"_s; // v4
    QVERIFY(!stage(final).isEmpty());
    auto created = m_engine->run(EngineTestSupport::createVersion(u"t"_s, 4, final));
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath, EngineTestSupport::objectStorePath(final));
    QCOMPARE(created->version->manifestSize, 510);
    QCOMPARE(EngineTestSupport::readFile(final).size(), 510);

    auto outside = EngineTestSupport::createVersion(u"t"_s, 5, u"s3://bucket/t/_versions/5"_s);
    outside.manifestSize = 123;
    outside.eTag = u"\"abc\""_s;
    created = m_engine->run(outside);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath, outside.manifestPath);
    QCOMPARE(created->version->manifestSize, 123);
    QCOMPARE(created->version->eTag, outside.eTag);
    QVERIFY(created->version->timestampMillis.has_value());

    outside.version = 6;
    outside.manifestPath = m_dir->path() + u"/elsewhere/6.manifest"_s; // not in the table
    created = m_engine->run(outside);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath, outside.manifestPath);

    // Neither `..` nor a symlink makes a file elsewhere a staged manifest of the table.
    const QString elsewhere = m_engine->root() + u"/elsewhere/7.manifest-x"_s;
    QVERIFY(!stage(elsewhere).isEmpty());
    outside.version = 7;
    outside.manifestPath = table() + u"/../elsewhere/7.manifest-x"_s;
    created = m_engine->run(outside);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath, outside.manifestPath);
    const QString link = table() + u"/_versions/8.manifest-link"_s;
    QVERIFY(QFile::link(elsewhere, link));
    outside.version = 8;
    outside.manifestPath = link;
    created = m_engine->run(outside);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath, link);
    QCOMPARE(EngineTestSupport::readFile(elsewhere).size(), 510);
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(EngineTestSupport::fileNames(table() + u"/_versions"_s),
             QStringList({u"18446744073709551611.manifest"_s, u"8.manifest-link"_s}));
    QCOMPARE(versions(), QList<qint64>({4, 5, 6, 7, 8}));
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
        QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, v, u"s3://b/%1"_s.arg(v))));
    }
    for (const bool descending : {false, true}) {
        ListTableVersionsRequest request;
        request.id = EngineTestSupport::id(u"t"_s);
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
    QCOMPARE(versions(), QList<qint64>({1, 2, 3, 4, 5, 6, 7}));

    ListTableVersionsRequest latest;
    latest.id = EngineTestSupport::id(u"t"_s);
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
    describe.id = EngineTestSupport::id(u"t"_s);
    const auto none = m_engine->run(describe);
    QCOMPARE(EngineTestSupport::codeOf(none), 11);
    QCOMPARE(EngineTestSupport::statusOf(none), 404);
    for (const qint64 v : {3, 1, 2}) {
        QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, v, u"s3://b/%1"_s.arg(v))));
    }
    QCOMPARE(m_engine->run(describe)->version.version, 3);
    describe.version = 1;
    QCOMPARE(m_engine->run(describe)->version.manifestPath, u"s3://b/1"_s);
    describe.version = 9;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(describe)), 11);
}

void TestEngineVersions::deletesRanges()
{
    const QString staged = table() + u"/_versions/x.manifest-1"_s;
    QVERIFY(!stage(staged).isEmpty());
    QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, 1, staged)));
    for (qint64 v = 2; v <= 10; ++v) {
        QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, v, u"s3://b/%1"_s.arg(v))));
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
            m_engine->run(EngineTestSupport::createVersion(u"t"_s, v, u"s3://b/main/%1"_s.arg(v))));
    }
    for (const qint64 v : {2, 3, 4}) {
        auto request = EngineTestSupport::createVersion(u"t"_s, v, u"s3://b/dev/%1"_s.arg(v));
        request.branch = u"dev"_s;
        QVERIFY(m_engine->run(request));
    }
    auto onMain = EngineTestSupport::createVersion(u"t"_s, 2, u"s3://b/again"_s);
    onMain.branch = u"main"_s; // the main branch by name
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(onMain)), 14);
    QCOMPARE(versions(), QList<qint64>({1, 2}));
    QCOMPARE(versions(u"dev"_s, true), QList<qint64>({4, 3, 2}));

    DescribeTableVersionRequest describe;
    describe.id = EngineTestSupport::id(u"t"_s);
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
    QCOMPARE(versions(), QList<qint64>({1, 2}));
    QCOMPARE(versions(u"dev"_s), QList<qint64>());
}

LCB_TEST_GUILESS_MAIN(TestEngineVersions)
#include "TestEngineVersions.moc"
