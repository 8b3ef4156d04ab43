// SPDX-License-Identifier: Apache-2.0
// PathMapping: local prefixes to storage URIs, matched on whole path segments; PathMapper's two
// spellings for the local catalog; and PathMappingStore on an INI file, one mapping per profile.
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "drop/PathMapper.h"
#include "drop/PathMappingStore.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::drop::PathMapper;
using lance::drop::PathMapping;
using lance::drop::PathMappingStore;

using Rules = QList<PathMapping::Rule>;
Q_DECLARE_METATYPE(Rules)
Q_DECLARE_METATYPE(std::optional<QString>)

class TestPathMapping : public QObject
{
    Q_OBJECT

private slots:
    void mapsOnPathBoundaries_data();
    void mapsOnPathBoundaries();
    void emptyMappingMapsNothing();
    void localPathIsTheWayBack();
    void checkNamesTheProblem_data();
    void checkNamesTheProblem();
    void checkNeverQuotesCredentials();
    void localMapperSpellsPathsAsTheLocalCatalog();
    void remoteMapperUsesTheMappingForBoth();
    void aServerFolderCoversEverySpelling();
    void sameMachineMapperFallsBackToLocalSpellings();

    void storeKeepsOneMappingPerProfile();
    void storeRefusesWhatCheckRefuses();
    void storeRenamesAndRemoves();

private:
    /// The settings of the running test function, in a file of its own.
    std::unique_ptr<QSettings> settings();
    QString iniFile() const
    {
        return m_dir.filePath(QString::fromLatin1(QTest::currentTestFunction()) + u".ini"_s);
    }

    QTemporaryDir m_dir;
};

void TestPathMapping::mapsOnPathBoundaries_data()
{
    QTest::addColumn<Rules>("rules");
    QTest::addColumn<QString>("path");
    QTest::addColumn<std::optional<QString>>("expected");

    const Rules lake{{u"/mnt/lake/"_s, u"s3://lake/"_s}};
    QTest::newRow("inside") << lake << u"/mnt/lake/people.lance/_versions/1.manifest"_s
                            << std::optional(u"s3://lake/people.lance/_versions/1.manifest"_s);
    QTest::newRow("the prefix itself") << lake << u"/mnt/lake"_s << std::optional(u"s3://lake"_s);
    QTest::newRow("a longer name is another folder")
        << lake << u"/mnt/lake2/a.manifest"_s << std::optional<QString>();
    QTest::newRow("outside") << lake << u"/home/me/a.manifest"_s << std::optional<QString>();
    QTest::newRow("relative paths never map")
        << lake << u"mnt/lake/a.manifest"_s << std::optional<QString>();
    QTest::newRow("separators normalized")
        << Rules{{u"/mnt//lake/./"_s, u"s3://lake"_s}} << u"/mnt/lake//x/../people.lance/"_s
        << std::optional(u"s3://lake/people.lance"_s);
    QTest::newRow("prefixes without a trailing slash")
        << Rules{{u"/mnt/lake"_s, u"gs://bucket/root"_s}} << u"/mnt/lake/t.lance"_s
        << std::optional(u"gs://bucket/root/t.lance"_s);
    QTest::newRow("the longest prefix wins")
        << Rules{{u"/mnt"_s, u"s3://all"_s}, {u"/mnt/lake"_s, u"s3://lake"_s}}
        << u"/mnt/lake/t.lance"_s << std::optional(u"s3://lake/t.lance"_s);
    QTest::newRow("a bucket-level URI") << Rules{{u"/mnt/"_s, u"s3://"_s}} << u"/mnt/lake/t.lance"_s
                                        << std::optional(u"s3://lake/t.lance"_s);
    QTest::newRow("a file URI of the root") << Rules{{u"/"_s, u"file:///"_s}} << u"/srv/t.lance"_s
                                            << std::optional(u"file:///srv/t.lance"_s);
    QTest::newRow("case matters") << lake << u"/mnt/Lake/t.lance"_s << std::optional<QString>();
}

void TestPathMapping::mapsOnPathBoundaries()
{
    QFETCH(Rules, rules);
    QFETCH(QString, path);
    QFETCH(std::optional<QString>, expected);
    const PathMapping mapping(rules);
    LCB_VERIFY_OK(mapping.check());
    QCOMPARE(mapping.map(path), expected);
}

