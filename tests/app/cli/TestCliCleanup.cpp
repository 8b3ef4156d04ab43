// SPDX-License-Identifier: Apache-2.0
// `lance-catalog cleanup` and `health` through the real executable, on a local catalog holding
// the table LanceDB made for them (tests/data/lance/health) and through lance-catalog-server:
// the preview is what is removed, file for file; nothing goes without --yes or the typed name;
// what the catalog keeps stays readable; a stopped run is finished by the next; a read-only key
// previews but cannot remove. What the plan removes is checked against LanceDB's own cleanup
// in TestCleanupPlanner.
#include "CatalogServerProcess.h"
#include "CliRun.h"
#include "LanceFixture.h"
#include "TestRegistry.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::CatalogServerProcess;
using lance::test::CliRun;

namespace {

QJsonObject jsonOf(const CliRun &run)
{
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QStringList filesOf(const QJsonObject &plan)
{
    QStringList paths;
    for (const QJsonValue &file : plan[u"files"].toArray()) {
        paths << file[u"path"].toString();
    }
    return paths;
}

QList<int> numbers(const QJsonArray &versions)
{
    QList<int> out;
    for (const QJsonValue &version : versions) {
        out << version[u"version"].toInt();
    }
    return out;
}

} // namespace

class TestCliCleanup : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void thePreviewIsWhatIsRemoved();
    void nothingGoesUnconfirmed();
    void aStoppedCleanupIsFinishedByTheNext();
    void aReadOnlyKeyPreviewsButCannotRemove();

private:
    CliRun cli(const QStringList &arguments) { return CliRun::runLocal(m_catalog, arguments); }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_catalog;
    QString m_table;
};

void TestCliCleanup::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_catalog = m_dir->filePath(u"catalog"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(u"health/metrics.lance"_s, m_catalog,
                                                u"metrics.lance"_s));
    m_table = m_catalog + u"/metrics.lance"_s;
    // As LanceDB left them: every file older than the versions that name it (a copy's files
    // are new, and Lance's cleanup leaves files newer than the oldest version it keeps).
    const QDateTime written = QDateTime::fromString(u"2026-12-07T04:50:00Z"_s, Qt::ISODate);
    QDirIterator files(m_table, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile file(files.next());
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(written, QFileDevice::FileModificationTime));
    }
}

