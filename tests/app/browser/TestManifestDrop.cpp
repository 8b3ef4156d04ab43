// SPDX-License-Identifier: Apache-2.0
// Registering Lance files by dropping them on the real window, and what the drops stage: synthetic
// drops with file URLs on the tree (a table row, a namespace row), the versions view and the
// Pending Changes panel, on the embedded catalog holding the LanceDB table "people"; then a
// dropped dataset is committed and read back from the engine, and a drop on a remote catalog
// asks for the path mapping. Which targets accept a drag: TestDropTargets.
#include "AwaitCall.h"
#include "BrowserApplication.h"
#include "CatalogServerProcess.h"
#include "DropTestSupport.h"
#include "StagingTestbed.h"
#include "TestConnections.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "catalog/CatalogTreeModel.h"
#include "connection/CatalogConnection.h"
#include "connection/ProfileStore.h"
#include "drop/ManifestDropPlanner.h"
#include "drop/PathMappingStore.h"
#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"
#include "staging/KnownState.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/commit/CommitController.h"
#include "ui/common/MessageBanner.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/window/MainWindow.h"

#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::test::DropTestSupport;
using lance::test::StagingTestbed;
using Id = lance::ui::WindowActions::Id;

class TestManifestDrop : public QObject
{
    Q_OBJECT

private slots:
    void init() { DropTestSupport::init(m_bed); }
    void cleanup() { DropTestSupport::cleanup(m_bed); }
    void manifestsDroppedOnThePanelStageOneStep();
    void aMixedDropStagesNothingUnlessConfirmed();
    void aDatasetOnANamespaceIsCommittedAndReadBack();
    void skippedFilesAreNotedInTheStatusBar();
    void aRemoteCatalogAsksForThePathMappingOnce();
    void anUnlistedTableIsListedBeforeStaging();

private:
    std::optional<StagingTestbed> m_bed;
};

void TestManifestDrop::manifestsDroppedOnThePanelStageOneStep()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(DropTestSupport::addNamespace(*m_bed, app));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier({u"sales"_s, u"people"_s});
    LCB_VERIFY_OK(changes.stage(declare));
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());

    // A table the catalog has no such versions of: the three stage as one step, in order.
    m_bed->prompter().answerText(u"sales$people"_s);
    QVERIFY(DropTestSupport::drag(&StagingTestbed::panel(app), {20, 20},
                                  DropTestSupport::manifestsOf(dataset), true));
    // The drop event returns before the files are read: that happens on a worker thread.
    QCOMPARE(changes.count(), 1);
    QVERIFY2(app.window()->statusBar()->currentMessage().startsWith(u"Reading 3 dropped files"_s),
             qPrintable(app.window()->statusBar()->currentMessage()));
    QVERIFY(DropTestSupport::settle(app));
    QCOMPARE(m_bed->prompter().lastTextQuestion().title, u"Register Dropped Manifests"_s);
    QCOMPARE(changes.count(), 4);
    for (int row = 1; row <= 3; ++row) {
        const auto *create
            = std::get_if<lance::api::CreateTableVersionRequest>(&changes.stagedAt(row).operation);
        QVERIFY(create);
        QCOMPARE(create->id, declare.id);
        QCOMPARE(create->version, row);
    }
    QCOMPARE(changes.undoStack()->text(changes.undoStack()->count() - 1),
             u"Register 3 manifests of sales$people"_s);
    LCB_VERIFY_OK(changes.undo());
    QCOMPARE(changes.count(), 1);

    // Dropped again on "people" in the tree, they are versions it has: refused, with reasons.
    m_bed->prompter().answerChoice(u"Cancel"_s);
    QVERIFY(DropTestSupport::drag(app.session()->workspace()->treeView()->viewport(),
                                  DropTestSupport::rowCenter(app, {u"people"_s}),
                                  DropTestSupport::manifestsOf(dataset), true));
    QVERIFY(DropTestSupport::settle(app));
    QVERIFY(m_bed->prompter().lastQuestion().details.contains(u"version"_s));
    QCOMPARE(m_bed->prompter().lastQuestion().choices.size(), 1); // no valid part to offer
    // A table identifier that is not one is refused without staging.
    m_bed->prompter().answerText(u"$"_s);
    QVERIFY(DropTestSupport::drag(&StagingTestbed::panel(app), {20, 20},
                                  DropTestSupport::manifestsOf(dataset), true));
    QVERIFY(DropTestSupport::settle(app));
    QCOMPARE(changes.count(), 1);
}

