// SPDX-License-Identifier: Apache-2.0
// How a catalog folder's database spells the paths inside the folder: every spelling of a local
// path keeps its spelling, paths outside stay as given, and a moved folder names its own files.
#include "TestRegistry.h"
#include "engine/RootRelativePaths.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::engine::RootRelativePaths;

class TestRootRelativePaths : public QObject
{
    Q_OBJECT

private slots:
    void storesEachSpellingRelative_data();
    void storesEachSpellingRelative();
    void keepsWhatIsOutside_data();
    void keepsWhatIsOutside();
    void aMovedFolderNamesItsOwnFiles();
    void withoutAFolderNothingChanges();
    void prefixesAreWhatStoreReplaces();
};

void TestRootRelativePaths::storesEachSpellingRelative_data()
{
    QTest::addColumn<QString>("root");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("stored");
    QTest::newRow("absolute") << u"/data/cat"_s << u"/data/cat/t.lance"_s
                              << u"/{catalog-root}/t.lance"_s;
    QTest::newRow("file uri") << u"/data/cat"_s << u"file:///data/cat/a/t.lance"_s
                              << u"file:///{catalog-root}/a/t.lance"_s;
    QTest::newRow("object-store path")
        << u"/data/cat"_s << u"data/cat/t.lance/_versions/1.manifest"_s
        << u"{catalog-root}/t.lance/_versions/1.manifest"_s;
    QTest::newRow("non-ascii") << u"/data/katalog ☃"_s << u"/data/katalog ☃/ü.lance"_s
                               << u"/{catalog-root}/ü.lance"_s;
    QTest::newRow("windows") << u"C:/data/cat"_s << u"C:/data/cat/t.lance"_s
                             << u"{catalog-root}/t.lance"_s;
    QTest::newRow("windows uri") << u"C:/data/cat"_s << u"file:///C:/data/cat/t.lance"_s
                                 << u"file:///{catalog-root}/t.lance"_s;
}

void TestRootRelativePaths::storesEachSpellingRelative()
{
    QFETCH(QString, root);
    QFETCH(QString, path);
    QFETCH(QString, stored);
    const RootRelativePaths paths(root);
    QCOMPARE(paths.store(path), stored);
    QCOMPARE(paths.resolve(stored), path);
}

void TestRootRelativePaths::keepsWhatIsOutside_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("another folder") << u"/data/other/t.lance"_s;
    QTest::newRow("a sibling sharing the prefix") << u"/data/catalog/t.lance"_s;
    QTest::newRow("the folder itself") << u"/data/cat/"_s;
    QTest::newRow("its parent") << u"/data"_s;
    QTest::newRow("a store") << u"s3://bucket/data/cat/t.lance"_s;
    QTest::newRow("relative to the folder") << u"t.lance"_s;
    QTest::newRow("a file uri elsewhere") << u"file:///elsewhere/t.lance"_s;
}

void TestRootRelativePaths::keepsWhatIsOutside()
{
    QFETCH(QString, path);
    const RootRelativePaths paths(u"/data/cat"_s);
    QCOMPARE(paths.store(path), path);
    QCOMPARE(paths.resolve(path), path);
}

void TestRootRelativePaths::aMovedFolderNamesItsOwnFiles()
{
    const QString stored = RootRelativePaths(u"/data/cat"_s).store(u"/data/cat/t.lance"_s);
    QCOMPARE(RootRelativePaths(u"/backup/cat-copy"_s).resolve(stored),
             u"/backup/cat-copy/t.lance"_s);
    const QString manifest
        = RootRelativePaths(u"/data/cat"_s).store(u"data/cat/t.lance/_versions/2.manifest"_s);
    QCOMPARE(RootRelativePaths(u"/backup/cat-copy"_s).resolve(manifest),
             u"backup/cat-copy/t.lance/_versions/2.manifest"_s);
}

void TestRootRelativePaths::withoutAFolderNothingChanges()
{
    // A PostgreSQL catalog lives in no folder; `/` would hold every path.
    for (const std::optional<QString> &root : {std::optional<QString>(), std::optional(u"/"_s)}) {
        const RootRelativePaths paths(root);
        QVERIFY(paths.prefixes().isEmpty());
        QCOMPARE(paths.store(u"/data/cat/t.lance"_s), u"/data/cat/t.lance"_s);
        QCOMPARE(paths.resolve(u"/{catalog-root}/t.lance"_s), u"/{catalog-root}/t.lance"_s);
    }
}

void TestRootRelativePaths::prefixesAreWhatStoreReplaces()
{
    // The migration rewrites by these in SQL: each must turn a path into store()'s answer.
    const RootRelativePaths paths(u"/data/cat"_s);
    for (const QString &path : {u"/data/cat/t.lance"_s, u"file:///data/cat/t.lance"_s,
                                u"data/cat/t.lance/_versions/1.manifest"_s}) {
        int matched = 0;
        for (const RootRelativePaths::Prefix &prefix : paths.prefixes()) {
            if (path.startsWith(prefix.resolved)) {
                ++matched;
                QCOMPARE(prefix.stored + path.mid(prefix.resolved.size()), paths.store(path));
            }
        }
        QCOMPARE(matched, 1);
    }
}

LCB_TEST_GUILESS_MAIN(TestRootRelativePaths)
#include "TestRootRelativePaths.moc"
