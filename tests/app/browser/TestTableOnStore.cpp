// SPDX-License-Identifier: Apache-2.0
// The real window on a table whose files are on an object store: the table LanceDB took through
// a whole history (tests/data/lance/history), uploaded as it is to s3rver and to Azurite (which
// checks every signature), kept there by the real lance-catalog-server. The window reads the
// manifests from the store itself, with the storage options the server vends, as a Lance client
// does: the Schema tab with Lance's field ids, the Versions facts equal to what LanceDB reports,
// and Compare Versions. Credentials vended for two seconds are renewed while the table shows; a
// server that vends nothing leaves the window saying which options would reach the store, on
// the table, while the rest of it works; the connection profile's storage options, with their
// key from the keychain, reach it in its place, and a wrong key is explained on the table.
// Restore Version writes its files to the store only at the commit, and the catalog's new
// version holds what LanceDB reported of the restored one; a branch is made, read and deleted
// on the store; a version staged by a store URI is checked there; Clean Up Old Versions removes
// from the store exactly the objects its preview listed, after the Health tab showed the table.
// No key reaches the settings, the request log or the journal. Screenshots of the Schema tab and
// of the cleanup's preview are written (to LCB_SCREENSHOT_DIR when set).
#include "BrowserApplication.h"
#include "CatalogServerProcess.h"
#include "CliRun.h"
#include "LanceFixture.h"
#include "SettledLayout.h"
#include "StagingTestbed.h"
#include "StorageEmulator.h"
#include "TestConnections.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "activity/RequestLog.h"
#include "catalog/TableRowsModel.h"
#include "catalog/TableVersionModel.h"
#include "connection/ProfileStore.h"
#include "connection/SecretStore.h"
#include "staging/PendingChanges.h"
#include "storage/CallControl.h"
#include "storage/ObjectStore.h"
#include "storage/StoreFactory.h"
#include "ui/catalog/BranchController.h"
#include "ui/catalog/BranchSelector.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogSwitcher.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/CleanupController.h"
#include "ui/catalog/CleanupDialog.h"
#include "ui/catalog/CompareVersionsDialog.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/RowsView.h"
#include "ui/catalog/SchemaView.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/commit/CommitController.h"
#include "ui/commit/CommitReviewDialog.h"
#include "ui/common/InlineNote.h"
#include "ui/connection/ProfileEditor.h"
#include "ui/connection/ProfilesDialog.h"
#include "ui/staging/VersionRestoreController.h"
#include "ui/window/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QCheckBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;
using lance::catalog::TableVersionModel;
using lance::test::CatalogServerProcess;
using lance::test::CliRun;
using lance::test::StagingTestbed;
using lance::test::StorageEmulator;
using lance::ui::SchemaView;

namespace {

const QString StoreHistory = u"history/lancedb-0.31.0"_s;
constexpr int TimeoutMs = 30000;

} // namespace

class TestTableOnStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void readsTheTableOnItsStore_data();
    void readsTheTableOnItsStore();
    void expiringCredentialsAreRenewed();
    void aStoreItCannotReachIsSaidOnTheTable();
    void aManifestOnTheStoreIsRegisteredByItsUri();
    void theProfilesStorageOptionsReachTheStore();
    void aWrongKeyInTheProfileIsExplainedOnTheTable();
    void theConnectionDialogKeepsAndTestsStorageOptions();
    void aVersionStagedByItsUriIsCheckedOnTheStore();
    void aVersionIsRestoredOnTheStore();
    void aBranchIsMadeAndReadOnTheStore();
    void oldVersionsAreCleanedUpOnTheStore();

private:
    struct Store
    {
        StorageEmulator emulator;
        QJsonObject options; //!< what the server reaches the store with
    };

    /// The bucket or container `uri` names, as the server reaches it.
    static std::shared_ptr<lance::storage::ObjectStore> openStore(const Store &store,
                                                                  const QString &uri);
    /// Uploads LanceDB's `events` to `store` (bucket or container `lance`).
    bool fill(Store &store, const QString &uri);
    /// A server on its own catalog with LanceDB's versions of `events` registered (all 13, or
    /// 1 to 12 without `latest`) in `bucket`; `vend`: seconds the vended options last (0: none
    /// vended).
    std::unique_ptr<CatalogServerProcess> startServer(const QString &name, const Store &store,
                                                      int vend, bool latest = true,
                                                      const QString &bucket = u"lance"_s);
    /// Opens the window on `server`, `events` selected and its `versions` listed.
    [[nodiscard]] bool open(BrowserApplication &app, const CatalogServerProcess &server,
                            int versions = 13);
    /// Opens the window on `server` through a saved profile whose storage options reach Azurite,
    /// with `accountKey` as its key in the keychain; `events` selected and its versions listed.
    [[nodiscard]] bool openProfile(BrowserApplication &app, const CatalogServerProcess &server,
                                   const QString &accountKey);
    /// LanceDB's schema of the latest version as schemaFields() shows it.
    QStringList lanceDbSchema() const;
    /// The Schema tab's fields as "name: type, #id", once its caption contains `caption`.
    static QStringList schemaFields(BrowserApplication &app, const QString &caption);
    /// The Compare Versions report of `from` against `to`, its text, or empty after a timeout.
    static QString compare(BrowserApplication &app, qint64 from, qint64 to);
    /// Saves the window's picture as `name` (in LCB_SCREENSHOT_DIR when set).
    void saveShot(BrowserApplication &app, const QString &name);
    /// Every secret a store was reached with.
    QStringList secrets() const;
    /// Fails when a secret (those of secrets() and `more`) is in the settings, the request log
    /// or the window's files.
    void checkNoSecretLeft(BrowserApplication &app, const QStringList &more = {});

    QTemporaryDir m_dir;
    Store m_s3;
    Store m_azure;
    QString m_lake;        //!< LanceDB's table, the copy the versions were staged from
    QByteArray m_staged;   //!< the batch that registers LanceDB's versions of `events`
    QJsonObject m_history; //!< what LanceDB reports of each version
    std::optional<StagingTestbed> m_bed;
};

void TestTableOnStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    lance::test::TestConnections::disableKeychain();
    // Nothing of this machine's own reaches a store: only what a server vends, or nothing.
    for (const char *name : {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_ENDPOINT",
                             "AZURE_STORAGE_ACCOUNT_NAME", "AZURE_STORAGE_ACCOUNT_KEY",
                             "AZURE_STORAGE_SAS_TOKEN", "AZURE_STORAGE_ENDPOINT"}) {
        qunsetenv(name);
    }
    qputenv("HOME", QFile::encodeName(m_dir.path())); // no ~/.aws of the person running this
    QVERIFY2(m_s3.emulator.startS3({u"lance"_s}), qPrintable(m_s3.emulator.errorText()));
    m_s3.options
        = {{u"aws_access_key_id"_s, QString::fromLatin1(StorageEmulator::S3AccessKeyId)},
           {u"aws_secret_access_key"_s, QString::fromLatin1(StorageEmulator::S3SecretAccessKey)},
           {u"aws_endpoint"_s, m_s3.emulator.endpoint().toString()},
           {u"aws_region"_s, u"us-east-1"_s},
           {u"allow_http"_s, u"true"_s}};
    // A container of its own for each test of the profile's options: a manifest read once
    // stays in this process's cache (by URI and e-tag), and theirs must be read on the store.
    QVERIFY2(m_azure.emulator.startAzurite({u"lance"_s, u"profiled"_s, u"refused"_s, u"restored"_s,
                                            u"branched"_s, u"cleaned"_s}),
             qPrintable(m_azure.emulator.errorText()));
    m_azure.options = {
        {u"azure_storage_account_name"_s, QString::fromLatin1(StorageEmulator::AzuriteAccount)},
        {u"azure_storage_account_key"_s, QString::fromLatin1(StorageEmulator::AzuriteAccountKey)},
        {u"azure_storage_endpoint"_s, m_azure.emulator.azuriteAccountUrl().toString()},
        {u"allow_http"_s, u"true"_s}};

    m_lake = m_dir.filePath(u"lake"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(StoreHistory + u"/events.lance"_s, m_lake,
                                                u"events.lance"_s));
    QVERIFY(fill(m_s3, u"s3://lance"_s));
    QVERIFY(fill(m_azure, u"az://lance"_s));
    QVERIFY(fill(m_azure, u"az://profiled"_s));
    QVERIFY(fill(m_azure, u"az://refused"_s));
    QVERIFY(fill(m_azure, u"az://restored"_s)); // changed by the restore
    QVERIFY(fill(m_azure, u"az://branched"_s)); // and by a branch
    QVERIFY(fill(m_azure, u"az://cleaned"_s));  // and by a cleanup
    // The versions as LanceDB wrote them, staged once from the copy here; the batch names
    // the manifests by their place on a store (`--map`), replaced for each store below.
    const CliRun staged
        = CliRun::run({u"stage-manifests"_s, u"events"_s, m_lake + u"/events.lance"_s, u"--map"_s,
                       m_lake + u"=az://lance"_s});
    QVERIFY2(staged.exitCode == 0, qPrintable(staged.err));
    m_staged = staged.out.toUtf8();
    m_history = QJsonDocument::fromJson(
                    lance::test::TestData::read(u"lance/"_s + StoreHistory + u"/history.json"_s))
                    .object();
    QCOMPARE(m_history[u"versions"].toArray().size(), 13);
}

std::shared_ptr<lance::storage::ObjectStore> TestTableOnStore::openStore(const Store &store,
                                                                         const QString &uri)
{
    auto opened
        = lance::storage::StoreFactory::open(*lance::storage::StorageUri::parse(uri),
                                             *lance::storage::StorageOptions::fromJson(
                                                 QJsonDocument(store.options).toJson(), u"test"_s));
    if (!opened) {
        qWarning("%s", qPrintable(opened.error().message()));
        return {};
    }
    return *opened;
}

bool TestTableOnStore::fill(Store &store, const QString &uri)
{
    const auto opened = openStore(store, uri);
    return opened && lance::test::LanceFixture::upload(m_lake, *opened);
}

void TestTableOnStore::init()
{
    m_bed.emplace(); // the window's own settings, data and config folders
    QVERIFY(m_bed->isValid());
}

void TestTableOnStore::cleanup()
{
    m_bed.reset();
}

std::unique_ptr<CatalogServerProcess> TestTableOnStore::startServer(const QString &name,
                                                                    const Store &store, int vend,
                                                                    bool latest,
                                                                    const QString &bucket)
{
    const QString optionsFile = m_dir.filePath(name + u".json"_s);
    QFile file(optionsFile);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QJsonDocument(store.options).toJson()) <= 0) {
        return {};
    }
    file.close();
    QStringList arguments{u"--storage-options-file"_s, optionsFile};
    if (vend > 0) {
        arguments << u"--vend-credentials"_s << QString::number(vend);
    }
    auto server = std::make_unique<CatalogServerProcess>();
    if (!server->start(m_dir.filePath(name), arguments)) {
        qWarning("%s", qPrintable(server->standardError()));
        return {};
    }
    QByteArray batch = m_staged;
    batch.replace("az://lance/",
                  ((&store == &m_s3 ? u"s3://"_s : u"az://"_s) + bucket + u'/').toUtf8());
    if (!latest) {
        QJsonObject request = QJsonDocument::fromJson(batch).object();
        QJsonArray operations = request[u"operations"_s].toArray();
        operations.removeLast();
        request[u"operations"_s] = operations;
        batch = QJsonDocument(request).toJson();
    }
    const CliRun commit
        = CliRun::run({u"--url"_s, server->url().toString(), u"commit"_s, u"-"_s}, {}, batch);
    if (commit.exitCode != 0) {
        qWarning("%s", qPrintable(commit.err + commit.out));
        return {};
    }
    return server;
}

bool TestTableOnStore::open(BrowserApplication &app, const CatalogServerProcess &server,
                            int versions)
{
    QSignalSpy ready(&app, &BrowserApplication::ready);
    app.setPrompter(&m_bed->prompter());
    if (app.start({u"lance-catalog-browser"_s, u"--settings"_s, m_bed->filePath(u"settings.ini"_s),
                   u"--url"_s, server.url().toString()})
        || !(ready.count() == 1 || ready.wait(TimeoutMs))) {
        return false;
    }
    app.window()->resize(1200, 760);
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    workspace->select(lance::api::Identifier({u"events"_s}));
    return QTest::qWaitFor(
        [workspace, versions] {
            return workspace->versionModel()->state() == TableVersionModel::State::Loaded
                   && workspace->versionModel()->rowCount() == versions;
        },
        TimeoutMs);
}