void TestPathMapping::localPathIsTheWayBack()
{
    // Where a client reads a server's manifest_path: the longest URI prefix wins, whole
    // segments only, and nothing climbs out of the mapped folder.
    const PathMapping mapping({{u"/mnt/lake"_s, u"s3://lake"_s},
                               {u"/data/deep"_s, u"s3://lake/deep/"_s},
                               {u"/srv/all"_s, u"file:///"_s}});
    LCB_VERIFY_OK(mapping.check());
    QCOMPARE(mapping.localPath(u"s3://lake/t.lance/_versions/1.manifest"_s),
             std::optional(u"/mnt/lake/t.lance/_versions/1.manifest"_s));
    QCOMPARE(mapping.localPath(u"s3://lake/deep/x"_s), std::optional(u"/data/deep/x"_s));
    QCOMPARE(mapping.localPath(u"s3://lake"_s), std::optional(u"/mnt/lake"_s));
    QCOMPARE(mapping.localPath(u"s3://lake2/x"_s), std::nullopt);
    QCOMPARE(mapping.localPath(u"s3://lake/../etc/passwd"_s), std::nullopt);
    QCOMPARE(mapping.localPath(u"file:///var/t"_s), std::optional(u"/srv/all/var/t"_s));
    QCOMPARE(mapping.localPath(u"gs://lake/x"_s), std::nullopt);
    QCOMPARE(mapping.localPath(u"/mnt/lake/x"_s), std::nullopt); // already local
    // Both ways agree.
    const QString local = u"/mnt/lake/a/b.manifest"_s;
    QCOMPARE(mapping.localPath(*mapping.map(local)), std::optional(local));
}

void TestPathMapping::emptyMappingMapsNothing()
{
    const PathMapping none;
    QVERIFY(none.isEmpty());
    LCB_VERIFY_OK(none.check());
    QCOMPARE(none.map(u"/mnt/lake/t.lance"_s), std::nullopt);
    QCOMPARE(PathMapping(u"/mnt/lake"_s, u"s3://lake"_s).map(QString()), std::nullopt);
}

void TestPathMapping::checkNamesTheProblem_data()
{
    QTest::addColumn<Rules>("rules");
    QTest::addColumn<QString>("problem");
    QTest::newRow("no local folder")
        << Rules{{u" "_s, u"s3://lake"_s}} << u"A mapping needs the local folder it starts from."_s;
    QTest::newRow("relative local folder")
        << Rules{{u"lake"_s, u"s3://lake"_s}}
        << u"The local folder lake is not an absolute path; start it with /."_s;
    QTest::newRow("no URI") << Rules{{u"/mnt/lake"_s, QString()}}
                            << u"The local folder /mnt/lake needs the storage URI the server "
                               "reads it as, for example s3://bucket/path/."_s;
    QTest::newRow("no scheme")
        << Rules{{u"/mnt/lake"_s, u"lake/data"_s}}
        << u"What the server calls /mnt/lake is neither a URI nor an absolute path; write it as "
           "s3://bucket/path/, file:///path/ or /path/ as the server sees it."_s;
    QTest::newRow("mapped twice") << Rules{{u"/mnt/lake/"_s, u"s3://a"_s},
                                           {u"/mnt/lake"_s, u"s3://b"_s}}
                                  << u"The local folder /mnt/lake is mapped twice."_s;
}

void TestPathMapping::checkNamesTheProblem()
{
    QFETCH(Rules, rules);
    QFETCH(QString, problem);
    QCOMPARE(lance::test::refusalOf(PathMapping(rules).check()), std::optional(problem));
}

void TestPathMapping::checkNeverQuotesCredentials()
{
    for (const QString &uri : {u"s3://AKIAEXAMPLE:s3cr3t@lake/"_s, u"s3://s3cr3t@lake/"_s}) {
        const std::optional<QString> problem
            = lance::test::refusalOf(PathMapping(u"/mnt/lake"_s, uri).check());
        QVERIFY(problem);
        QVERIFY2(problem->contains(u"user name or password"_s), qPrintable(*problem));
        QVERIFY2(!problem->contains(u"s3cr3t"_s), qPrintable(*problem));
    }
}

void TestPathMapping::localMapperSpellsPathsAsTheLocalCatalog()
{
    const PathMapper local = PathMapper::local();
    // As CreateVersionDialog fills manifest_path: absolute without the leading `/`.
    QCOMPARE(local.manifestPath(u"/data/t.lance/_versions/1.manifest"_s),
             std::optional(u"data/t.lance/_versions/1.manifest"_s));
    // A relative location would mean "inside the catalog folder": locations stay absolute.
    QCOMPARE(local.location(u"/data//t.lance/"_s), std::optional(u"/data/t.lance"_s));
    QCOMPARE(local.manifestPath(u"t.lance/1.manifest"_s), std::nullopt);
    QCOMPARE(local.location(QString()), std::nullopt);
}

void TestPathMapping::remoteMapperUsesTheMappingForBoth()
{
    const PathMapper remote = PathMapper::remote(PathMapping(u"/mnt/lake"_s, u"s3://lake"_s));
    QCOMPARE(remote.manifestPath(u"/mnt/lake/t.lance/_versions/1.manifest"_s),
             std::optional(u"s3://lake/t.lance/_versions/1.manifest"_s));
    QCOMPARE(remote.location(u"/mnt/lake/t.lance"_s), std::optional(u"s3://lake/t.lance"_s));
    QCOMPARE(remote.location(u"/home/t.lance"_s), std::nullopt);
}