void TestCliCleanup::thePreviewIsWhatIsRemoved()
{
    const CliRun preview
        = cli({u"cleanup"_s, u"metrics"_s, u"--before"_s, u"10"_s, u"--dry-run"_s, u"--json"_s});
    QVERIFY2(preview.exitCode == 0, qPrintable(preview.err));
    const QJsonObject plan = jsonOf(preview);
    QCOMPARE(numbers(plan[u"removed_versions"].toArray()), (QList<int>{1, 2, 4, 6, 7, 8, 9}));
    QCOMPARE(numbers(plan[u"kept_versions"].toArray()), (QList<int>{3, 5, 10}));
    const QStringList planned = filesOf(plan);
    QVERIFY(planned.size() > 7);
    for (const QString &path : planned) {
        QVERIFY2(QFile::exists(m_table + u'/' + path), qPrintable(path)); // a preview
    }

    // Applied: the same plan, printed with what it did.
    const CliRun applied
        = cli({u"cleanup"_s, u"metrics"_s, u"--before"_s, u"10"_s, u"--yes"_s, u"--json"_s});
    QVERIFY2(applied.exitCode == 0, qPrintable(applied.err + applied.out));
    const QJsonObject both = jsonOf(applied);
    QCOMPARE(both[u"plan"][u"plan_id"], plan[u"plan_id"]);
    QCOMPARE(both[u"cleanup"][u"versions_removed"].toInt(), 7);
    QCOMPARE(both[u"cleanup"][u"removed"][u"files"].toInt(), planned.size());
    QCOMPARE(both[u"cleanup"][u"removed"][u"bytes"], plan[u"freed"][u"bytes"]);
    QSet<QString> before;
    for (const QString &path : planned) {
        QVERIFY2(!QFile::exists(m_table + u'/' + path), qPrintable(path));
        before.insert(path);
    }

    // What the catalog keeps is whole, and nothing is left that no kept version needs.
    const CliRun versions = cli({u"versions"_s, u"metrics"_s, u"--json"_s});
    QCOMPARE(numbers(jsonOf(versions)[u"versions"].toArray()), (QList<int>{10, 5, 3}));
    const CliRun health = cli({u"health"_s, u"metrics"_s, u"--json"_s});
    QVERIFY2(health.exitCode == 0, qPrintable(health.err));
    QCOMPARE(jsonOf(health)[u"missing_files"].toArray(), QJsonArray());
    QCOMPARE(jsonOf(health)[u"unreferenced_files"].toArray(), QJsonArray());
    QCOMPARE(jsonOf(health)[u"kept"][u"versions"].toInt(), 5); // 3, 5, 10 and the branch's two
    for (const QString &version : {u"3"_s, u"5"_s, u"10"_s}) {
        const CliRun schema = cli({u"schema"_s, u"metrics"_s, u"--version"_s, version});
        QVERIFY2(schema.exitCode == 0, qPrintable(version + schema.err));
    }
    // The history says what was freed.
    const CliRun history = cli({u"history"_s, u"metrics"_s, u"--json"_s});
    const QJsonObject newest = jsonOf(history)[u"transactions"].toArray().first().toObject();
    QCOMPARE(newest[u"properties"][u"kind"].toString(), u"cleanup_old_versions"_s);
    QCOMPARE(newest[u"properties"][u"bytes_to_free"].toString(),
             QString::number(plan[u"freed"][u"bytes"].toInteger()));
    QCOMPARE(newest[u"properties"][u"versions_deleted"].toString(), u"7"_s);
    // Again: nothing is left to remove.
    const CliRun again = cli({u"cleanup"_s, u"metrics"_s, u"--before"_s, u"10"_s, u"--yes"_s});
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QVERIFY2(again.out.contains(u"Nothing to clean up"_s), qPrintable(again.out));
}

void TestCliCleanup::nothingGoesUnconfirmed()
{
    const QStringList cleanup{u"--local"_s, m_catalog,   u"cleanup"_s,
                              u"metrics"_s, u"--keep"_s, u"2"_s};
    const CliRun wrong = CliRun::run(cleanup, {}, "metric\n");
    QCOMPARE(wrong.exitCode, 1);
    QVERIFY2(wrong.err.contains(u"type the table's name (metrics)"_s), qPrintable(wrong.err));
    QVERIFY2(wrong.err.contains(u"Nothing was removed"_s), qPrintable(wrong.err));
    QVERIFY(wrong.out.contains(u"inside the policy"_s));
    QCOMPARE(jsonOf(cli({u"versions"_s, u"metrics"_s, u"--json"_s}))[u"versions"].toArray().size(),
             10);
    // Typed, it goes: the newest two stay, and the tagged version and the branch's source.
    const CliRun typed = CliRun::run(cleanup, {}, "metrics\n");
    QVERIFY2(typed.exitCode == 0, qPrintable(typed.err));
    QVERIFY2(typed.out.contains(u"Removed 6 versions"_s), qPrintable(typed.out));
    QCOMPARE(
        numbers(jsonOf(cli({u"versions"_s, u"metrics"_s, u"--json"_s}))[u"versions"].toArray()),
        (QList<int>{10, 9, 5, 3}));
    // A policy is needed, and checked.
    QCOMPARE(cli({u"cleanup"_s, u"metrics"_s}).exitCode, 1);
    QCOMPARE(cli({u"cleanup"_s, u"metrics"_s, u"--older-than"_s, u"soon"_s}).exitCode, 1);
    QCOMPARE(cli({u"cleanup"_s, u"metrics"_s, u"--keep"_s, u"0"_s}).exitCode, 1);
}