QStringList TestTableOnStore::lanceDbSchema() const
{
    // In Lance's type names, with the field ids of that manifest (numbered afresh by the
    // overwrite of version 9).
    const QHash<QString, QString> lanceTypes{
        {u"Int32"_s, u"int32"_s}, {u"Utf8"_s, u"string"_s}, {u"Float64"_s, u"double"_s}};
    const QList<int> ids{0, 1, 2};
    QStringList expected;
    const QJsonArray schema = m_history[u"versions"][12][u"schema"].toArray();
    for (qsizetype i = 0; i < schema.size(); ++i) {
        expected << schema[i][u"name"].toString() + u": "_s
                        + lanceTypes.value(schema[i][u"type"].toString()) + u", #"_s
                        + QString::number(ids.value(i));
    }
    return expected;
}

bool TestTableOnStore::openProfile(BrowserApplication &app, const CatalogServerProcess &server,
                                   const QString &accountKey)
{
    using lance::connection::ProfileStorage;
    const QString name = u"Lake on Azure"_s;
    {
        QSettings settings(m_bed->filePath(u"settings.ini"_s), QSettings::IniFormat);
        lance::connection::ProfileStore profiles(settings);
        lance::connection::ConnectionProfile profile = lance::test::TestConnections::restProfile(
            server.url(), lance::rest::AuthMethod::None, name);
        // What the dialog saves: the plain options, and the names of those in the keychain.
        for (auto it = m_azure.options.begin(); it != m_azure.options.end(); ++it) {
            if (!ProfileStorage::isSecretKey(it.key())) {
                profile.storage.set(lance::storage::StorageUri::Scheme::Azure, it.key(),
                                    it.value().toString());
            }
        }
        profile.storageSecrets = {u"az.azure_storage_account_key"_s};
        if (!profiles.add(profile)) {
            return false;
        }
    }
    QSignalSpy ready(&app, &BrowserApplication::ready);
    app.setPrompter(&m_bed->prompter());
    if (app.start({u"lance-catalog-browser"_s, u"--settings"_s, m_bed->filePath(u"settings.ini"_s),
                   u"--local"_s, m_bed->filePath(u"empty"_s)})
        || !(ready.count() == 1 || ready.wait(TimeoutMs))) {
        return false;
    }
    ProfileStorage secrets;
    secrets.set(lance::storage::StorageUri::Scheme::Azure, u"azure_storage_account_key"_s,
                accountKey);
    bool written = false;
    app.switcher()->secrets().writeSecret(ProfileStorage::secretEntry(name),
                                          QString::fromUtf8(secrets.toSecretJson()), &app,
                                          [&written](bool) { written = true; });
    if (!QTest::qWaitFor([&written] { return written; }, TimeoutMs)) {
        return false;
    }
    QSignalSpy checked(&app, &BrowserApplication::catalogChecked);
    app.switcher()->openProfile(name);
    if (!checked.wait(TimeoutMs) || !app.session()->workspace()) {
        return false;
    }
    app.window()->resize(1200, 760);
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    workspace->select(lance::api::Identifier({u"events"_s}));
    return QTest::qWaitFor(
        [workspace] {
            return workspace->versionModel()->state() == TableVersionModel::State::Loaded
                   && workspace->versionModel()->rowCount() == 13;
        },
        TimeoutMs);
}

QStringList TestTableOnStore::schemaFields(BrowserApplication &app, const QString &caption)
{
    lance::ui::DetailsPanel *details = app.session()->workspace()->detailsPanel();
    app.window()->detailsTabs()->setCurrentWidget(details);
    auto *schema = details->findChild<SchemaView *>();
    auto *tabs = details->findChild<QTabWidget *>(u"detailsTabs"_s);
    tabs->setCurrentWidget(schema);
    auto *label = schema->findChild<QLabel *>(u"schemaCaption"_s);
    if (!QTest::qWaitFor([&] { return label->text().contains(caption); }, TimeoutMs)) {
        qWarning("Schema caption: %s", qPrintable(label->text()));
        return {};
    }
    QStringList fields;
    QTreeWidget *tree = schema->tree();
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = tree->topLevelItem(i);
        fields << item->text(SchemaView::NameColumn) + u": "_s + item->text(SchemaView::TypeColumn)
                      + u", #"_s + item->text(SchemaView::IdColumn);
    }
    return fields;
}

QString TestTableOnStore::compare(BrowserApplication &app, qint64 from, qint64 to)
{
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    app.window()->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
    StagingTestbed::selectVersions(app, {from, to});
    StagingTestbed::action(app, lance::ui::WindowActions::Id::CompareVersions)->trigger();
    lance::ui::CompareVersionsDialog *dialog = StagingTestbed::shownCompareDialog(TimeoutMs);
    if (!dialog) {
        return {};
    }
    const QString text = dialog->reportText();
    dialog->close();
    return text;
}

void TestTableOnStore::saveShot(BrowserApplication &app, const QString &name)
{
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(app.window()->grab().toImage().save(QDir(folder).filePath(name)));
}

QStringList TestTableOnStore::secrets() const
{
    return {QString::fromLatin1(StorageEmulator::AzuriteAccountKey),
            QString::fromLatin1(StorageEmulator::S3SecretAccessKey) + u"\""_s};
}

void TestTableOnStore::checkNoSecretLeft(BrowserApplication &app, const QStringList &more)
{
    QBuffer log;
    QVERIFY(log.open(QIODevice::WriteOnly));
    QVERIFY(app.switcher()->requestLog().saveJsonLines(log));
    QVERIFY(app.switcher()->requestLog().rowCount() > 0);
    app.settings()->sync();
    QStringList files{m_bed->filePath(u"settings.ini"_s)};
    QDirIterator written(m_bed->filePath({}), QDir::Files | QDir::Hidden,
                         QDirIterator::Subdirectories);
    while (written.hasNext()) {
        files << written.next();
    }
    for (const QString &secret : secrets() + more) {
        QVERIFY2(!log.data().contains(secret.toUtf8()), qPrintable(secret));
        for (const QString &path : std::as_const(files)) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains(secret.toUtf8()), qPrintable(path));
        }
    }
}

void TestTableOnStore::readsTheTableOnItsStore_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("s3") << u"s3"_s;
    QTest::newRow("azure") << u"azure"_s;
}