void TestManifestDrop::aMixedDropStagesNothingUnlessConfirmed()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    QStringList paths = DropTestSupport::manifestsOf(dataset);
    // Named as version 7 (V2: 2^64 - 1 - 7) but holding version 1; and a file that is no
    // manifest at all.
    const QString renamed = m_bed->filePath(u"drops/18446744073709551608.manifest"_s);
    QVERIFY(QFile::copy(paths.last(), renamed));
    const QString garbage = m_bed->filePath(u"drops/9.manifest"_s);
    QFile file(garbage);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(300, 'x'));
    file.close();
    paths << renamed << garbage;
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier({u"orders"_s});
    LCB_VERIFY_OK(changes.stage(declare));

    m_bed->prompter().answerText(u"orders"_s);
    m_bed->prompter().answerChoice(u"Cancel"_s);
    QVERIFY(DropTestSupport::drag(&StagingTestbed::panel(app), {20, 20}, paths, true));
    QVERIFY(DropTestSupport::settle(app));
    QCOMPARE(changes.count(), 1); // nothing from the drop
    const lance::ui::Prompter::Question &asked = m_bed->prompter().lastQuestion();
    QCOMPARE(asked.choices.size(), 2);
    QVERIFY2(asked.details.contains(QFileInfo(renamed).fileName()), qPrintable(asked.details));
    QVERIFY2(asked.details.contains(u"9.manifest"_s), qPrintable(asked.details));

    m_bed->prompter().answerText(u"orders"_s);
    m_bed->prompter().answerChoice(u"Stage the Valid Part"_s);
    QVERIFY(DropTestSupport::drag(&StagingTestbed::panel(app), {20, 20}, paths, true));
    QVERIFY(DropTestSupport::settle(app));
    QCOMPARE(changes.count(), 4); // the declaration and the three real manifests
}

void TestManifestDrop::aDatasetOnANamespaceIsCommittedAndReadBack()
{
    QSettings(m_bed->filePath(u"settings.ini"_s), QSettings::IniFormat)
        .setValue(u"staging/skipCommitReview"_s, true);
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(DropTestSupport::addNamespace(*m_bed, app));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"customers.lance"_s);
    QVERIFY(!dataset.isEmpty());

    // The name offered is the folder's; the steward renames it.
    m_bed->prompter().answerText(u"clients"_s);
    QVERIFY(DropTestSupport::drag(app.session()->workspace()->treeView()->viewport(),
                                  DropTestSupport::rowCenter(app, {u"sales"_s}), {dataset}, true));
    QVERIFY(DropTestSupport::settle(app));
    QCOMPARE(m_bed->prompter().lastTextQuestion().text, u"customers"_s);
    QCOMPARE(changes.count(), 4);
    const auto *declare
        = std::get_if<lance::api::DeclareTableRequest>(&changes.stagedAt(0).operation);
    QVERIFY(declare);
    QCOMPARE(declare->id, Identifier({u"sales"_s, u"clients"_s}));
    QCOMPARE(changes.undoStack()->count(), 1);

    auto *commits = app.session()->findChild<lance::ui::CommitController *>();
    QVERIFY(commits);
    QSignalSpy finished(commits, &lance::ui::CommitController::commitFinished);
    StagingTestbed::action(app, Id::Commit)->trigger();
    QVERIFY(finished.wait(StagingTestbed::TimeoutMs));
    QVERIFY2(finished.first().first().toBool(),
             qPrintable(app.window()->messageBanner()->details()));

    // Read back from the engine itself.
    QCOMPARE(DropTestSupport::versionsOf(*m_bed, declare->id), (QList<qint64>{1, 2, 3}));
}

void TestManifestDrop::skippedFilesAreNotedInTheStatusBar()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    // A writer's staging manifest (version 4, V2 name) is skipped with a note, asking nothing.
    const QString staged = dataset + u"/_versions/18446744073709551611.manifest-5d1c"_s;
    QVERIFY(QFile::copy(DropTestSupport::manifestsOf(dataset).first(), staged));
    QWidget *versions = app.session()->workspace()->versionsPanel()->tableView()->viewport();
    QVERIFY(DropTestSupport::drag(versions, {20, 20}, {staged}, true));
    QVERIFY(DropTestSupport::settle(app));
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
    QVERIFY(m_bed->prompter().asked().isEmpty());
    QVERIFY2(app.window()->statusBar()->currentMessage().contains(QFileInfo(staged).fileName()),
             qPrintable(app.window()->statusBar()->currentMessage()));
}

