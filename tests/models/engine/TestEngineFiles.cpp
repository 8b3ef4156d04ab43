// SPDX-License-Identifier: Apache-2.0
// The engine's file helpers: manifest names and facts, moves that never replace, physical
// "inside" checks and page tokens.
#include "EngineTestSupport.h"
#include "TestRegistry.h"
#include "engine/CatalogLocations.h"
#include "engine/NoReplaceMove.h"
#include "engine/PageToken.h"
#include "format/LocalPaths.h"
#include "format/ManifestFiles.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogLocations;
using lance::engine::NoReplaceMove;
using lance::engine::PageToken;
using lance::format::LocalPaths;
using lance::format::ManifestFiles;
using lance::test::EngineTestSupport;

class TestEngineFiles : public QObject
{
    Q_OBJECT

private slots:
    void parsesManifestNames_data();
    void parsesManifestNames();
    void namesFinalManifests();
    void statsLikeTheObjectStore();
    void movesWithoutReplacing();
    void movesByLinkWithoutReplacing();
    void decidesInsideOnPhysicalPaths();
    void spellsLocalPaths();
    void roundTripsPageTokens();
};

void TestEngineFiles::parsesManifestNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("version"); // -1: not a final manifest name
    QTest::addColumn<bool>("v2");
    QTest::newRow("v2 of 1") << u"18446744073709551614.manifest"_s << qint64(1) << true;
    QTest::newRow("v2 of 3") << u"18446744073709551612.manifest"_s << qint64(3) << true;
    QTest::newRow("v2 of 0") << u"18446744073709551615.manifest"_s << qint64(0) << true;
    QTest::newRow("v2 of max") << u"09223372036854775808.manifest"_s
                               << std::numeric_limits<qint64>::max() << true;
    QTest::newRow("v1") << u"7.manifest"_s << qint64(7) << false;
    QTest::newRow("v1 of 0") << u"0.manifest"_s << qint64(0) << false;
    QTest::newRow("staged") << u"18446744073709551614.manifest-398cd05a"_s << qint64(-1) << false;
    QTest::newRow("detached") << u"d18446744073709551614.manifest"_s << qint64(-1) << false;
    QTest::newRow("hint") << u"latest_version_hint.json"_s << qint64(-1) << false;
    QTest::newRow("beyond u64") << u"18446744073709551616.manifest"_s << qint64(-1) << false;
    QTest::newRow("21 digits") << u"118446744073709551614.manifest"_s << qint64(-1) << false;
    QTest::newRow("19 digits, too big for v1")
        << u"9300000000000000000.manifest"_s << qint64(-1) << false;
    QTest::newRow("no digits") << u".manifest"_s << qint64(-1) << false;
    QTest::newRow("arabic digits") << u"\u0661.manifest"_s << qint64(-1) << false;
}

void TestEngineFiles::parsesManifestNames()
{
    QFETCH(QString, name);
    QFETCH(qint64, version);
    QFETCH(bool, v2);
    const auto parsed = ManifestFiles::parseName(name);
    if (version < 0) {
        QVERIFY(!parsed);
        return;
    }
    QVERIFY(parsed);
    QCOMPARE(parsed->version, version);
    QCOMPARE(parsed->scheme, v2 ? ManifestNamingScheme::V2 : ManifestNamingScheme::V1);
}

void TestEngineFiles::namesFinalManifests()
{
    QCOMPARE(ManifestFiles::finalName(1, ManifestNamingScheme::V2),
             u"18446744073709551614.manifest"_s);
    QCOMPARE(ManifestFiles::finalName(5, ManifestNamingScheme::V2),
             u"18446744073709551610.manifest"_s);
    QCOMPARE(ManifestFiles::finalName(std::numeric_limits<qint64>::max(), ManifestNamingScheme::V2),
             u"09223372036854775808.manifest"_s);
    QCOMPARE(ManifestFiles::finalName(12, ManifestNamingScheme::V1), u"12.manifest"_s);
}

