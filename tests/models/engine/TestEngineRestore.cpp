// SPDX-License-Identifier: Apache-2.0
// CatalogEngine RestoreTable on real Lance data: versions 1-4 of tests/data/lance/restores
// (LanceDB's `scores`), registered from the root. A restore adds the latest + 1 with the
// restored version's content, recorded and moved into place like any version; refusals leave
// the catalog and the table's folders as they were.
#include "EngineTestSupport.h"
#include "TestRegistry.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestFiles.h"
#include "format/TransactionDecoder.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineRestore : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void restoresAsTheNextVersion();
    void restoresTwiceInARow();
    void refusalsChangeNothing_data();
    void refusalsChangeNothing();
    void restoresInACopiedCatalogFolder();

private:
    QString versionsFolder() const { return m_table + u"/_versions"_s; }
    /// Every file of the table's `_versions/` and `_transactions/`, and every version record.
    QStringList state();
    QList<qint64> versions();

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_table;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineRestore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_table = m_dir->filePath(u"scores.lance"_s);
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"restores/scores.lance"_s),
                                        m_table));
    // Versions 1-4 only: 5 and 6 are LanceDB's own restores, which the format tests compare with.
    for (const qint64 version : {5, 6}) {
        QVERIFY(
            QFile::remove(versionsFolder() + u'/'
                          + format::ManifestFiles::finalName(version, ManifestNamingScheme::V2)));
    }
    auto engine = EngineTestSupport::open(m_dir->path());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
    QCOMPARE(versions(), QList<qint64>({1, 2, 3, 4}));
}

void TestEngineRestore::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

QList<qint64> TestEngineRestore::versions()
{
    ListTableVersionsRequest request;
    request.id = EngineTestSupport::id(u"scores"_s);
    const auto listed = m_engine->run(request);
    return listed ? EngineTestSupport::numbers(listed->versions) : QList<qint64>{-1};
}

QStringList TestEngineRestore::state()
{
    QStringList out = EngineTestSupport::fileNames(versionsFolder())
                      + EngineTestSupport::fileNames(m_table + u"/_transactions"_s);
    for (const qint64 version : versions()) {
        out.append(QString::number(version));
    }
    return out;
}

void TestEngineRestore::restoresAsTheNextVersion()
{
    RestoreTableRequest request;
    request.id = EngineTestSupport::id(u"scores"_s);
    request.version = 2;
    const auto restored = m_engine->run(request);
    QVERIFY2(restored, EngineTestSupport::why(restored));
    QVERIFY(restored->transactionId.has_value());
    QCOMPARE(versions(), QList<qint64>({1, 2, 3, 4, 5}));

    DescribeTableVersionRequest describe;
    describe.id = request.id;
    const auto latest = m_engine->run(describe);
    QVERIFY2(latest, EngineTestSupport::why(latest));
    QCOMPARE(latest->version.version, 5);
    QCOMPARE(latest->version.metadata.value(u"restored_from_version"_s), u"2"_s);
    // Moved to its final name, with no staged file left behind; the facts are version 2's.
    const QString final
        = versionsFolder() + u'/' + format::ManifestFiles::finalName(5, ManifestNamingScheme::V2);
    QCOMPARE(latest->version.manifestPath, EngineTestSupport::objectStorePath(final));
    for (const QString &name : EngineTestSupport::fileNames(versionsFolder())) {
        QVERIFY2(!name.contains(u".manifest-"_s), qPrintable(name));
    }
    QCOMPARE(latest->version.metadata.value(u"total_rows"_s), u"3"_s);
    const auto contents = format::ManifestDecoder::readFile(final);
    QVERIFY(contents);
    const auto original = format::ManifestDecoder::readFile(
        versionsFolder() + u'/' + format::ManifestFiles::finalName(2, ManifestNamingScheme::V2));
    QVERIFY(original);
    QCOMPARE(contents->fragments.size(), original->fragments.size());
    QCOMPARE(contents->indices.size(), original->indices.size());
    // The transaction Lance reads: Restore of 2, built on 4, under the id the answer gave.
    QCOMPARE(contents->transactionFile, u"4-%1.txn"_s.arg(*restored->transactionId));
    const auto transaction = format::TransactionDecoder::readFile(m_table + u"/_transactions/"_s
                                                                  + contents->transactionFile);
    QVERIFY2(transaction, EngineTestSupport::why(transaction));
    QCOMPARE(transaction->readVersion, quint64(4));
    QCOMPARE(transaction->uuid, *restored->transactionId);
    // And the history keeps it under that id.
    DescribeTransactionRequest history;
    history.id = Identifier({*restored->transactionId});
    const auto recorded = m_engine->run(history);
    QVERIFY2(recorded, EngineTestSupport::why(recorded));
    QCOMPARE(recorded->properties.value(u"kind"_s), u"restore"_s);
    QCOMPARE(recorded->properties.value(u"create_table_version"_s), u"1"_s);
}

