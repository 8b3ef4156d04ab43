// SPDX-License-Identifier: Apache-2.0
// BatchFile: an exported batch is exactly what the real `lance-catalog commit FILE` accepts
// and commits on a local catalog; import stages a file as one undoable step, and a bad file
// stages nothing and says where it is wrong.
#include "CliRun.h"
#include "LanceFixture.h"
#include "StagingOperations.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/JsonCodec.h"
#include "staging/BatchFile.h"
#include "staging/PendingChanges.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using lance::staging::BatchFile;
using lance::staging::PendingChanges;
using lance::test::CliRun;
using lance::test::TestFiles;
using Ops = lance::test::StagingOperations;
using Operation = lance::api::CommitTableOperation;
using Operations = QList<Operation>;

class TestBatchFile : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void anExportIsCommittedByTheCommandLine();
    void anExportIsTheWireForm();
    void exportingNothingIsRefused();
    void importStagesOneUndoableStep();
    void importRoundTripsAnExport();
    void aBadFileStagesNothing_data();
    void aBadFileStagesNothing();
    void importIsRefusedWhileFrozen();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_catalog;
};

void TestBatchFile::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_catalog = m_dir->filePath(u"catalog"_s);
}

void TestBatchFile::cleanup()
{
    m_dir.reset();
}

void TestBatchFile::anExportIsCommittedByTheCommandLine()
{
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_catalog));
    PendingChanges changes;
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"orders"_s)));
    auto create = std::get<lance::api::CreateTableVersionRequest>(
        Ops::create(u"people"_s, 4, 64, TestFiles::stageManifest(m_catalog, u"people"_s, 4)));
    create.namingScheme = lance::api::ManifestNamingScheme::V2;
    LCB_VERIFY_OK(changes.stage(create));
    const QString file = m_dir->filePath(u"batch.json"_s);
    LCB_VERIFY_OK(BatchFile::exportTo(changes, file));

    const CliRun dryRun = CliRun::runLocal(m_catalog, {u"commit"_s, file, u"--dry-run"_s});
    QVERIFY2(dryRun.exitCode == 0, qPrintable(dryRun.err));
    QVERIFY2(dryRun.err.contains(u"2 operations checked"_s), qPrintable(dryRun.err));

    const CliRun commit = CliRun::runLocal(m_catalog, {u"commit"_s, file});
    QVERIFY2(commit.exitCode == 0, qPrintable(commit.err));
    QVERIFY(commit.err.contains(u"Committed atomically"_s));
    const CliRun tables = CliRun::runLocal(m_catalog, {u"tables"_s});
    QVERIFY(tables.out.contains(u"orders"_s));
    const CliRun versions
        = CliRun::runLocal(m_catalog, {u"versions"_s, u"people"_s, u"--limit"_s, u"1"_s});
    QVERIFY2(versions.out.section(u'\n', 1, 1).startsWith(u"4 "_s), qPrintable(versions.out));
}

void TestBatchFile::anExportIsTheWireForm()
{
    PendingChanges changes;
    const Operations staged{Ops::declare(u"ns$a"_s), Ops::create(u"ns$a"_s, 1, 10),
                            Ops::remove(u"ns$b"_s, 2, -1), Ops::deregister(u"ns$c"_s)};
    LCB_VERIFY_OK(changes.stageAll(staged, u"Import"_s));
    const QString file = m_dir->filePath(u"out/batch.json"_s); // the folder is created
    LCB_VERIFY_OK(BatchFile::exportTo(changes, file));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray json = written.readAll();
    QCOMPARE(json, lance::api::json::encode(changes.toRequest(), lance::api::json::Format::Indented)
                       + '\n');
    const auto decoded = lance::api::json::decode<lance::api::BatchCommitTablesRequest>(json);
    QVERIFY(decoded);
    QCOMPARE(decoded->operations, staged);
}

void TestBatchFile::exportingNothingIsRefused()
{
    PendingChanges changes;
    const QString file = m_dir->filePath(u"batch.json"_s);
    const std::optional<QString> refused
        = lance::test::refusalOf(BatchFile::exportTo(changes, file));
    QVERIFY(refused.has_value());
    QVERIFY(refused->contains(u"Nothing is staged"_s));
    QVERIFY(!QFileInfo::exists(file));
}

