// SPDX-License-Identifier: Apache-2.0
// Runs the real lance-catalog executable with --local on a copy of real LanceDB data: the
// embedded catalog, with no server anywhere.
#include "CliRun.h"
#include "JsonText.h"
#include "LanceFixture.h"
#include "TestFiles.h"
#include "TestRegistry.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::CliRun;
using lance::test::JsonText;
using lance::test::TestFiles;

namespace {

// The first column of each row of a printed table, header left out.
QStringList firstColumn(const QString &table)
{
    QStringList values;
    const QStringList lines = table.split(u'\n', Qt::SkipEmptyParts);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        values.append(lines.at(i).section(u' ', 0, 0));
    }
    return values;
}

} // namespace

class TestCliLocal : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void helpDocumentsTheLocalCatalog();
    void listsTheTablesAndVersionsOfCopiedLanceData();
    void serverOptionsWithLocalAreUsageErrors_data();
    void serverOptionsWithLocalAreUsageErrors();
    void commitsLocallyAndReadsBack();
    void conflictingCommitAppliesNothing();
    void dryRunPrintsTheRequestAndAppliesNothing();
    void unusableFolderFailsWithAClearMessage();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_catalog; //!< the --local folder, holding a copy of people.lance
};

void TestCliLocal::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_catalog = m_dir->filePath(u"catalog"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_catalog));
}

void TestCliLocal::cleanup()
{
    m_dir.reset();
}

void TestCliLocal::helpDocumentsTheLocalCatalog()
{
    const CliRun help = CliRun::run({u"--help"_s});
    QCOMPARE(help.exitCode, 0);
    // The help wraps lines: compare words, not layout.
    const QString text = help.out.simplified();
    for (const QString &words :
         {u"--local DIR"_s, u"instead of a server"_s, u"created if missing"_s,
          u"<name>.lance folders"_s, u"registered on first use"_s}) {
        QVERIFY2(text.contains(words), qPrintable(words));
    }
}

void TestCliLocal::listsTheTablesAndVersionsOfCopiedLanceData()
{
    const CliRun tables = CliRun::runLocal(m_catalog, {u"tables"_s});
    QVERIFY2(tables.exitCode == 0, qPrintable(tables.err));
    QCOMPARE(firstColumn(tables.out), QStringList{u"people"_s});

    const CliRun versions = CliRun::runLocal(m_catalog, {u"versions"_s, u"people"_s});
    QVERIFY2(versions.exitCode == 0, qPrintable(versions.err));
    QCOMPARE(firstColumn(versions.out), (QStringList{u"3"_s, u"2"_s, u"1"_s}));
    // Final V2 manifest names: u64::MAX - version.
    QVERIFY2(versions.out.contains(u"people.lance/_versions/18446744073709551612.manifest"_s),
             qPrintable(versions.out));
}

void TestCliLocal::serverOptionsWithLocalAreUsageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("with --url") << QStringList{u"--url"_s, u"http://127.0.0.1:9/"_s}
                                << u"--url and --local cannot be used together"_s;
    QTest::newRow("with --api-key-env")
        << QStringList{u"--api-key-env"_s, u"HOME"_s} << u"--api-key-env does not apply"_s;
    QTest::newRow("with --bearer-env")
        << QStringList{u"--bearer-env"_s, u"HOME"_s} << u"--bearer-env does not apply"_s;
    QTest::newRow("with --header")
        << QStringList{u"--header"_s, u"x-a: b"_s} << u"--header does not apply"_s;
    QTest::newRow("with --ca-file")
        << QStringList{u"--ca-file"_s, u"/etc/hostname"_s} << u"--ca-file does not apply"_s;
    QTest::newRow("with --timeout")
        << QStringList{u"--timeout"_s, u"3"_s} << u"--timeout does not apply"_s;
}

void TestCliLocal::serverOptionsWithLocalAreUsageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const QString untouched = m_dir->filePath(u"untouched"_s);
    const CliRun result
        = CliRun::run(QStringList{u"--local"_s, untouched} + arguments + QStringList{u"tables"_s});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY(!QFileInfo::exists(untouched)); // refused before the catalog was opened

    const CliRun empty = CliRun::run({u"--local"_s, QString(), u"tables"_s});
    QCOMPARE(empty.exitCode, 1);
    QVERIFY2(empty.err.contains(u"--local"_s), qPrintable(empty.err));
}

