// SPDX-License-Identifier: Apache-2.0
// `lance-catalog schema`, `diff` and `versions --details` on a table whose files are on an
// object store (Azurite, which checks every signature): the real lance-catalog-server keeps
// the table there and vends its storage options, and the command line reads the manifests from
// the store itself with them, as a Lance client does. The table is the one LanceDB took through
// a whole history (tests/data/lance/history), so the answers are those TestCliContents checks
// on a disk.
#include "CatalogServerProcess.h"
#include "CliRun.h"
#include "LanceFixture.h"
#include "StorageEmulator.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "storage/StoreFactory.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::CatalogServerProcess;
using lance::test::CliRun;
using lance::test::StorageEmulator;

namespace {

const QString LanceDbHistory = u"history/lancedb-0.31.0"_s;

} // namespace

class TestCliOnStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void schemaAndDiffAreReadFromTheStore();
    void versionDetailsFromTheStore();
    void withoutVendedOptionsTheStoreIsNamed();
    void aManifestOnTheStoreIsStagedByItsUri();
    void healthOnTheStoreIsThatOfTheSameFilesOnADisk();
    void rowsOnTheStoreAreThoseOfTheSameFilesOnADisk();
    /// Last: it removes versions of the table the others read.
    void aCleanupOnTheStoreRemovesWhatItPreviewed();

private:
    // A server on its own catalog folder, the table's store reached with `options`.
    std::unique_ptr<CatalogServerProcess> startServer(const QString &name,
                                                      const QJsonObject &options, bool vend);
    CliRun run(const CatalogServerProcess &server, const QStringList &arguments,
               const QByteArray &input = {});
    QJsonObject storeOptions() const;

    StorageEmulator m_azurite;
    QTemporaryDir m_dir;
    std::unique_ptr<CatalogServerProcess> m_vending;
    QByteArray m_staged; // the batch that registers LanceDB's versions of `events`
};

QJsonObject TestCliOnStore::storeOptions() const
{
    return {
        {u"azure_storage_account_name"_s, QString::fromLatin1(StorageEmulator::AzuriteAccount)},
        {u"azure_storage_account_key"_s, QString::fromLatin1(StorageEmulator::AzuriteAccountKey)},
        {u"azure_storage_endpoint"_s, m_azurite.azuriteAccountUrl().toString()},
        {u"allow_http"_s, u"true"_s}};
}

std::unique_ptr<CatalogServerProcess>
TestCliOnStore::startServer(const QString &name, const QJsonObject &options, bool vend)
{
    const QString optionsFile = m_dir.filePath(name + u".json"_s);
    QFile file(optionsFile);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(options).toJson()) <= 0) {
        return {};
    }
    file.close();
    QStringList arguments{u"--storage-options-file"_s, optionsFile};
    if (vend) {
        arguments << u"--vend-credentials"_s << u"600"_s;
    }
    auto server = std::make_unique<CatalogServerProcess>();
    if (!server->start(m_dir.filePath(name), arguments)) {
        qWarning("%s", qPrintable(server->standardError()));
        return {};
    }
    return server;
}

CliRun TestCliOnStore::run(const CatalogServerProcess &server, const QStringList &arguments,
                           const QByteArray &input)
{
    return CliRun::run(QStringList{u"--url"_s, server.url().toString()} + arguments, {}, input);
}

void TestCliOnStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_azurite.startAzurite({u"lance"_s}), qPrintable(m_azurite.errorText()));
    // LanceDB's files, uploaded as they are: the table is `az://lance/events.lance`.
    const QString lake = m_dir.filePath(u"lake"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(LanceDbHistory + u"/events.lance"_s, lake,
                                                u"events.lance"_s));
    auto store = lance::storage::StoreFactory::open(
        *lance::storage::StorageUri::parse(u"az://lance"_s),
        *lance::storage::StorageOptions::fromJson(QJsonDocument(storeOptions()).toJson(),
                                                  u"test"_s));
    QVERIFY2(store, store ? "" : qPrintable(store.error().message()));
    QVERIFY(lance::test::LanceFixture::upload(lake, **store));
    // The versions registered with the server, which reads each manifest on the store.
    m_vending = startServer(u"vending"_s, storeOptions(), true);
    QVERIFY(m_vending);
    const QString map = lake + u"=az://lance"_s;
    const CliRun staged = CliRun::run(
        {u"stage-manifests"_s, u"events"_s, lake + u"/events.lance"_s, u"--map"_s, map});
    QVERIFY2(staged.exitCode == 0, qPrintable(staged.err));
    m_staged = staged.out.toUtf8();
    const CliRun commit = run(*m_vending, {u"commit"_s, u"-"_s}, m_staged);
    QVERIFY2(commit.exitCode == 0, qPrintable(commit.err + commit.out));
    // The local copy goes: nothing but the store holds the table now.
    QVERIFY(QDir(lake).removeRecursively());
}