void TestBatchFile::importStagesOneUndoableStep()
{
    PendingChanges changes;
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"first"_s)));
    const QString file = TestFiles::write(m_dir->filePath(u"batch.json"_s), R"({"operations": [
        {"declare_table": {"id": ["sales", "orders"], "location": "s3://b/orders.lance"}},
        {"create_table_version": {"id": ["sales", "orders"], "version": 1,
                                  "manifest_path": "s3://b/orders.lance/_versions/1.manifest"}},
        {"delete_table_versions": {"id": ["old"], "ranges": [{"start_version": 0,
                                                             "end_version": -1}]}}],
        "context": {"header.x-trace-id": "abc"}})");
    LCB_VERIFY_OK(BatchFile::importInto(changes, file));
    QCOMPARE(changes.count(), 4);
    QCOMPARE(changes.stagedAt(1).operation,
             Ops::declare(u"sales$orders"_s, u"s3://b/orders.lance"_s));
    QCOMPARE(changes.stagedAt(3).operation, Ops::remove(u"old"_s, 0, -1));
    QCOMPARE(changes.undoStack()->undoText(), u"Import 3 operations from batch.json"_s);
    LCB_VERIFY_OK(changes.undo());
    QCOMPARE(changes.operations(), Operations{Ops::declare(u"first"_s)});
    LCB_VERIFY_OK(changes.redo());
    QCOMPARE(changes.count(), 4);
}

void TestBatchFile::importRoundTripsAnExport()
{
    PendingChanges changes;
    const Operations staged{Ops::declare(u"a"_s), Ops::create(u"a"_s, 1, 5),
                            Ops::removeRanges(u"b"_s, {{1, 3}, {7, -1}}), Ops::deregister(u"c"_s)};
    LCB_VERIFY_OK(changes.stageAll(staged, u"Import"_s));
    const QString file = m_dir->filePath(u"batch.json"_s);
    LCB_VERIFY_OK(BatchFile::exportTo(changes, file));
    PendingChanges imported;
    LCB_VERIFY_OK(BatchFile::importInto(imported, file));
    QCOMPARE(imported.operations(), staged);
}

void TestBatchFile::aBadFileStagesNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("not JSON") << QByteArray("{\"operations\": [") << u"batch.json is not a valid"_s;
    QTest::newRow("wrong type")
        << QByteArray(R"({"operations": [{"create_table_version": {"id": ["t"],
            "version": "7", "manifest_path": "m"}}]})")
        << u"operations[0].create_table_version.version: expected integer"_s;
    QTest::newRow("unknown kind") << QByteArray(
        R"({"operations": [{"drop_table": {"id": ["t"]}}]})")
                                  << u"operations[0]: expected exactly one of"_s;
    QTest::newRow("missing id") << QByteArray(
        R"({"operations": [{"declare_table": {}}, {"deregister_table": {}}]})")
                                << u"operations[0].declare_table.id"_s;
    QTest::newRow("no operations") << QByteArray(R"({"operations": []})")
                                   << u"batch.json has no operations; nothing was imported."_s;
    QTest::newRow("not a request") << QByteArray("[]") << u"batch.json is not a valid"_s;
    // Well-formed JSON the command line's commit refuses is refused here too.
    QTest::newRow("empty identifier")
        << QByteArray(R"({"operations": [{"deregister_table": {"id": []}}]})")
        << u"batch.json was not imported: "_s;
    QTest::newRow("empty name") << QByteArray(R"({"operations": [{"declare_table": {"id": ["a",
        ""]}}]})") << u"batch.json was not imported: "_s;
    QTest::newRow("declared twice")
        << QByteArray(R"({"operations": [{"declare_table": {"id": ["t"]}},
        {"declare_table": {"id": ["t"]}}]})")
        << u"batch.json was not imported: "_s;
    QTest::newRow("missing file") << QByteArray() << u"Cannot read "_s;
}

void TestBatchFile::aBadFileStagesNothing()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    PendingChanges changes;
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"kept"_s)));
    const QString file = QTest::currentDataTag() == QByteArray("missing file")
                             ? m_dir->filePath(u"missing.json"_s)
                             : TestFiles::write(m_dir->filePath(u"batch.json"_s), content);
    const std::optional<QString> refused
        = lance::test::refusalOf(BatchFile::importInto(changes, file));
    QVERIFY(refused.has_value());
    QVERIFY2(refused->contains(message), qPrintable(*refused));
    QCOMPARE(changes.operations(), Operations{Ops::declare(u"kept"_s)});
    QCOMPARE(changes.undoStack()->count(), 1);
}

void TestBatchFile::importIsRefusedWhileFrozen()
{
    PendingChanges changes;
    const QString file
        = TestFiles::write(m_dir->filePath(u"batch.json"_s), R"({"operations": [{"declare_table":
        {"id": ["t"]}}]})");
    changes.setFrozen(true);
    const std::optional<QString> refused
        = lance::test::refusalOf(BatchFile::importInto(changes, file));
    QVERIFY(refused.has_value());
    QVERIFY(refused->contains(u"commit is in flight"_s));
    QCOMPARE(changes.count(), 0);
}

LCB_TEST_GUILESS_MAIN(TestBatchFile)
#include "TestBatchFile.moc"
