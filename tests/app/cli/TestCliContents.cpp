// SPDX-License-Identifier: Apache-2.0
// `lance-catalog versions --details`, `schema` and `diff` on the table LanceDB took through a
// whole history (tests/data/lance/history), through the local catalog and through the real
// lance-catalog-server; and the client reading manifests itself where the catalog cannot
// (versions recorded at s3:// URIs, read here through --map).
#include "CatalogServerProcess.h"
#include "CliRun.h"
#include "LanceFixture.h"
#include "StorageEmulator.h"
#include "TestData.h"
#include "TestRegistry.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using lance::test::CatalogServerProcess;
using lance::test::CliRun;

namespace {

const QString History = u"history/lancedb-0.31.0"_s;

// The rows of a printed table, split into cells at runs of two or more spaces.
QList<QStringList> rowsOf(const QString &table)
{
    QList<QStringList> rows;
    const QStringList lines = table.split(u'\n', Qt::SkipEmptyParts);
    static const QRegularExpression gap(u"\\s{2,}"_s);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        rows.append(lines.at(i).trimmed().split(gap));
    }
    return rows;
}

QJsonObject recording()
{
    return QJsonDocument::fromJson(
               lance::test::TestData::read(u"lance/"_s + History + u"/history.json"_s))
        .object();
}

} // namespace

class TestCliContents : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void versionDetailsAgreeWithLanceDb_data();
    void versionDetailsAgreeWithLanceDb();
    void schemaOfAVersion_data();
    void schemaOfAVersion();
    void diffNamesWhatChanged_data();
    void diffNamesWhatChanged();
    void readsManifestsTheCatalogCannot();
    void refusalsAreClear();
    void rowsOfEveryVersionAreLanceDbs_data();
    void rowsOfEveryVersionAreLanceDbs();

private:
    void addCatalogs();
    /// Runs the command line on the catalog of the current row: --local, or the server.
    CliRun run(const QStringList &arguments);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogServerProcess> m_server;
};

void TestCliContents::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(lance::test::LanceFixture::copyInto(History + u"/events.lance"_s,
                                                m_dir->filePath(u"catalog"_s), u"events.lance"_s));
}

void TestCliContents::cleanup()
{
    m_server.reset();
    m_dir.reset();
}

void TestCliContents::addCatalogs()
{
    QTest::addColumn<bool>("server");
    QTest::newRow("local") << false;
    QTest::newRow("server") << true;
}

CliRun TestCliContents::run(const QStringList &arguments)
{
    const QString catalog = m_dir->filePath(u"catalog"_s);
    if (!QTest::currentDataTag() || QByteArrayView(QTest::currentDataTag()) == "local") {
        return CliRun::runLocal(catalog, arguments);
    }
    if (!m_server) {
        m_server = std::make_unique<CatalogServerProcess>();
        if (!m_server->start(catalog)) {
            qWarning("%s", qPrintable(m_server->standardError()));
            return {};
        }
    }
    return CliRun::run(QStringList{u"--url"_s, m_server->url().toString()} + arguments);
}

void TestCliContents::versionDetailsAgreeWithLanceDb_data()
{
    addCatalogs();
}