void TestCliLocal::commitsLocallyAndReadsBack()
{
    const QByteArray batch = uR"({"operations": [
        {"declare_table": {"id": ["orders"], "properties": {"owner": "qa"}}},
        {"create_table_version": {"id": ["people"], "version": 4, "manifest_path": "%1",
                                  "manifest_size": 64, "naming_scheme": "V2"}}]})"_s
                                 .arg(TestFiles::stageManifest(m_catalog, u"people"_s, 4))
                                 .toUtf8();
    const CliRun commit = CliRun::runLocal(
        m_catalog, {u"commit"_s, TestFiles::write(m_dir->filePath(u"batch.json"_s), batch)});
    QVERIFY2(commit.exitCode == 0, qPrintable(commit.err));
    QVERIFY2(commit.out.contains(u"declare_table"_s), qPrintable(commit.out));
    QVERIFY(commit.out.contains(u"version 4 at "_s));
    QVERIFY(commit.err.contains(u"Committed atomically"_s));

    const CliRun tables = CliRun::runLocal(m_catalog, {u"tables"_s});
    QCOMPARE(tables.exitCode, 0);
    QCOMPARE(firstColumn(tables.out), (QStringList{u"orders"_s, u"people"_s}));
    const CliRun versions
        = CliRun::runLocal(m_catalog, {u"versions"_s, u"people"_s, u"--limit"_s, u"2"_s});
    QCOMPARE(versions.exitCode, 0);
    QCOMPARE(firstColumn(versions.out), (QStringList{u"4"_s, u"3"_s}));
    const CliRun described = CliRun::runLocal(m_catalog, {u"describe"_s, u"orders"_s});
    QVERIFY2(described.exitCode == 0, qPrintable(described.err));
    QVERIFY2(described.out.contains(u"orders.lance"_s), qPrintable(described.out));
    QVERIFY(described.out.contains(u"qa"_s));
}

void TestCliLocal::conflictingCommitAppliesNothing()
{
    // Version 3 of people exists: the declaration before it must not be applied either.
    const QByteArray batch = uR"({"operations": [
        {"declare_table": {"id": ["orders"]}},
        {"create_table_version": {"id": ["people"], "version": 3, "manifest_path": "%1"}}]})"_s
                                 .arg(TestFiles::stageManifest(m_catalog, u"people"_s, 3))
                                 .toUtf8();
    const CliRun commit = CliRun::runLocal(
        m_catalog, {u"commit"_s, TestFiles::write(m_dir->filePath(u"batch.json"_s), batch)});
    QCOMPARE(commit.exitCode, 3);
    QVERIFY2(commit.err.contains(u"ConcurrentModification"_s), qPrintable(commit.err));
    QVERIFY(commit.err.contains(u"Nothing was applied"_s));
    const CliRun tables = CliRun::runLocal(m_catalog, {u"tables"_s});
    QCOMPARE(firstColumn(tables.out), QStringList{u"people"_s});
}

void TestCliLocal::dryRunPrintsTheRequestAndAppliesNothing()
{
    const QByteArray batch = R"({"operations": [{"declare_table": {"id": ["orders"]}},
        {"deregister_table": {"id": ["people"]}}], "context": {"header.x-trace-id": "abc"}})";
    const QString file = TestFiles::write(m_dir->filePath(u"batch.json"_s), batch);
    const CliRun dryRun = CliRun::runLocal(m_catalog, {u"commit"_s, file, u"--dry-run"_s});
    QVERIFY2(dryRun.exitCode == 0, qPrintable(dryRun.err));
    const QJsonObject printed = QJsonDocument::fromJson(dryRun.out.toUtf8()).object();
    QCOMPARE(printed.value(u"operations"_s).toArray(), JsonText::operationsOf(batch));
    // Nothing travels over HTTP, so the context stays in the request as it is.
    QCOMPARE(printed.value(u"context"_s).toObject().value(u"header.x-trace-id"_s).toString(),
             u"abc"_s);
    QVERIFY2(dryRun.err.contains(u"nothing applied"_s), qPrintable(dryRun.err));

    const CliRun json
        = CliRun::runLocal(m_catalog, {u"--json"_s, u"commit"_s, file, u"--dry-run"_s});
    QCOMPARE(json.exitCode, 0);
    QCOMPARE(JsonText::operationsOf(json.out.toUtf8()), JsonText::operationsOf(batch));

    const CliRun tables = CliRun::runLocal(m_catalog, {u"tables"_s});
    QCOMPARE(firstColumn(tables.out), QStringList{u"people"_s});
}

void TestCliLocal::unusableFolderFailsWithAClearMessage()
{
    const QString file = TestFiles::write(m_dir->filePath(u"not-a-folder"_s), "plain file");
    const CliRun result = CliRun::run({u"--local"_s, file, u"tables"_s});
    QVERIFY(result.exitCode != 0);
    QVERIFY2(result.err.startsWith(u"lance-catalog: ListTables failed: "_s),
             qPrintable(result.err));
    QVERIFY2(result.err.contains(u"not-a-folder"_s), qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
}

LCB_TEST_GUILESS_MAIN(TestCliLocal)
#include "TestCliLocal.moc"