void TestPathMapping::aServerFolderCoversEverySpelling()
{
    // A server elsewhere keeps its tables in /srv/lake, mounted here at /mnt/lake; Lance names
    // its files as absolute paths, file:// URIs or object-store paths.
    const PathMapping mapping({{u"/mnt/lake"_s, u"/srv/lake/"_s}, {u"/mnt/b"_s, u"s3://b"_s}});
    LCB_VERIFY_OK(mapping.check());
    for (const QString &path : {u"/srv/lake/t.lance/_versions/1.manifest"_s,
                                u"file:///srv/lake/t.lance/_versions/1.manifest"_s,
                                u"srv/lake/t.lance/_versions/1.manifest"_s}) {
        QCOMPARE(mapping.localPath(path),
                 std::optional(u"/mnt/lake/t.lance/_versions/1.manifest"_s));
    }
    QCOMPARE(mapping.localPath(u"srv/lakeside/t"_s), std::nullopt);
    QCOMPARE(mapping.localPath(u"/srv/lake/../etc/passwd"_s), std::nullopt);
    QCOMPARE(mapping.localPath(u"s3://srv/lake/t"_s), std::nullopt);
    // And the other way, as a drop names a local file to the server.
    QCOMPARE(mapping.map(u"/mnt/lake/t.lance/_versions/2.manifest"_s),
             std::optional(u"/srv/lake/t.lance/_versions/2.manifest"_s));
}

void TestPathMapping::sameMachineMapperFallsBackToLocalSpellings()
{
    const PathMapper here = PathMapper::sameMachine(PathMapping(u"/mnt/lake"_s, u"s3://lake"_s));
    // The mapping where it covers the path, as for a server elsewhere...
    QCOMPARE(here.location(u"/mnt/lake/t.lance"_s), std::optional(u"s3://lake/t.lance"_s));
    // ...and the local catalog's spellings for the rest.
    QCOMPARE(here.manifestPath(u"/home/t.lance/_versions/1.manifest"_s),
             std::optional(u"home/t.lance/_versions/1.manifest"_s));
    QCOMPARE(here.location(u"/home/t.lance"_s), std::optional(u"/home/t.lance"_s));
    QCOMPARE(here.location(u"relative/t.lance"_s), std::nullopt);
}

std::unique_ptr<QSettings> TestPathMapping::settings()
{
    return std::make_unique<QSettings>(iniFile(), QSettings::IniFormat);
}

void TestPathMapping::storeKeepsOneMappingPerProfile()
{
    const PathMapping lake(Rules{{u"/mnt/lake"_s, u"s3://lake"_s}, {u"/srv"_s, u"gs://srv"_s}});
    {
        auto written = settings();
        PathMappingStore store(*written);
        LCB_VERIFY_OK(store.setMapping(u"Prod/EU"_s, lake));
        LCB_VERIFY_OK(store.setMapping(u"dev"_s, PathMapping(u"/tmp"_s, u"file:///tmp"_s)));
        // A shorter mapping replaces a longer one whole.
        LCB_VERIFY_OK(store.setMapping(u"dev"_s, PathMapping(u"/home"_s, u"file:///home"_s)));
    }
    auto read = settings(); // a fresh QSettings: what was written reached the file
    const PathMappingStore store(*read);
    QCOMPARE(store.mapping(u"Prod/EU"_s), lake);
    // Profile names differ only in case for the same profile, as ProfileStore has them.
    QCOMPARE(store.mapping(u"prod/eu"_s), lake);
    QCOMPARE(store.mapping(u"dev"_s), PathMapping(u"/home"_s, u"file:///home"_s));
    QVERIFY(store.mapping(u"other"_s).isEmpty());
}

void TestPathMapping::storeRefusesWhatCheckRefuses()
{
    auto written = settings();
    PathMappingStore store(*written);
    LCB_VERIFY_REFUSED(
        store.setMapping(u"prod"_s, PathMapping(u"/mnt/lake"_s, u"s3://key:s3cr3t@lake"_s)));
    QVERIFY(store.mapping(u"prod"_s).isEmpty());
    written->sync();
    QVERIFY(!lance::test::TestFiles::read(iniFile()).contains("s3cr3t"));
}

void TestPathMapping::storeRenamesAndRemoves()
{
    auto written = settings();
    PathMappingStore store(*written);
    const PathMapping lake(u"/mnt/lake"_s, u"s3://lake"_s);
    LCB_VERIFY_OK(store.setMapping(u"prod"_s, lake));
    LCB_VERIFY_OK(store.setMapping(u"old"_s, PathMapping(u"/a"_s, u"s3://a"_s)));

    store.rename(u"prod"_s, u"old"_s); // replaces what "old" had
    QVERIFY(store.mapping(u"prod"_s).isEmpty());
    QCOMPARE(store.mapping(u"old"_s), lake);
    store.rename(u"old"_s, u"OLD"_s); // only the case changes: still there
    QCOMPARE(store.mapping(u"old"_s), lake);

    store.remove(u"old"_s);
    QVERIFY(store.mapping(u"old"_s).isEmpty());
    LCB_VERIFY_OK(store.setMapping(u"x"_s, lake));
    LCB_VERIFY_OK(store.setMapping(u"x"_s, PathMapping())); // empty removes
    QVERIFY(store.mapping(u"x"_s).isEmpty());
    QVERIFY(!written->childGroups().contains(u"pathMappings"_s));
}

LCB_TEST_GUILESS_MAIN(TestPathMapping)
#include "TestPathMapping.moc"