void TestCliContents::versionDetailsAgreeWithLanceDb()
{
    const CliRun versions = run({u"versions"_s, u"events"_s, u"--details"_s});
    QVERIFY2(versions.exitCode == 0, qPrintable(versions.err));
    const QList<QStringList> rows = rowsOf(versions.out);
    QCOMPARE(rows.size(), 13);
    // Newest first; rows as LanceDB's countRows() said at each version.
    const QJsonArray reported = recording()[u"versions"].toArray();
    for (const QStringList &row : rows) {
        QCOMPARE(row.size(), 7);
        const int version = row.at(0).toInt();
        QCOMPARE(row.at(2).toLongLong(), reported.at(version - 1)[u"rows"].toInteger());
        QCOMPARE(row.at(5), u"lance 8.0.0"_s);
    }
    QStringList operations;
    QStringList changes;
    for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
        operations << it->at(4);
        changes << it->at(3);
    }
    QCOMPARE(operations,
             (QStringList{u"Overwrite"_s, u"Append"_s, u"Append"_s, u"Delete"_s, u"Update"_s,
                          u"Merge"_s, u"Project"_s, u"Project"_s, u"Overwrite"_s, u"Append"_s,
                          u"CreateIndex"_s, u"ReserveFragments"_s, u"Rewrite"_s}));
    QCOMPARE(changes, (QStringList{u"+40"_s, u"+30"_s, u"+30"_s, u"-10"_s, u"0"_s, u"0"_s, u"0"_s,
                                   u"0"_s, u"-65"_s, u"+15"_s, u"0"_s, u"0"_s, u"0"_s}));

    // --json: the version records with LanceDB's seven keys, as listVersions() gave them.
    const CliRun json = run({u"versions"_s, u"events"_s, u"--details"_s, u"--json"_s});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    const QJsonArray records
        = QJsonDocument::fromJson(json.out.toUtf8()).object()[u"versions"].toArray();
    QCOMPARE(records.size(), 13);
    for (const QJsonValue &record : records) {
        const int version = record[u"version"].toInt();
        const QJsonObject metadata = record[u"metadata"].toObject();
        const QJsonObject theirs = reported.at(version - 1)[u"metadata"].toObject();
        for (auto it = theirs.begin(); it != theirs.end(); ++it) {
            QCOMPARE(metadata[it.key()].toString(), it.value().toString());
        }
    }
}

void TestCliContents::schemaOfAVersion_data()
{
    addCatalogs();
}

void TestCliContents::rowsOfEveryVersionAreLanceDbs_data()
{
    addCatalogs();
}

void TestCliContents::rowsOfEveryVersionAreLanceDbs()
{
    // What LanceDB itself reads of every version (checkout(v), a scan with `_rowid`).
    QProcess node;
    node.setWorkingDirectory(lance::test::StorageEmulator::nodeTestsPath());
    node.start(lance::test::StorageEmulator::nodeExecutable(),
               {u"read-rows.mjs"_s, m_dir->filePath(u"catalog/events.lance"_s)});
    QVERIFY(node.waitForFinished(120000));
    QVERIFY2(node.exitCode() == 0, node.readAllStandardError().constData());
    const QList<QByteArray> reads = node.readAllStandardOutput().split('\n');
    int versions = 0;
    for (const QByteArray &line : reads) {
        if (line.trimmed().isEmpty()) {
            continue;
        }
        const auto read = nlohmann::ordered_json::parse(line.toStdString());
        const qint64 version = read["version"].get<qint64>();
        const CliRun rows = run({u"rows"_s, u"events"_s, u"--version"_s, QString::number(version),
                                 u"--limit"_s, u"100000"_s, u"--json"_s});
        QVERIFY2(rows.exitCode == 0, qPrintable(rows.err));
        nlohmann::ordered_json ours = nlohmann::ordered_json::array();
        for (const QString &row : rows.out.split(u'\n', Qt::SkipEmptyParts)) {
            const auto object = nlohmann::ordered_json::parse(row.toStdString());
            nlohmann::ordered_json values = nlohmann::ordered_json::array();
            for (const auto &member : object.items()) {
                values.push_back(member.value());
            }
            ours.push_back(values);
        }
        QVERIFY2(ours == read["rows"], qPrintable(u"version %1 differs"_s.arg(version)));
        ++versions;
    }
    QCOMPARE(versions, 13);
}