void TestEngineFiles::statsLikeTheObjectStore()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"m"_s);
    QVERIFY(EngineTestSupport::writeFile(path, QByteArray(372, 'x')));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(QDateTime::fromMSecsSinceEpoch(1700000000123),
                                 QFileDevice::FileModificationTime));
    }
    struct stat info = {};
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &info), 0);
    const auto facts = ManifestFiles::stat(path);
    QVERIFY(facts);
    QCOMPARE(facts->size, 372);
    QCOMPARE(facts->mtimeMillis, 1700000000123);
    QCOMPARE(facts->eTag, u"%1-%2-174"_s.arg(QString::number(quint64(info.st_ino), 16),
                                             QString::number(qint64(1700000000123000), 16)));
    QVERIFY(!ManifestFiles::stat(dir.path()));            // a folder
    QVERIFY(!ManifestFiles::stat(dir.filePath(u"no"_s))); // nothing
}

void TestEngineFiles::movesWithoutReplacing()
{
    QTemporaryDir dir;
    const QString from = dir.filePath(u"staged"_s);
    const QString to = dir.filePath(u"_versions/final"_s);
    QVERIFY(EngineTestSupport::writeFile(from, "new"));
    const auto moved = NoReplaceMove::move(from, to);
    QVERIFY(moved);
    QCOMPARE(*moved, NoReplaceMove::Outcome::Moved);
    QCOMPARE(EngineTestSupport::readFile(to), QByteArray("new"));
    QVERIFY(!QFileInfo::exists(from));

    QVERIFY(EngineTestSupport::writeFile(from, "other"));
    const auto taken = NoReplaceMove::move(from, to);
    QVERIFY(taken);
    QCOMPARE(*taken, NoReplaceMove::Outcome::TargetExists);
    QCOMPARE(EngineTestSupport::readFile(to), QByteArray("new"));
    QCOMPARE(EngineTestSupport::readFile(from), QByteArray("other"));
    const auto failed = NoReplaceMove::move(dir.filePath(u"gone"_s), dir.filePath(u"x"_s));
    QVERIFY(!failed);
    QVERIFY(!failed.error().userMessage().isEmpty());
}

void TestEngineFiles::movesByLinkWithoutReplacing()
{
#ifdef Q_OS_WIN
    QSKIP("Windows moves with MoveFileExW only");
#else
    // The fallback for file systems without a no-replace rename, which Linux's own rarely takes.
    QTemporaryDir dir;
    const QString from = dir.filePath(u"staged"_s);
    const QString to = dir.filePath(u"final"_s);
    QVERIFY(EngineTestSupport::writeFile(from, "new"));
    const auto moved = NoReplaceMove::linkThenUnlink(from, to);
    QVERIFY(moved);
    QCOMPARE(*moved, NoReplaceMove::Outcome::Moved);
    QCOMPARE(EngineTestSupport::readFile(to), QByteArray("new"));
    QVERIFY(!QFileInfo::exists(from));

    QVERIFY(EngineTestSupport::writeFile(from, "other"));
    const auto taken = NoReplaceMove::linkThenUnlink(from, to);
    QVERIFY(taken); // an existing target is an answer, not a failure
    QCOMPARE(*taken, NoReplaceMove::Outcome::TargetExists);
    QCOMPARE(EngineTestSupport::readFile(to), QByteArray("new"));
    QCOMPARE(EngineTestSupport::readFile(from), QByteArray("other"));
    const auto failed
        = NoReplaceMove::linkThenUnlink(dir.filePath(u"gone"_s), dir.filePath(u"x"_s));
    QVERIFY(!failed);
    QVERIFY(!failed.error().userMessage().isEmpty());
    QVERIFY(!QFileInfo::exists(dir.filePath(u"x"_s)));
#endif
}