void TestCliOnStore::schemaAndDiffAreReadFromTheStore()
{
    const CliRun latest = run(*m_vending, {u"schema"_s, u"events"_s, u"--json"_s});
    QVERIFY2(latest.exitCode == 0, qPrintable(latest.err));
    const QJsonObject json = QJsonDocument::fromJson(latest.out.toUtf8()).object();
    QCOMPARE(json[u"version"].toInt(), 13);
    QCOMPARE(json[u"source"].toString(), u"manifest"_s); // read here, not the server's
    const QJsonArray fields = json[u"fields"].toArray();
    QCOMPARE(fields.size(), 3);
    QCOMPARE(fields[1][u"name"].toString(), u"category"_s);
    QCOMPARE(fields[1][u"field_id"].toInt(), 1);

    const CliRun rename = run(*m_vending, {u"diff"_s, u"events"_s, u"6"_s, u"7"_s, u"--json"_s});
    QVERIFY2(rename.exitCode == 0, qPrintable(rename.err));
    const QJsonObject diff = QJsonDocument::fromJson(rename.out.toUtf8()).object();
    QCOMPARE(diff[u"operation"].toString(), u"Project"_s);
    QCOMPARE(diff[u"effects"].toArray(), QJsonArray{u"column renamed: kind → category"_s});
    const CliRun overwrite = run(*m_vending, {u"diff"_s, u"events"_s, u"8"_s, u"9"_s});
    QVERIFY2(overwrite.exitCode == 0, qPrintable(overwrite.err));
    QVERIFY2(overwrite.out.contains(u"• table overwritten: 90 rows replaced by 25"_s),
             qPrintable(overwrite.out));
    // What was vended stays out of everything printed.
    for (const CliRun *done : {&latest, &rename, &overwrite}) {
        QVERIFY(!done->out.contains(QString::fromLatin1(StorageEmulator::AzuriteAccountKey)));
        QVERIFY(!done->err.contains(QString::fromLatin1(StorageEmulator::AzuriteAccountKey)));
    }
}

void TestCliOnStore::versionDetailsFromTheStore()
{
    // The server reads the store too and says what each version holds; the rows are LanceDB's.
    const CliRun versions
        = run(*m_vending, {u"versions"_s, u"events"_s, u"--details"_s, u"--json"_s});
    QVERIFY2(versions.exitCode == 0, qPrintable(versions.err));
    const QJsonArray records
        = QJsonDocument::fromJson(versions.out.toUtf8()).object()[u"versions"].toArray();
    QCOMPARE(records.size(), 13);
    const QJsonObject reported
        = QJsonDocument::fromJson(
              lance::test::TestData::read(u"lance/"_s + LanceDbHistory + u"/history.json"_s))
              .object();
    for (const QJsonValue &record : records) {
        const int version = record[u"version"].toInt();
        const QJsonObject theirs
            = reported[u"versions"].toArray().at(version - 1)[u"metadata"].toObject();
        for (auto it = theirs.begin(); it != theirs.end(); ++it) {
            QCOMPARE(record[u"metadata"][it.key()].toString(), it.value().toString());
        }
    }
}

void TestCliOnStore::withoutVendedOptionsTheStoreIsNamed()
{
    // The same catalog served by a server that vends nothing: the command line has no way
    // into the store, says so, and falls back to what the server describes.
    auto quiet = startServer(u"quiet"_s, storeOptions(), false);
    QVERIFY(quiet);
    const CliRun commit = run(*quiet, {u"commit"_s, u"-"_s}, m_staged);
    QVERIFY2(commit.exitCode == 0, qPrintable(commit.err + commit.out));
    const CliRun schema = run(*quiet, {u"schema"_s, u"events"_s, u"--json"_s});
    QVERIFY2(schema.exitCode == 0, qPrintable(schema.err));
    QCOMPARE(QJsonDocument::fromJson(schema.out.toUtf8()).object()[u"source"].toString(),
             u"server"_s);
    QVERIFY2(schema.err.contains(u"az://lance/events.lance"_s), qPrintable(schema.err));
    QVERIFY2(schema.err.contains(u"azure_storage_account"_s), qPrintable(schema.err));
}