void TestManifestDrop::aRemoteCatalogAsksForThePathMappingOnce()
{
    lance::test::CatalogServerProcess server;
    QVERIFY2(server.start(), qPrintable(server.standardError()));
    // A namespace, so the window shows a workspace rather than the empty state.
    std::unique_ptr<lance::connection::CatalogConnection> setup
        = lance::test::TestConnections::openRest(server.url(), lance::rest::AuthMethod::None, {});
    QVERIFY(setup);
    lance::api::CreateNamespaceRequest create;
    create.id = Identifier({u"sales"_s});
    QVERIFY(lance::test::succeeded(lance::test::awaitCall(*setup->restClient(), create),
                                   u"create sales"_s));
    BrowserApplication app;
    app.setPrompter(&m_bed->prompter());
    QSignalSpy ready(&app, &BrowserApplication::ready);
    const QString settingsFile = m_bed->filePath(u"settings.ini"_s);
    {
        // The server runs here, but the profile says its files are elsewhere (as through a
        // tunnel): this machine's paths mean nothing to it without a mapping.
        QSettings settings(settingsFile, QSettings::IniFormat);
        lance::connection::ConnectionProfile profile = lance::test::TestConnections::restProfile(
            server.url(), lance::rest::AuthMethod::None, u"tunnel"_s);
        profile.serverFiles = lance::connection::ConnectionProfile::ServerFiles::Elsewhere;
        LCB_VERIFY_OK(lance::connection::ProfileStore(settings).add(profile));
    }
    QVERIFY(!app.start(
        {u"lance-catalog-browser"_s, u"--settings"_s, settingsFile, u"--profile"_s, u"tunnel"_s}));
    QVERIFY(ready.count() == 1 || ready.wait(StagingTestbed::TimeoutMs));
    QVERIFY(app.session() && app.session()->workspace());
    QTRY_VERIFY_WITH_TIMEOUT(DropTestSupport::rowCenter(app, {u"sales"_s}).x() >= 0,
                             StagingTestbed::TimeoutMs);
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"customers.lance"_s);
    QVERIFY(!dataset.isEmpty());
    const QString folder = QFileInfo(dataset).absolutePath();
    QWidget *tree = app.session()->workspace()->treeView()->viewport();
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);

    // The server cannot read a local path: the mapping is asked for, checked and saved.
    m_bed->prompter().answerText(folder + u"=s3://lake/"_s);
    m_bed->prompter().answerText(u"customers"_s);
    QVERIFY(DropTestSupport::drag(tree, DropTestSupport::rowCenter(app, {u"sales"_s}), {dataset},
                                  true));
    QVERIFY(DropTestSupport::settle(app));
    QCOMPARE(m_bed->prompter().asked().first(), u"Path Mapping"_s);
    QCOMPARE(changes.count(), 4);
    const auto *declare
        = std::get_if<lance::api::DeclareTableRequest>(&changes.stagedAt(0).operation);
    QVERIFY(declare);
    QCOMPARE(declare->location, std::optional(u"s3://lake/customers.lance"_s));
    const auto *create1
        = std::get_if<lance::api::CreateTableVersionRequest>(&changes.stagedAt(1).operation);
    QVERIFY(create1);
    QVERIFY2(create1->manifestPath.startsWith(u"s3://lake/customers.lance/_versions/"_s),
             qPrintable(create1->manifestPath));
    QSettings settings(settingsFile, QSettings::IniFormat);
    const QString profile = app.session()->connection().profile().name;
    QCOMPARE(lance::drop::PathMappingStore(settings).mapping(profile),
             lance::drop::PathMapping(folder, u"s3://lake/"_s));

    // Once saved, it is not asked again: only the table name is.
    LCB_VERIFY_OK(changes.undo());
    const qsizetype askedBefore = m_bed->prompter().asked().size();
    m_bed->prompter().answerText(u"customers"_s);
    QVERIFY(DropTestSupport::drag(tree, DropTestSupport::rowCenter(app, {u"sales"_s}), {dataset},
                                  true));
    QVERIFY(DropTestSupport::settle(app));
    QCOMPARE(m_bed->prompter().asked().size(), askedBefore + 1);
    QCOMPARE(changes.count(), 4);

    // A mapping the check refuses (a URI with a password) is not saved, and nothing staged.
    LCB_VERIFY_OK(changes.undo());
    lance::drop::PathMappingStore(settings).remove(profile);
    m_bed->prompter().answerText(folder + u"=s3://user:secret@lake/"_s);
    QVERIFY(DropTestSupport::drag(tree, DropTestSupport::rowCenter(app, {u"sales"_s}), {dataset},
                                  true));
    QVERIFY(DropTestSupport::settle(app));
    QCOMPARE(changes.count(), 0);
    QVERIFY(lance::drop::PathMappingStore(settings).mapping(profile).isEmpty());
}