void TestTableOnStore::readsTheTableOnItsStore()
{
    QFETCH(QString, backend);
    auto server = startServer(u"vending-"_s + backend, backend == u"s3"_s ? m_s3 : m_azure, 600);
    QVERIFY(server);
    BrowserApplication app;
    QVERIFY(open(app, *server));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();

    // The Schema tab: the latest manifest, read from the store here, with Lance's field ids
    // (what no server's description carries).
    QCOMPARE(schemaFields(app, u"read from its manifest"_s), lanceDbSchema());
    QVERIFY(lance::test::SettledLayout::wait(*app.window()));
    if (backend == u"azure"_s) {
        saveShot(app, u"browser-store-schema.png"_s);
    }

    // The Versions view: what each version holds, as LanceDB reports it.
    TableVersionModel *model = workspace->versionModel();
    for (int row = 0; row < model->rowCount(); ++row) {
        const lance::api::TableVersion &version = model->versionAt(row);
        // Shown as the object's URI, not as a path of this machine.
        const QString shown
            = model->index(row, TableVersionModel::ManifestPathColumn).data().toString();
        QVERIFY2(shown.startsWith(backend.left(2) + u"://lance/events.lance/_versions/"_s),
                 qPrintable(shown));
        const QJsonObject theirs
            = m_history[u"versions"].toArray().at(version.version - 1)[u"metadata"].toObject();
        for (auto it = theirs.begin(); it != theirs.end(); ++it) {
            QCOMPARE(version.metadata.value(it.key()), it.value().toString());
        }
    }

    if (backend == u"azure"_s) {
        app.window()->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
        QVERIFY(lance::test::SettledLayout::wait(*app.window()));
        saveShot(app, u"browser-store-versions.png"_s);
    }

    // The Rows tab: the latest version's rows, which the server reads from the store (its
    // QueryTable), as LanceDB counted them.
    lance::ui::DetailsPanel *details = workspace->detailsPanel();
    details->findChild<QTabWidget *>(u"detailsTabs"_s)->setCurrentWidget(details->rowsView());
    lance::catalog::TableRowsModel *rows = details->rowsView()->model();
    QTRY_VERIFY_WITH_TIMEOUT(!rows->isLoading() && rows->rowCount() > 0, 20000);
    QVERIFY2(rows->problem().isEmpty(), qPrintable(rows->problem()));
    QCOMPARE(rows->rowCount(), m_history[u"versions"].toArray().at(12)[u"rows"].toInt());
    QCOMPARE(rows->headerData(1, Qt::Horizontal).toString(), u"id"_s);

    // Compare Versions reads both manifests from the store.
    const QString rename = compare(app, 6, 7);
    QVERIFY2(rename.contains(u"column renamed: kind → category"_s), qPrintable(rename));
    const QString overwrite = compare(app, 8, 9);
    QVERIFY2(overwrite.contains(u"table overwritten: 90 rows replaced by 25"_s),
             qPrintable(overwrite));

    // The Request Log lists the store's requests beside the catalog's: each read of a
    // manifest by the object's URI, with its status and duration.
    const lance::activity::RequestLog &log = app.switcher()->requestLog();
    const QString manifests = backend.left(2) + u"://lance/events.lance/_versions/"_s;
    int reads = 0;
    for (int row = 0; row < log.rowCount(); ++row) {
        const auto cell = [&log, row](int column) {
            return log.index(row, column).data().toString();
        };
        if (cell(lance::activity::RequestLog::UrlColumn).startsWith(manifests)) {
            QVERIFY2(cell(lance::activity::RequestLog::StatusColumn).startsWith(u"20"_s),
                     qPrintable(cell(lance::activity::RequestLog::StatusColumn)));
            QVERIFY(!cell(lance::activity::RequestLog::ElapsedColumn).isEmpty());
            // Azure has no suffix ranges: a HEAD for the size, then a GET of the tail.
            reads += cell(lance::activity::RequestLog::MethodColumn) == u"GET"_s;
        }
    }
    QVERIFY2(reads >= 3, qPrintable(QString::number(reads))); // three manifests at least
    checkNoSecretLeft(app);
}

void TestTableOnStore::expiringCredentialsAreRenewed()
{
    // Options that expire two seconds after each DescribeTable: the window asks again before
    // then while the table shows, and reads with the new ones.
    auto server = startServer(u"brief"_s, m_azure, 2);
    QVERIFY(server);
    BrowserApplication app;
    QVERIFY(open(app, *server));
    QCOMPARE(schemaFields(app, u"read from its manifest"_s).size(), 3);
    const auto describes = [&app] {
        const lance::activity::RequestLog &log = app.switcher()->requestLog();
        int count = 0;
        for (int row = 0; row < log.rowCount(); ++row) {
            count += log.index(row, lance::activity::RequestLog::OperationColumn).data().toString()
                     == u"DescribeTable"_s;
        }
        return count;
    };
    const int before = describes();
    QTest::qWait(4500); // twice past the first options' end
    QVERIFY2(describes() >= before + 2, qPrintable(QString::number(describes() - before)));
    const QString overwrite = compare(app, 8, 9);
    QVERIFY2(overwrite.contains(u"table overwritten: 90 rows replaced by 25"_s),
             qPrintable(overwrite));
    checkNoSecretLeft(app);
}

void TestTableOnStore::aStoreItCannotReachIsSaidOnTheTable()
{
    // A server that vends nothing, and nothing here that reaches the store: the window says
    // which options would, on the table; the versions and the catalog's schema still show.
    auto server = startServer(u"quiet"_s, m_azure, 0);
    QVERIFY(server);
    BrowserApplication app;
    QVERIFY(open(app, *server));
    QVERIFY(!schemaFields(app, u"azure_storage_account_name"_s).isEmpty());
    auto *caption
        = app.session()->workspace()->detailsPanel()->findChild<QLabel *>(u"schemaCaption"_s);
    QVERIFY2(caption->text().contains(u"az://lance/events.lance"_s), qPrintable(caption->text()));
    // On the Versions view too, above the versions the server listed with their facts.
    lance::ui::VersionsPanel *versions = app.session()->workspace()->versionsPanel();
    app.window()->detailsTabs()->setCurrentWidget(versions);
    const auto *note = versions->findChild<lance::ui::InlineNote *>(u"versionsStoreProblem"_s);
    QVERIFY(note && note->isVisible());
    QVERIFY2(note->text().contains(u"azure_storage_account_name"_s), qPrintable(note->text()));
    TableVersionModel *model = app.session()->workspace()->versionModel();
    QCOMPARE(model->versionAt(0).metadata.value(u"total_rows"_s), u"40"_s);
    QVERIFY(lance::test::SettledLayout::wait(*app.window()));
    saveShot(app, u"browser-store-unreachable.png"_s);
    checkNoSecretLeft(app);
}