void TestCliCleanup::aStoppedCleanupIsFinishedByTheNext()
{
    // What a cleanup that stopped after its commit leaves: versions 1 and 2 without records,
    // their manifests still there, some of their files gone already.
    QFile batch(m_dir->filePath(u"delete.json"_s));
    QVERIFY(batch.open(QIODevice::WriteOnly));
    batch.write(R"({"operations": [{"delete_table_versions": {"id": ["metrics"],
        "ranges": [{"start_version": 1, "end_version": 3}]}}]})");
    batch.close();
    const CliRun committed = cli({u"commit"_s, batch.fileName()});
    QVERIFY2(committed.exitCode == 0, qPrintable(committed.err));
    QDir transactions(m_table + u"/_transactions"_s);
    const QStringList first = transactions.entryList({u"0-*.txn"_s});
    QCOMPARE(first.size(), 1);
    QVERIFY(transactions.remove(first.first()));

    // The next cleanup, whatever its policy, removes what is left of them.
    const CliRun next
        = cli({u"cleanup"_s, u"metrics"_s, u"--before"_s, u"1"_s, u"--yes"_s, u"--json"_s});
    QVERIFY2(next.exitCode == 0, qPrintable(next.err));
    const QJsonObject plan = jsonOf(next)[u"plan"].toObject();
    QCOMPARE(numbers(plan[u"removed_versions"].toArray()), (QList<int>{1, 2}));
    QCOMPARE(plan[u"removed_versions"][0][u"reason"].toString(), u"unrecorded"_s);
    QCOMPARE(jsonOf(next)[u"cleanup"][u"versions_removed"].toInt(), 0); // no record was left
    QCOMPARE(filesOf(plan).size(), 3); // two manifests and the other transaction
    const QJsonObject health = jsonOf(cli({u"health"_s, u"metrics"_s, u"--json"_s}));
    QCOMPARE(health[u"unreferenced_files"].toArray(), QJsonArray());
}

void TestCliCleanup::aReadOnlyKeyPreviewsButCannotRemove()
{
    QTemporaryDir keys;
    QFile writeKey(keys.filePath(u"write"_s));
    QFile readKey(keys.filePath(u"read"_s));
    QVERIFY(writeKey.open(QIODevice::WriteOnly) && writeKey.write("write-key-1\n") > 0);
    QVERIFY(readKey.open(QIODevice::WriteOnly) && readKey.write("read-key-1\n") > 0);
    writeKey.close();
    readKey.close();
    CatalogServerProcess server;
    QVERIFY2(server.start(m_catalog, {u"--api-key-file"_s, writeKey.fileName(),
                                      u"--read-only-key-file"_s, readKey.fileName()}),
             qPrintable(server.standardError()));
    QProcessEnvironment environment;
    environment.insert(u"LCB_TEST_KEY"_s, u"read-key-1"_s);
    const QStringList cleanup{u"--url"_s,         server.url().toString(),
                              u"--api-key-env"_s, u"LCB_TEST_KEY"_s,
                              u"cleanup"_s,       u"metrics"_s,
                              u"--before"_s,      u"10"_s};
    const CliRun preview = CliRun::run(cleanup + QStringList{u"--dry-run"_s}, environment);
    QVERIFY2(preview.exitCode == 0, qPrintable(preview.err));
    QVERIFY(preview.out.contains(u"Nothing was removed (a preview)."_s));
    const CliRun refused = CliRun::run(cleanup + QStringList{u"--yes"_s}, environment);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(u"403"_s) || refused.err.contains(u"not allowed"_s),
             qPrintable(refused.err));
    QVERIFY(QFile::exists(m_table + u"/_versions/18446744073709551614.manifest"_s));
    // With the key that may write, through the server, as on the local catalog.
    environment.insert(u"LCB_TEST_KEY"_s, u"write-key-1"_s);
    const CliRun applied = CliRun::run(cleanup + QStringList{u"--yes"_s}, environment);
    QVERIFY2(applied.exitCode == 0, qPrintable(applied.err));
    QVERIFY(!QFile::exists(m_table + u"/_versions/18446744073709551614.manifest"_s));
}

LCB_TEST_GUILESS_MAIN(TestCliCleanup)
#include "TestCliCleanup.moc"