void TestCliOnStore::aManifestOnTheStoreIsStagedByItsUri()
{
    // A catalog that has versions 1 to 12 of `events`: LanceDB's version 13 is already on the
    // store, and is registered by its URI, read and checked there as a file would be.
    QJsonObject batch = QJsonDocument::fromJson(m_staged).object();
    QJsonArray operations = batch[u"operations"_s].toArray();
    const QJsonObject last = operations.last().toObject();
    const QString latest = last[u"create_table_version"_s][u"manifest_path"_s].toString();
    QVERIFY2(latest.startsWith(u"az://lance/events.lance/_versions/"_s), qPrintable(latest));
    operations.removeLast();
    batch[u"operations"_s] = operations;
    auto server = startServer(u"partial"_s, storeOptions(), true);
    QVERIFY(server);
    const CliRun first = run(*server, {u"commit"_s, u"-"_s}, QJsonDocument(batch).toJson());
    QVERIFY2(first.exitCode == 0, qPrintable(first.err + first.out));

    const CliRun staged = run(*server, {u"stage-manifests"_s, u"events"_s, latest});
    QVERIFY2(staged.exitCode == 0, qPrintable(staged.err));
    const QJsonArray created
        = QJsonDocument::fromJson(staged.out.toUtf8()).object()[u"operations"_s].toArray();
    QCOMPARE(created.size(), 1);
    const QJsonObject create = created[0][u"create_table_version"_s].toObject();
    QCOMPARE(create[u"version"_s].toInt(), 13);
    QCOMPARE(create[u"manifest_path"_s].toString(), latest);
    QCOMPARE(create[u"manifest_size"_s].toInteger(),
             last[u"create_table_version"_s][u"manifest_size"_s].toInteger());
    const CliRun commit = run(*server, {u"commit"_s, u"-"_s}, staged.out.toUtf8());
    QVERIFY2(commit.exitCode == 0, qPrintable(commit.err + commit.out));
    const CliRun versions = run(*server, {u"versions"_s, u"events"_s, u"--json"_s});
    QVERIFY2(versions.exitCode == 0, qPrintable(versions.err));
    QCOMPARE(QJsonDocument::fromJson(versions.out.toUtf8())
                 .object()[u"versions"_s]
                 .toArray()
                 .first()[u"version"_s]
                 .toInt(),
             13);

    // What a dropped file would be refused for, a URI is refused for, with what is wrong.
    const CliRun again = run(*server, {u"stage-manifests"_s, u"events"_s, latest});
    QCOMPARE(again.exitCode, 1);
    QVERIFY2(again.err.contains(u"has version 13 already"_s), qPrintable(again.err));
    const QString elsewhere = u"az://lance/other.lance/_versions/1.manifest"_s;
    const CliRun outside = run(*server, {u"stage-manifests"_s, u"events"_s, elsewhere});
    QCOMPARE(outside.exitCode, 1);
    QVERIFY2(outside.err.contains(u"is not a manifest of this table"_s), qPrintable(outside.err));
    const QString missing = u"az://lance/events.lance/_versions/18446744073709551600.manifest"_s;
    const CliRun absent = run(*server, {u"stage-manifests"_s, u"events"_s, missing});
    QCOMPARE(absent.exitCode, 1);
    QVERIFY2(absent.err.contains(missing), qPrintable(absent.err));
    const CliRun mixed = run(*server, {u"stage-manifests"_s, u"events"_s, latest, u"x.manifest"_s});
    QCOMPARE(mixed.exitCode, 1);
    QVERIFY2(mixed.err.contains(u"not both"_s), qPrintable(mixed.err));
}

void TestCliOnStore::healthOnTheStoreIsThatOfTheSameFilesOnADisk()
{
    // The server lists the table's folder on Azurite and reads every kept manifest there; a
    // local catalog does the same on a disk copy of the same files. The answers are equal.
    const CliRun onStore = run(*m_vending, {u"health"_s, u"events"_s, u"--json"_s});
    QVERIFY2(onStore.exitCode == 0, qPrintable(onStore.err));
    const QString catalog = m_dir.filePath(u"health-local"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(LanceDbHistory + u"/events.lance"_s, catalog,
                                                u"events.lance"_s));
    const CliRun onDisk = CliRun::runLocal(catalog, {u"health"_s, u"events"_s, u"--json"_s});
    QVERIFY2(onDisk.exitCode == 0, qPrintable(onDisk.err));
    const QJsonObject store = QJsonDocument::fromJson(onStore.out.toUtf8()).object();
    QCOMPARE(store, QJsonDocument::fromJson(onDisk.out.toUtf8()).object());
    QCOMPARE(store[u"latest_version"].toInt(), 13);
    QCOMPARE(store[u"kept"][u"versions"].toInt(), 13);
    QVERIFY(store[u"folder"][u"files"].toInt() > 13 * 2);
    QCOMPARE(store[u"indices"].toArray().size(), 1);
    // The words, through the server too.
    const CliRun text = run(*m_vending, {u"health"_s, u"events"_s});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(u"Health of events at version 13"_s), qPrintable(text.out));
    QVERIFY(!text.out.contains(QString::fromLatin1(StorageEmulator::AzuriteAccountKey)));
}