void TestTableOnStore::aManifestOnTheStoreIsRegisteredByItsUri()
{
    // The catalog has versions 1 to 12; LanceDB's version 13 is on the store already. Register
    // Manifest from URI reads it there, checks it as a dropped file, and stages it by its URI,
    // a row above the listed ones with what it holds.
    auto server = startServer(u"partial"_s, m_azure, 600, false);
    QVERIFY(server);
    BrowserApplication app;
    QVERIFY(open(app, *server, 12));
    const QJsonArray operations
        = QJsonDocument::fromJson(m_staged).object()[u"operations"_s].toArray();
    const QString latest
        = operations.last()[u"create_table_version"_s][u"manifest_path"_s].toString();
    QAction *action
        = StagingTestbed::action(app, lance::ui::WindowActions::Id::RegisterManifestUri);
    QVERIFY(action->isEnabled());

    // A manifest of another table, and a file of this machine, are refused before anything.
    m_bed->prompter().answerText(u"az://lance/other.lance/_versions/1.manifest"_s);
    m_bed->prompter().answerChoice(u"Cancel"_s);
    action->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_bed->prompter().hasPendingAnswers(), false, TimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(
        m_bed->prompter().lastQuestion().details.contains(u"is not a manifest of this table"_s),
        TimeoutMs);
    QCOMPARE(m_bed->prompter().lastQuestion().title, u"Register Manifest from URI"_s);
    m_bed->prompter().answerText(m_lake + u"/events.lance/_versions/x.manifest"_s);
    action->trigger();
    QVERIFY2(m_bed->prompter().lastTextProblem().contains(u"s3://, az:// or gs://"_s),
             qPrintable(m_bed->prompter().lastTextProblem()));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    QCOMPARE(changes.count(), 0);

    m_bed->prompter().answerText(latest);
    action->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(changes.count(), 1, TimeoutMs);
    const auto *create
        = std::get_if<lance::api::CreateTableVersionRequest>(&changes.stagedAt(0).operation);
    QVERIFY(create);
    QCOMPARE(create->version, 13);
    QCOMPARE(create->manifestPath, latest);
    TableVersionModel *model = app.session()->workspace()->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 13, TimeoutMs);
    QVERIFY(model->isStaged(0));
    // What it holds, read on the store: LanceDB's 40 rows.
    QTRY_COMPARE_WITH_TIMEOUT(model->versionAt(0).metadata.value(u"total_rows"_s), u"40"_s,
                              TimeoutMs);
    QCOMPARE(m_bed->prompter().unanswered(), 0);
}

void TestTableOnStore::theProfilesStorageOptionsReachTheStore()
{
    // The server vends nothing; the profile's Storage options reach Azurite, which checks the
    // signature of every request, with the account key kept in the keychain.
    auto server = startServer(u"profiled"_s, m_azure, 0, true, u"profiled"_s);
    QVERIFY(server);
    BrowserApplication app;
    QVERIFY(openProfile(app, *server, QString::fromLatin1(StorageEmulator::AzuriteAccountKey)));
    QCOMPARE(schemaFields(app, u"read from its manifest"_s), lanceDbSchema());
    lance::ui::VersionsPanel *versions = app.session()->workspace()->versionsPanel();
    QVERIFY(!versions->findChild<lance::ui::InlineNote *>(u"versionsStoreProblem"_s)->isVisible());
    const QString overwrite = compare(app, 8, 9);
    QVERIFY2(overwrite.contains(u"table overwritten: 90 rows replaced by 25"_s),
             qPrintable(overwrite));
    // The manifests were read on the store, as the Request Log shows.
    const lance::activity::RequestLog &log = app.switcher()->requestLog();
    bool read = false;
    for (int row = 0; row < log.rowCount() && !read; ++row) {
        read = log.index(row, lance::activity::RequestLog::UrlColumn)
                   .data()
                   .toString()
                   .startsWith(u"az://profiled/events.lance/_versions/"_s)
               && log.index(row, lance::activity::RequestLog::StatusColumn)
                      .data()
                      .toString()
                      .startsWith(u"20"_s);
    }
    QVERIFY(read);
    checkNoSecretLeft(app);
}

void TestTableOnStore::aWrongKeyInTheProfileIsExplainedOnTheTable()
{
    // A key Azurite refuses: the Schema tab says which manifest was refused and names the
    // options to check; the versions the server listed still show.
    auto server = startServer(u"refused"_s, m_azure, 0, true, u"refused"_s);
    QVERIFY(server);
    BrowserApplication app;
    const QByteArray wrong = QByteArray(64, 'k').toBase64();
    QVERIFY(openProfile(app, *server, QString::fromLatin1(wrong)));
    QVERIFY(!schemaFields(app, u"azure_storage_account_key"_s).isEmpty());
    auto *caption
        = app.session()->workspace()->detailsPanel()->findChild<QLabel *>(u"schemaCaption"_s);
    QVERIFY2(caption->text().contains(u"az://refused/events.lance/_versions/"_s),
             qPrintable(caption->text()));
    QCOMPARE(app.session()->workspace()->versionModel()->rowCount(), 13);
    checkNoSecretLeft(app, {QString::fromLatin1(wrong)});
}