void TestManifestDrop::anUnlistedTableIsListedBeforeStaging()
{
    // sales$archive holds versions 1-3 but was never opened, so the window has not listed them;
    // sales$gone is listed in the tree but deregistered behind the window's back.
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(DropTestSupport::addNamespace(*m_bed, app));
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"archive.lance"_s);
    QVERIFY(!dataset.isEmpty());
    lance::local::LocalCatalogService engine(m_bed->catalog());
    using Planner = lance::drop::ManifestDropPlanner;
    const Identifier sales({u"sales"_s});
    lance::api::BatchCommitTablesRequest batch
        = Planner(Planner::Target::inNamespace(sales), lance::drop::PathMapper::local())
              .plan({dataset})
              .toBatchCommitRequest();
    lance::api::DeclareTableRequest gone;
    gone.id = Identifier({u"sales"_s, u"gone"_s});
    batch.operations << gone;
    QVERIFY(
        lance::test::succeeded(lance::test::awaitCall(engine, batch), u"the archive's versions"_s));
    QTreeView *tree = app.session()->workspace()->treeView();
    tree->expand(tree->model()
                     ->match(tree->model()->index(0, 0), lance::catalog::CatalogTreeModel::IdRole,
                             QStringList{u"sales"_s}, 1, Qt::MatchExactly)
                     .value(0));
    QTRY_VERIFY(DropTestSupport::rowCenter(app, {u"sales"_s, u"gone"_s}).y() >= 0);
    lance::api::DeregisterTableRequest deregister;
    deregister.id = gone.id;
    QVERIFY(lance::test::succeeded(lance::test::awaitCall(engine, deregister),
                                   u"deregister sales$gone"_s));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    const Identifier archive({u"sales"_s, u"archive"_s});
    QVERIFY(!changes.knownState().versionsOf(archive));

    // Listed first: every version is there already, so nothing valid is offered.
    m_bed->prompter().answerChoice(u"Cancel"_s);
    QVERIFY(DropTestSupport::drag(tree->viewport(),
                                  DropTestSupport::rowCenter(app, {u"sales"_s, u"archive"_s}),
                                  DropTestSupport::manifestsOf(dataset), true));
    QVERIFY(DropTestSupport::settle(app));
    QTRY_COMPARE(m_bed->prompter().asked().size(), 1);
    QCOMPARE(m_bed->prompter().lastQuestion().choices.size(), 1);
    QVERIFY2(m_bed->prompter().lastQuestion().details.contains(u"has version 1 already"_s),
             qPrintable(m_bed->prompter().lastQuestion().details));
    QVERIFY(changes.knownState().versionsOf(archive));
    QCOMPARE(changes.knownState().versionsOf(archive)->size(), 3);

    // A listing that fails stages nothing, and says why.
    QVERIFY(DropTestSupport::drag(tree->viewport(),
                                  DropTestSupport::rowCenter(app, {u"sales"_s, u"gone"_s}),
                                  DropTestSupport::manifestsOf(dataset), true));
    QVERIFY(DropTestSupport::settle(app));
    QTRY_VERIFY(app.window()->messageBanner()->isVisible());
    QVERIFY2(app.window()->messageBanner()->text().contains(u"could not be listed"_s),
             qPrintable(app.window()->messageBanner()->text()));
    QCOMPARE(changes.count(), 0);
    QCOMPARE(m_bed->prompter().asked().size(), 1);
}

LCB_TEST_MAIN(TestManifestDrop)
#include "TestManifestDrop.moc"