void TestCliContents::schemaOfAVersion()
{
    // Version 6 has the added column; the latest has `kind` renamed to `category`, same id.
    const CliRun six = run({u"schema"_s, u"events"_s, u"--version"_s, u"6"_s});
    QVERIFY2(six.exitCode == 0, qPrintable(six.err));
    QCOMPARE(rowsOf(six.out), (QList<QStringList>{{u"id"_s, u"int32"_s, u"no"_s, u"0"_s},
                                                  {u"kind"_s, u"utf8"_s, u"yes"_s, u"1"_s},
                                                  {u"amount"_s, u"float64"_s, u"yes"_s, u"2"_s},
                                                  {u"score"_s, u"int64"_s, u"no"_s, u"3"_s}}));
    const CliRun latest = run({u"schema"_s, u"events"_s, u"--json"_s});
    QVERIFY2(latest.exitCode == 0, qPrintable(latest.err));
    const QJsonObject json = QJsonDocument::fromJson(latest.out.toUtf8()).object();
    QCOMPARE(json[u"version"].toInt(), 13);
    QCOMPARE(json[u"source"].toString(), u"manifest"_s);
    const QJsonArray fields = json[u"fields"].toArray();
    QCOMPARE(fields.size(), 3);
    QCOMPARE(fields[1][u"name"].toString(), u"category"_s);
    QCOMPARE(fields[1][u"field_id"].toInt(), 1);
    QCOMPARE(fields[1][u"type"].toString(), u"utf8"_s);
}

void TestCliContents::diffNamesWhatChanged_data()
{
    addCatalogs();
}

void TestCliContents::diffNamesWhatChanged()
{
    const CliRun overwrite = run({u"diff"_s, u"events"_s, u"8"_s, u"9"_s});
    QVERIFY2(overwrite.exitCode == 0, qPrintable(overwrite.err));
    QVERIFY2(overwrite.out.startsWith(u"Version 8 → version 9\nOperation: Overwrite\n"_s),
             qPrintable(overwrite.out));
    QVERIFY2(overwrite.out.contains(u"• table overwritten: 90 rows replaced by 25"_s),
             qPrintable(overwrite.out));

    const CliRun rename = run({u"diff"_s, u"events"_s, u"6"_s, u"7"_s, u"--json"_s});
    QVERIFY2(rename.exitCode == 0, qPrintable(rename.err));
    const QJsonObject json = QJsonDocument::fromJson(rename.out.toUtf8()).object();
    QCOMPARE(json[u"operation"].toString(), u"Project"_s);
    QCOMPARE(json[u"effects"].toArray(), QJsonArray{u"column renamed: kind → category"_s});
    const QJsonObject changed = json[u"schema"][u"changed"][0].toObject();
    QCOMPARE(changed[u"before"][u"id"].toInt(), 1);
    QCOMPARE(changed[u"after"][u"path"].toString(), u"category"_s);

    // Backwards over several versions: no single operation, the effect still named.
    const CliRun back = run({u"diff"_s, u"events"_s, u"13"_s, u"6"_s});
    QVERIFY2(back.exitCode == 0, qPrintable(back.err));
    QVERIFY2(!back.out.contains(u"Operation:"_s), qPrintable(back.out));
    QVERIFY2(back.out.contains(u"• column added: score (int64)"_s), qPrintable(back.out));
    QVERIFY2(back.out.contains(u"• column renamed: category → kind"_s), qPrintable(back.out));
    QVERIFY2(back.out.contains(u"• index removed: id_idx"_s), qPrintable(back.out));
}