void TestTableOnStore::theConnectionDialogKeepsAndTestsStorageOptions()
{
    // Manage Connections on a server that vends nothing: Test Storage says what is missing,
    // then lists the table's _versions/ with the options typed; Save keeps the key in the
    // keychain and the rest in the settings, and the key follows a rename and a removal.
    using lance::connection::ProfileStorage;
    auto server = startServer(u"dialog"_s, m_azure, 0, true, u"profiled"_s);
    QVERIFY(server);
    const QString settingsFile = m_bed->filePath(u"dialog.ini"_s);
    QSettings settings(settingsFile, QSettings::IniFormat);
    lance::connection::ProfileStore profiles(settings);
    LCB_VERIFY_OK(profiles.add(lance::test::TestConnections::restProfile(
        server->url(), lance::rest::AuthMethod::None, u"Lake"_s)));
    lance::connection::SecretStore secrets(lance::test::TestConnections::KeychainService);
    const auto readEntry = [&secrets](const QString &entry) {
        std::optional<QString> value;
        bool answered = false;
        QObject context;
        secrets.readSecret(entry, &context, [&](std::optional<QString> read) {
            value = std::move(read);
            answered = true;
        });
        // Unanswered reads as "(no answer)", which no comparison below accepts.
        if (!QTest::qWaitFor([&answered] { return answered; }, TimeoutMs)) {
            return std::optional<QString>(u"(no answer)"_s);
        }
        return value;
    };

    lance::ui::ProfilesDialog dialog(profiles, secrets, m_bed->prompter());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *test = dialog.findChild<QPushButton *>(u"testStorageButton"_s);
    auto *note = dialog.findChild<lance::ui::InlineNote *>(u"storageNote"_s);
    QVERIFY(test && note && test->isVisible());
    test->click();
    QTRY_VERIFY_WITH_TIMEOUT(!note->text().startsWith(u"Looking"_s), TimeoutMs);
    QVERIFY2(note->kind() == lance::ui::InlineNote::Kind::Warning
                 && note->text().contains(u"azure_storage_account_name"_s),
             qPrintable(note->text()));

    const auto field = [&dialog](const QString &key) {
        return dialog.findChild<QLineEdit *>(u"storage.az."_s + key);
    };
    const QString key = QString::fromLatin1(StorageEmulator::AzuriteAccountKey);
    field(u"azure_storage_account_name"_s)
        ->setText(m_azure.options[u"azure_storage_account_name"_s].toString());
    field(u"azure_storage_endpoint"_s)
        ->setText(m_azure.options[u"azure_storage_endpoint"_s].toString());
    field(u"azure_storage_account_key"_s)->setText(key);
    emit field(u"azure_storage_account_key"_s)->textEdited(key);
    dialog.findChild<QCheckBox *>(u"storage.az.allow_http"_s)->setChecked(true);
    QVERIFY(dialog.editor()->isModified());
    test->click();
    QTRY_VERIFY_WITH_TIMEOUT(note->text().startsWith(u"Listed"_s), TimeoutMs);
    QCOMPARE(note->text(),
             u"Listed 13 manifests of events in az://profiled/events.lance/_versions/."_s);
    dialog.findChild<QTabWidget *>(u"storageTabs"_s)->setCurrentIndex(1); // as a person would
    QVERIFY(lance::test::SettledLayout::wait(dialog));
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(dialog.grab().toImage().save(QDir(folder).filePath(u"connection-storage.png"_s)));

    LCB_VERIFY_OK(dialog.save());
    const auto saved = profiles.profile(u"Lake"_s);
    QVERIFY(saved);
    QCOMPARE(saved->storage.options(lance::storage::StorageUri::Scheme::Azure)
                 .value(u"azure_storage_account_name"_s),
             m_azure.options[u"azure_storage_account_name"_s].toString());
    QCOMPARE(saved->storageSecrets, QStringList{u"az.azure_storage_account_key"_s});
    settings.sync();
    QFile file(settingsFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains(key.toUtf8()));
    QCOMPARE(ProfileStorage::fromSecretJson(
                 readEntry(ProfileStorage::secretEntry(u"Lake"_s)).value_or(QString()).toUtf8())
                 .options(lance::storage::StorageUri::Scheme::Azure)
                 .value(u"azure_storage_account_key"_s),
             key);

    // Shown again from the keychain; then renamed and removed with the profile.
    lance::ui::ProfilesDialog again(profiles, secrets, m_bed->prompter());
    auto *keyField = again.findChild<QLineEdit *>(u"storage.az.azure_storage_account_key"_s);
    QTRY_COMPARE_WITH_TIMEOUT(keyField->text(), key, TimeoutMs);
    QVERIFY(!again.editor()->isModified());
    auto *name = again.findChild<QLineEdit *>(u"nameEdit"_s);
    name->setText(u"Lake on Azure"_s);
    emit name->textEdited(name->text());
    LCB_VERIFY_OK(again.save());
    QTRY_COMPARE_WITH_TIMEOUT(readEntry(ProfileStorage::secretEntry(u"Lake"_s)), std::nullopt,
                              TimeoutMs);
    QVERIFY(readEntry(ProfileStorage::secretEntry(u"Lake on Azure"_s))
                .value_or(QString())
                .contains(key));
    m_bed->prompter().answerChoice(u"Remove"_s);
    again.findChild<QPushButton *>(u"removeProfileButton"_s)->click();
    QTRY_COMPARE_WITH_TIMEOUT(readEntry(ProfileStorage::secretEntry(u"Lake on Azure"_s)),
                              std::nullopt, TimeoutMs);
}

void TestTableOnStore::aVersionStagedByItsUriIsCheckedOnTheStore()
{
    // A version staged with a manifest named by its URI (typed, imported, or brought back by
    // the journal) is read on the table's store while it is staged: what the catalog would
    // refuse blocks its row and Commit, as for a file of this machine.
    auto server = startServer(u"checked"_s, m_azure, 600);
    QVERIFY(server);
    BrowserApplication app;
    QVERIFY(open(app, *server));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    const QString versions = u"az://lance/events.lance/_versions/"_s;
    const auto problemOf = [&](const QString &uri, qint64 version) {
        changes.discardAll();
        lance::api::CreateTableVersionRequest create;
        create.id = lance::api::Identifier({u"events"_s});
        create.version = version;
        create.manifestPath = uri;
        if (!changes.stage(create)) {
            return u"(not staged)"_s;
        }
        QString found;
        if (!QTest::qWaitFor(
                [&] {
                    for (const auto &problem : changes.problemsAt(0)) {
                        if (problem.isBlocking()) {
                            found = problem.message;
                        }
                    }
                    return !found.isEmpty();
                },
                TimeoutMs)) {
            return u"(no problem)"_s;
        }
        return found;
    };
    QCOMPARE(problemOf(versions + u"18446744073709551601.manifest"_s, 14),
             u"The manifest "_s + versions + u"18446744073709551601.manifest does not exist."_s);
    QCOMPARE(problemOf(versions + u"18446744073709551602.manifest"_s, 14),
             u"The manifest "_s + versions
                 + u"18446744073709551602.manifest is of version 13, not 14."_s);
    const QString elsewhere = problemOf(u"az://lance/other.lance/_versions/1.manifest"_s, 14);
    QVERIFY2(elsewhere.contains(u"is not a manifest of this table"_s), qPrintable(elsewhere));
    QVERIFY(changes.hasBlockingProblems());
    // LanceDB's version 13, staged again as 13: read, and nothing blocks (the catalog says it
    // exists already, which is not the manifest's fault).
    changes.discardAll();
    lance::api::CreateTableVersionRequest again;
    again.id = lance::api::Identifier({u"events"_s});
    again.version = 13;
    again.manifestPath = versions + u"18446744073709551602.manifest"_s;
    LCB_VERIFY_OK(changes.stage(again));
    QTRY_VERIFY_WITH_TIMEOUT(
        changes.knownState().manifestProblem(again.manifestPath, 13).has_value(), TimeoutMs);
    QCOMPARE(*changes.knownState().manifestProblem(again.manifestPath, 13), QString());
}