void TestEngineRestore::restoresTwiceInARow()
{
    RestoreTableRequest request;
    request.id = EngineTestSupport::id(u"scores"_s);
    for (const qint64 version : {1, 3}) {
        request.version = version;
        const auto restored = m_engine->run(request);
        QVERIFY2(restored, EngineTestSupport::why(restored));
    }
    QCOMPARE(versions(), QList<qint64>({1, 2, 3, 4, 5, 6}));
    // Restoring the restore: 6 is 3's content, so 7 is too.
    request.version = 6;
    QVERIFY(m_engine->run(request));
    DescribeTableVersionRequest describe;
    describe.id = request.id;
    describe.version = 7;
    const auto seventh = m_engine->run(describe);
    QVERIFY(seventh);
    QCOMPARE(seventh->version.metadata.value(u"restored_from_version"_s), u"6"_s);
    QCOMPARE(seventh->version.metadata.value(u"total_rows"_s), u"5"_s);
}

void TestEngineRestore::refusalsChangeNothing_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<qint64>("version");
    QTest::addColumn<QString>("damage");
    QTest::addColumn<int>("code");
    QTest::newRow("a version never made") << u"scores"_s << qint64(9) << QString() << 11;
    QTest::newRow("a deleted version") << u"scores"_s << qint64(3) << u"delete 3"_s << 11;
    QTest::newRow("a table that is not there") << u"nothing"_s << qint64(1) << QString() << 4;
    QTest::newRow("a damaged manifest") << u"scores"_s << qint64(2) << u"damage 2"_s << 19;
}

void TestEngineRestore::refusalsChangeNothing()
{
    QFETCH(QString, table);
    QFETCH(qint64, version);
    QFETCH(QString, damage);
    QFETCH(int, code);
    if (damage == u"delete 3"_s) {
        BatchDeleteTableVersionsRequest remove;
        remove.id = EngineTestSupport::id(u"scores"_s);
        remove.ranges = {{3, 4}};
        QVERIFY(m_engine->run(remove));
    } else if (damage == u"damage 2"_s) {
        QVERIFY(EngineTestSupport::writeFile(
            versionsFolder() + u'/' + format::ManifestFiles::finalName(2, ManifestNamingScheme::V2),
            "not a manifest"));
    }
    const QStringList before = state();
    RestoreTableRequest request;
    request.id = EngineTestSupport::id(table);
    request.version = version;
    const auto restored = m_engine->run(request);
    QCOMPARE(EngineTestSupport::codeOf(restored), code);
    QCOMPARE(state(), before);
}

void TestEngineRestore::restoresInACopiedCatalogFolder()
{
    if (EngineTestSupport::onPostgres()) {
        QSKIP("A PostgreSQL catalog is in no folder: there is no folder to copy.");
    }
    // A backup of the whole catalog folder, the database with the tables, taken while closed.
    m_engine.reset();
    const QString copy = m_dir->filePath(u"copy"_s);
    QVERIFY(QDir().mkpath(copy));
    for (const QFileInfo &entry : QDir(m_dir->path()).entryInfoList(QDir::Files)) {
        QVERIFY(QFile::copy(entry.filePath(), copy + u'/' + entry.fileName()));
    }
    QVERIFY(EngineTestSupport::copyTree(m_table, copy + u"/scores.lance"_s));
    const QStringList original = EngineTestSupport::fileNames(versionsFolder())
                                 + EngineTestSupport::fileNames(m_table + u"/_transactions"_s);

    auto opened = EngineTestSupport::open(copy);
    QVERIFY2(opened, EngineTestSupport::why(opened));
    CatalogEngine &engine = **opened;
    const Identifier id = EngineTestSupport::id(u"scores"_s);
    DescribeTableRequest describe;
    describe.id = id;
    const auto described = engine.run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->location.value_or(QString()), copy + u"/scores.lance"_s);
    RestoreTableRequest restore;
    restore.id = id;
    restore.version = 2;
    const auto restored = engine.run(restore);
    QVERIFY2(restored, EngineTestSupport::why(restored));

    // Every version the copy lists is read from the copy, the restore's too.
    ListTableVersionsRequest list;
    list.id = id;
    const auto listed = engine.run(list);
    QVERIFY2(listed, EngineTestSupport::why(listed));
    QCOMPARE(EngineTestSupport::numbers(listed->versions), QList<qint64>({1, 2, 3, 4, 5}));
    for (const TableVersion &version : listed->versions) {
        QVERIFY2(version.manifestPath.startsWith(EngineTestSupport::objectStorePath(copy) + u'/'),
                 qPrintable(version.manifestPath));
    }
    QVERIFY(QFileInfo::exists(copy + u"/scores.lance/_versions/"_s
                              + format::ManifestFiles::finalName(5, ManifestNamingScheme::V2)));
    // The original is as it was: its files, and its catalog.
    QCOMPARE(EngineTestSupport::fileNames(versionsFolder())
                 + EngineTestSupport::fileNames(m_table + u"/_transactions"_s),
             original);
    opened->reset();
    auto reopened = EngineTestSupport::open(m_dir->path());
    QVERIFY2(reopened, EngineTestSupport::why(reopened));
    m_engine = std::move(*reopened);
    QCOMPARE(versions(), QList<qint64>({1, 2, 3, 4}));
}

LCB_TEST_GUILESS_MAIN(TestEngineRestore)
#include "TestEngineRestore.moc"