void TestCliContents::readsManifestsTheCatalogCannot()
{
    // The same files registered at s3:// URIs: the catalog cannot read them, so it says
    // nothing of what they hold; the client, told where that bucket is mounted, reads them.
    const QString lake = m_dir->filePath(u"lake"_s);
    QVERIFY(
        lance::test::LanceFixture::copyInto(History + u"/events.lance"_s, lake, u"events.lance"_s));
    const QString catalog = m_dir->filePath(u"remote-catalog"_s);
    const QString map = lake + u"=s3://lake"_s;
    const CliRun staged = CliRun::run(
        {u"stage-manifests"_s, u"remote"_s, lake + u"/events.lance"_s, u"--map"_s, map});
    QVERIFY2(staged.exitCode == 0, qPrintable(staged.err));
    const CliRun commit
        = CliRun::run({u"--local"_s, catalog, u"commit"_s, u"-"_s}, {}, staged.out.toUtf8());
    QVERIFY2(commit.exitCode == 0, qPrintable(commit.err));

    const CliRun blind = CliRun::runLocal(catalog, {u"versions"_s, u"remote"_s, u"--details"_s});
    QVERIFY2(blind.exitCode == 0, qPrintable(blind.err));
    QCOMPARE(rowsOf(blind.out).first().mid(2, 3), (QStringList{u"-"_s, u"-"_s, u"-"_s}));
    const CliRun seen
        = CliRun::runLocal(catalog, {u"versions"_s, u"remote"_s, u"--details"_s, u"--map"_s, map});
    QVERIFY2(seen.exitCode == 0, qPrintable(seen.err));
    QCOMPARE(rowsOf(seen.out).first().mid(2, 3), (QStringList{u"40"_s, u"0"_s, u"Rewrite"_s}));

    const CliRun notHere = CliRun::runLocal(catalog, {u"diff"_s, u"remote"_s, u"1"_s, u"2"_s});
    QCOMPARE(notHere.exitCode, 1);
    QVERIFY2(
        notHere.err.contains(u"s3://lake/events.lance/_versions/18446744073709551614.manifest, "
                             "which this machine cannot read"_s),
        qPrintable(notHere.err));
    const CliRun mapped
        = CliRun::runLocal(catalog, {u"diff"_s, u"remote"_s, u"1"_s, u"2"_s, u"--map"_s, map});
    QVERIFY2(mapped.exitCode == 0, qPrintable(mapped.err));
    QVERIFY2(mapped.out.contains(u"• rows appended: 30"_s), qPrintable(mapped.out));
    const CliRun schema = CliRun::runLocal(catalog, {u"schema"_s, u"remote"_s, u"--map"_s, map});
    QVERIFY2(schema.exitCode == 0, qPrintable(schema.err));
    QCOMPARE(rowsOf(schema.out).size(), 3);
}

void TestCliContents::refusalsAreClear()
{
    const CliRun missing = run({u"diff"_s, u"events"_s, u"1"_s, u"99"_s});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains(u"no version 99"_s), qPrintable(missing.err));
    const CliRun word = run({u"diff"_s, u"events"_s, u"1"_s, u"two"_s});
    QCOMPARE(word.exitCode, 1);
    QVERIFY2(word.err.contains(u"\"two\" is not a version number"_s), qPrintable(word.err));
    const CliRun noVersion = run({u"schema"_s, u"events"_s, u"--version"_s});
    QCOMPARE(noVersion.exitCode, 1);
    QVERIFY2(noVersion.err.contains(u"Usage: lance-catalog [options] schema TABLE [--version N]"_s),
             qPrintable(noVersion.err));
    const CliRun details = run({u"tables"_s, u"--details"_s});
    QCOMPARE(details.exitCode, 1);
    QVERIFY2(details.err.contains(u"--details only applies to the versions command."_s),
             qPrintable(details.err));

    // A damaged manifest: the diff says which file and why; the listing still lists it.
    const QString manifest = m_dir->filePath(
        u"catalog/events.lance/_versions/18446744073709551611.manifest"_s); // version 4
    QFile file(manifest);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("not a manifest");
    file.close();
    const CliRun damaged = run({u"diff"_s, u"events"_s, u"3"_s, u"4"_s});
    QVERIFY(damaged.exitCode != 0);
    QVERIFY2(damaged.err.contains(u"18446744073709551611.manifest"_s), qPrintable(damaged.err));
    const CliRun listed = run({u"versions"_s, u"events"_s, u"--details"_s});
    QVERIFY2(listed.exitCode == 0, qPrintable(listed.err));
    QVERIFY2(listed.out.contains(u"(manifest unreadable: "_s), qPrintable(listed.out));
}

LCB_TEST_GUILESS_MAIN(TestCliContents)
#include "TestCliContents.moc"