void TestTableOnStore::aVersionIsRestoredOnTheStore()
{
    // Restore Version on LanceDB's table on Azurite: version 1 staged as 14, its files kept
    // here until the commit writes them beside version 1's on the store; the catalog then
    // holds version 14 with what LanceDB reported of version 1.
    auto server = startServer(u"restoring"_s, m_azure, 600, true, u"restored"_s);
    QVERIFY(server);
    BrowserApplication app;
    QVERIFY(open(app, *server));
    auto *restorer = app.session()->findChild<lance::ui::VersionRestoreController *>();
    QVERIFY(restorer);
    QSignalSpy finished(restorer, &lance::ui::VersionRestoreController::finished);
    app.window()->detailsTabs()->setCurrentWidget(app.session()->workspace()->versionsPanel());
    StagingTestbed::selectVersions(app, {1});
    m_bed->prompter().answerChoice(u"Stage Restore"_s);
    StagingTestbed::action(app, lance::ui::WindowActions::Id::RestoreVersion)->trigger();
    QVERIFY(finished.count() == 1 || finished.wait(TimeoutMs));
    QVERIFY2(finished.first().first().toBool(), qPrintable(m_bed->prompter().lastQuestion().text));

    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    QCOMPARE(changes.count(), 1);
    const auto *create
        = std::get_if<lance::api::CreateTableVersionRequest>(&changes.stagedAt(0).operation);
    QVERIFY(create);
    QCOMPARE(create->version, 14);
    const QString versions = u"az://restored/events.lance/_versions/"_s;
    QVERIFY2(create->manifestPath.startsWith(versions + u"18446744073709551601.manifest-"_s),
             qPrintable(create->manifestPath));
    // Nothing on the store yet; the staged row reads the kept copy: version 1's rows.
    const auto store = openStore(m_azure, u"az://restored"_s);
    QVERIFY(store);
    const QString stagedKey = create->manifestPath.mid(QString(u"az://restored/"_s).size());
    QVERIFY(!store->read(stagedKey, lance::storage::CallControl()));
    TableVersionModel *model = app.session()->workspace()->versionModel();
    const QJsonObject first = m_history[u"versions"].toArray().at(0)[u"metadata"].toObject();
    QTRY_COMPARE_WITH_TIMEOUT(model->versionAt(0).metadata.value(u"total_rows"_s),
                              first[u"total_rows"].toString(), TimeoutMs);

    // Committed: the files go to the store, the catalog moves the manifest to its final name.
    auto *commits = app.session()->findChild<lance::ui::CommitController *>();
    QSignalSpy committed(commits, &lance::ui::CommitController::commitFinished);
    StagingTestbed::action(app, lance::ui::WindowActions::Id::Commit)->trigger();
    auto *review = app.window()->findChild<lance::ui::CommitReviewDialog *>();
    QVERIFY(review);
    QTest::mouseClick(review->findChild<QPushButton *>(u"commitButton"_s), Qt::LeftButton);
    QVERIFY(committed.count() == 1 || committed.wait(TimeoutMs));
    QVERIFY2(committed.first().first().toBool(), qPrintable(app.window()->messageBanner()->text()));
    QTRY_COMPARE_WITH_TIMEOUT(changes.count(), 0, TimeoutMs);
    QVERIFY(store->read(u"events.lance/_versions/18446744073709551601.manifest"_s,
                        lance::storage::CallControl()));
    // Version 14, read again from the catalog and its manifest on the store, holds what
    // LanceDB reported of version 1.
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 14, TimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!model->isStaged(0) && model->versionAt(0).version == 14, TimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(model->versionAt(0).metadata.contains(u"total_rows"_s), TimeoutMs);
    for (auto it = first.begin(); it != first.end(); ++it) {
        QCOMPARE(model->versionAt(0).metadata.value(it.key()), it.value().toString());
    }
    QCOMPARE(model->versionAt(0).metadata.value(u"restored_from_version"_s), u"1"_s);
    checkNoSecretLeft(app);
}

void TestTableOnStore::aBranchIsMadeAndReadOnTheStore()
{
    // New Branch at version 12 of LanceDB's table on Azurite: the server writes the branch on
    // the store; the window lists it, and reads its version's manifest there, with what
    // LanceDB reported of version 12. Delete Branch removes it.
    auto server = startServer(u"branching"_s, m_azure, 600, true, u"branched"_s);
    QVERIFY(server);
    BrowserApplication app;
    QVERIFY(open(app, *server));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    app.window()->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
    auto *branches = app.session()->findChild<lance::ui::BranchController *>();
    QVERIFY(branches);
    QAction *newBranch = StagingTestbed::action(app, lance::ui::WindowActions::Id::NewBranch);
    QTRY_VERIFY_WITH_TIMEOUT(newBranch->isEnabled(), TimeoutMs);
    QSignalSpy finished(branches, &lance::ui::BranchController::finished);
    StagingTestbed::selectVersions(app, {12});
    m_bed->prompter().answerText(u"audit"_s);
    newBranch->trigger();
    QVERIFY(finished.count() == 1 || finished.wait(TimeoutMs));
    TableVersionModel *model = workspace->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->branch(), std::optional(u"audit"_s), TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, TimeoutMs);
    QCOMPARE(model->versionAt(0).version, 12);
    const QJsonObject twelfth = m_history[u"versions"].toArray().at(11)[u"metadata"].toObject();
    QTRY_VERIFY_WITH_TIMEOUT(model->versionAt(0).metadata.contains(u"total_rows"_s), TimeoutMs);
    for (auto it = twelfth.begin(); it != twelfth.end(); ++it) {
        QCOMPARE(model->versionAt(0).metadata.value(it.key()), it.value().toString());
    }
    const QString shown = model->index(0, TableVersionModel::ManifestPathColumn).data().toString();
    QVERIFY2(shown.startsWith(u"az://branched/events.lance/"_s), qPrintable(shown));
    const auto store = openStore(m_azure, u"az://branched"_s);
    QVERIFY(store);
    const QString reference = u"events.lance/_refs/branches/audit.json"_s;
    QVERIFY(store->read(reference, lance::storage::CallControl()));

    // Deleted again: the list goes back to main.
    QAction *deleteBranch = StagingTestbed::action(app, lance::ui::WindowActions::Id::DeleteBranch);
    QTRY_VERIFY_WITH_TIMEOUT(deleteBranch->isEnabled(), TimeoutMs);
    finished.clear();
    m_bed->prompter().answerChoice(u"&Delete Branch"_s);
    deleteBranch->trigger();
    QVERIFY(finished.count() == 1 || finished.wait(TimeoutMs));
    QTRY_COMPARE_WITH_TIMEOUT(model->branch(), std::optional<QString>(), TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 13, TimeoutMs);
    QVERIFY(!store->read(reference, lance::storage::CallControl()));
    checkNoSecretLeft(app);
}