void TestCliOnStore::rowsOnTheStoreAreThoseOfTheSameFilesOnADisk()
{
    // Every version's rows, read by the server from Azurite (data files by ranges, deletion
    // files whole), and by a local catalog from a disk copy of the same files, which
    // TestCliContents checks against LanceDB's own reads.
    const QString catalog = m_dir.filePath(u"rows-local"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(LanceDbHistory + u"/events.lance"_s, catalog,
                                                u"events.lance"_s));
    for (int version = 1; version <= 13; ++version) {
        const QStringList arguments{
            u"rows"_s,    u"events"_s, u"--version"_s, QString::number(version),
            u"--limit"_s, u"100000"_s, u"--json"_s};
        const CliRun onStore = run(*m_vending, arguments);
        QVERIFY2(onStore.exitCode == 0, qPrintable(onStore.err));
        const CliRun onDisk = CliRun::runLocal(catalog, arguments);
        QVERIFY2(onDisk.exitCode == 0, qPrintable(onDisk.err));
        QVERIFY2(!onStore.out.isEmpty(), qPrintable(QString::number(version)));
        QCOMPARE(onStore.out, onDisk.out);
    }
    // A page in the middle, as the Rows tab asks for the next one.
    const CliRun page
        = run(*m_vending, {u"rows"_s, u"events"_s, u"--offset"_s, u"10"_s, u"--limit"_s, u"5"_s});
    QVERIFY2(page.exitCode == 0, qPrintable(page.err));
    QVERIFY2(page.out.contains(u"Rows 11 to 15 of events."_s), qPrintable(page.out));
}

void TestCliOnStore::aCleanupOnTheStoreRemovesWhatItPreviewed()
{
    const QStringList cleanup{u"cleanup"_s, u"events"_s, u"--keep"_s, u"3"_s, u"--json"_s};
    const CliRun preview = run(*m_vending, cleanup + QStringList{u"--dry-run"_s});
    QVERIFY2(preview.exitCode == 0, qPrintable(preview.err));
    const QJsonObject plan = QJsonDocument::fromJson(preview.out.toUtf8()).object();
    QCOMPARE(plan[u"removed_versions"].toArray().size(), 10);
    const QJsonArray files = plan[u"files"].toArray();
    QVERIFY(files.size() >= 10); // the ten manifests, and what only they used
    const CliRun applied = run(*m_vending, cleanup + QStringList{u"--yes"_s});
    QVERIFY2(applied.exitCode == 0, qPrintable(applied.err + applied.out));
    const QJsonObject done = QJsonDocument::fromJson(applied.out.toUtf8()).object();
    QCOMPARE(done[u"cleanup"][u"removed"][u"files"].toInt(), files.size());
    QCOMPARE(done[u"cleanup"][u"versions_removed"].toInt(), 10);

    // Gone from the store itself, and nothing kept is missing.
    auto store = lance::storage::StoreFactory::open(
        *lance::storage::StorageUri::parse(u"az://lance"_s),
        *lance::storage::StorageOptions::fromJson(QJsonDocument(storeOptions()).toJson(),
                                                  u"test"_s));
    QVERIFY(store);
    for (const QJsonValue &file : files) {
        const QString key = u"events.lance/"_s + file[u"path"].toString();
        const auto stat = (*store)->stat(key, lance::storage::CallControl());
        QVERIFY2(!stat && stat.error().kind() == lance::storage::StorageError::Kind::NotFound,
                 qPrintable(key));
    }
    const CliRun health = run(*m_vending, {u"health"_s, u"events"_s, u"--json"_s});
    QVERIFY2(health.exitCode == 0, qPrintable(health.err));
    const QJsonObject after = QJsonDocument::fromJson(health.out.toUtf8()).object();
    QCOMPARE(after[u"missing_files"].toArray(), QJsonArray());
    QCOMPARE(after[u"kept"][u"versions"].toInt(), 3);
    const CliRun schema = run(*m_vending, {u"schema"_s, u"events"_s, u"--version"_s, u"11"_s});
    QVERIFY2(schema.exitCode == 0, qPrintable(schema.err));
}

LCB_TEST_GUILESS_MAIN(TestCliOnStore)
#include "TestCliOnStore.moc"