void TestEngineFiles::decidesInsideOnPhysicalPaths()
{
    QTemporaryDir dir;
    const QString root = QFileInfo(dir.path()).canonicalFilePath();
    QVERIFY(EngineTestSupport::writeFile(root + u"/t.lance/_versions/a"_s, "a"));
    QVERIFY(EngineTestSupport::writeFile(root + u"/outside/b"_s, "b"));
    const QString table = root + u"/t.lance"_s;
    QVERIFY(LocalPaths::isInside(table + u"/_versions/a"_s, table));
    QVERIFY(LocalPaths::isInside(table + u"/_versions/not-yet"_s, table));
    QVERIFY(LocalPaths::isInside(table + u"/new/../also-new"_s, table));
    QVERIFY(!LocalPaths::isInside(table, table));
    QVERIFY(!LocalPaths::isInside(table + u"/../outside/b"_s, table));
    QVERIFY(!LocalPaths::isInside(table + u"/missing/../../outside/b"_s, table));
    QVERIFY(!LocalPaths::isInside(root + u"/t.lance-other/x"_s, table));
    QVERIFY(QFile::link(root + u"/outside"_s, table + u"/link"_s));
    QVERIFY(!LocalPaths::isInside(table + u"/link/b"_s, table));
    QVERIFY(!LocalPaths::isInside(table + u"/link/new"_s, table));
    QVERIFY(LocalPaths::isInside(table + u"/link/../_versions/a"_s, root));
    QVERIFY(!LocalPaths::isInside(table + u"/link/../_versions/a"_s, table));
}

void TestEngineFiles::spellsLocalPaths()
{
    const CatalogLocations locations(u"/data/catalog"_s);
    QCOMPARE(locations.defaultLocation(EngineTestSupport::id(u"t"_s)), u"/data/catalog/t.lance"_s);
    QCOMPARE(locations.defaultLocation(EngineTestSupport::id(u"a$b$t"_s)),
             u"/data/catalog/a/b/t.lance"_s);
    QCOMPARE(locations.localPath(u"file:///data/x%20y.lance"_s), u"/data/x y.lance"_s);
    QCOMPARE(locations.localPath(u"/data/./a/../b.lance/"_s), u"/data/b.lance"_s);
    QCOMPARE(locations.localPath(u"people.lance"_s), u"/data/catalog/people.lance"_s);
    QCOMPARE(locations.localPath(u"s3://bucket/t.lance"_s), std::nullopt);
    QCOMPARE(LocalPaths::manifestFile(u"data/t.lance/_versions/1.manifest"_s),
             u"/data/t.lance/_versions/1.manifest"_s);
    QCOMPARE(LocalPaths::manifestFile(u"gs://b/1.manifest"_s), std::nullopt);
    QCOMPARE(LocalPaths::objectStorePath(u"/data/t.lance/x"_s), u"data/t.lance/x"_s);
    QCOMPARE(LocalPaths::fileUri(u"/data/a b$c.lance"_s), u"file:///data/a%20b$c.lance"_s);
}

void TestEngineFiles::roundTripsPageTokens()
{
    const QString token = PageToken::encode(PageToken::Kind::Tables, u"caf\u00e9"_s);
    QCOMPARE(PageToken::decode(PageToken::Kind::Tables, token)->value(), u"caf\u00e9"_s);
    QVERIFY(!PageToken::decode(PageToken::Kind::Namespaces, token));
    QVERIFY(!PageToken::decode(PageToken::Kind::Tables, u"%%%"_s));
    QVERIFY(!PageToken::decode(PageToken::Kind::Tables, u"\u00e9"_s));
    QCOMPARE(*PageToken::decode(PageToken::Kind::Tables, std::nullopt), std::nullopt);
    const QString version = PageToken::encode(PageToken::Kind::VersionsAscending, u"42"_s);
    const auto page = PageToken::page(PageToken::Kind::VersionsAscending, 3, version);
    QVERIFY(page);
    QCOMPARE(page->size, 3);
    QCOMPARE(page->fetch(), 4);
    QCOMPARE(*PageToken::versionAfter(*page), 42);
    const QString notANumber = PageToken::encode(PageToken::Kind::VersionsAscending, u"x"_s);
    QVERIFY(!PageToken::versionAfter(
        *PageToken::page(PageToken::Kind::VersionsAscending, 3, notANumber)));
    QCOMPARE(PageToken::page(PageToken::Kind::Tags, std::nullopt, std::nullopt)->size, 1000);
    QCOMPARE(*PageToken::pageSize(50000), 10000);
    QCOMPARE(EngineTestSupport::codeOf(PageToken::pageSize(0)), 13);
}

LCB_TEST_GUILESS_MAIN(TestEngineFiles)
#include "TestEngineFiles.moc"