void TestTableOnStore::oldVersionsAreCleanedUpOnTheStore()
{
    // The Health tab, then Changes > Clean Up Old Versions…, on LanceDB's table on Azurite: the
    // server reads the table's folder and manifests on the store for both, and Clean Up removes
    // exactly the objects the preview listed; what the kept versions need stays.
    auto server = startServer(u"cleaning"_s, m_azure, 600, true, u"cleaned"_s);
    QVERIFY(server);
    BrowserApplication app;
    QVERIFY(open(app, *server));
    // The Health tab first: every version kept, every file needed.
    lance::ui::DetailsPanel *details = app.session()->workspace()->detailsPanel();
    app.window()->detailsTabs()->setCurrentWidget(details);
    auto *tabs = details->findChild<QTabWidget *>(u"detailsTabs"_s);
    QVERIFY(tabs);
    tabs->setCurrentWidget(tabs->findChild<QWidget *>(u"healthScroll"_s));
    auto *comparison = tabs->findChild<QTableWidget *>(u"healthComparison"_s);
    QVERIFY(comparison);
    const auto keptVersions = [comparison] {
        return comparison->isHidden() || !comparison->item(0, 2) ? QString()
                                                                 : comparison->item(0, 2)->text();
    };
    QTRY_COMPARE_WITH_TIMEOUT(keptVersions(), u"13"_s, TimeoutMs);
    QVERIFY2(tabs->findChild<QLabel *>(u"healthFiles"_s)
                 ->text()
                 .contains(u"Every file of the table's folder is needed"_s),
             qPrintable(tabs->findChild<QLabel *>(u"healthFiles"_s)->text()));

    auto *controller = app.session()->findChild<lance::ui::CleanupController *>();
    QVERIFY(controller);
    QAction *action = StagingTestbed::action(app, lance::ui::WindowActions::Id::CleanUpVersions);
    QTRY_VERIFY_WITH_TIMEOUT(action->isEnabled(), TimeoutMs);
    action->trigger();
    lance::ui::CleanupDialog *dialog = controller->dialog();
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isBusy() && dialog->plan(), TimeoutMs);
    // Uploaded today: nothing is older than the default 7 days.
    QVERIFY(dialog->plan()->removedVersions.isEmpty());
    const auto *where = dialog->findChild<QLabel *>(u"cleanupLocation"_s);
    QVERIFY(where);
    QVERIFY2(where->text().contains(u"az://cleaned/events.lance"_s), qPrintable(where->text()));
    QSignalSpy previewed(dialog, &lance::ui::CleanupDialog::previewed);
    dialog->findChild<QCheckBox *>(u"cleanupOlderThan"_s)->setChecked(false);
    dialog->findChild<QCheckBox *>(u"cleanupKeep"_s)->setChecked(true);
    dialog->findChild<QSpinBox *>(u"cleanupKeepCount"_s)->setValue(3);
    QTRY_VERIFY_WITH_TIMEOUT(previewed.size() > 0 && !dialog->isBusy(), TimeoutMs);
    const auto plan = dialog->plan();
    QVERIFY(plan);
    QCOMPARE(plan->removedVersions.size(), 10);
    QCOMPARE(plan->keptVersions.size(), 3);
    const auto store = openStore(m_azure, u"az://cleaned"_s);
    QVERIFY(store);
    const auto objects = [&] {
        QStringList keys;
        auto listed = store->listAll(u"events.lance/"_s, lance::storage::CallControl());
        for (const auto &object : listed ? *listed : QList<lance::storage::ObjectMeta>()) {
            keys << object.key.sliced(13);
        }
        return QSet<QString>(keys.cbegin(), keys.cend());
    };
    const QSet<QString> before = objects();
    QSet<QString> planned;
    for (const auto &file : plan->files) {
        QVERIFY2(before.contains(file.path), qPrintable(file.path));
        planned.insert(file.path);
    }
    QVERIFY(!planned.isEmpty());
    // Seen as a person sees it (into LCB_SCREENSHOT_DIR when set).
    dialog->resize(820, 700);
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(dialog->grab().save(QDir(folder).filePath(u"browser-cleanup-store.png"_s)));

    QSignalSpy cleaned(dialog, &lance::ui::CleanupDialog::cleanedUp);
    dialog->findChild<QPushButton *>(u"cleanupApply"_s)->click();
    QVERIFY(cleaned.wait(TimeoutMs));
    QVERIFY2(cleaned.first().first().toString().startsWith(u"Removed 10 versions"_s),
             qPrintable(cleaned.first().first().toString()));
    QCOMPARE(objects(), before - planned);
    // The versions kept still read: the window lists them from the store again.
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isBusy() && dialog->plan(), TimeoutMs);
    QVERIFY(dialog->plan()->removedVersions.isEmpty());
    dialog->reject();
    TableVersionModel *model = app.session()->workspace()->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(keptVersions(), u"3"_s, TimeoutMs); // the health read again
    QTRY_VERIFY_WITH_TIMEOUT(model->versionAt(0).metadata.contains(u"total_rows"_s), TimeoutMs);
    checkNoSecretLeft(app);
}

LCB_TEST_MAIN(TestTableOnStore)
#include "TestTableOnStore.moc"
