// SPDX-License-Identifier: Apache-2.0
// CatalogWorkspace over HTTP: the real lance-catalog-server on 127.0.0.1, reached through the
// product's RestClient. The tree expands, a table's details and versions show, Go to Identifier
// and Copy work; with the server gone, Refresh shows the failure inline.
#include "CatalogServerProcess.h"
#include "SeededCatalog.h"
#include "TestRegistry.h"
#include "WorkspaceHarness.h"
#include "catalog/CatalogTreeModel.h"
#include "rest/RestClient.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;
using lance::catalog::CatalogNode;
using lance::catalog::CatalogTreeModel;
using lance::test::CatalogServerProcess;
using lance::test::SeededCatalog;
using lance::test::WorkspaceHarness;
using lance::ui::CatalogWorkspace;
using Id = lance::ui::WindowActions::Id;

class TestCatalogWorkspaceServer : public QObject
{
    Q_OBJECT

private slots:
    void browsesTheRealServerOverHttp();
};

void TestCatalogWorkspaceServer::browsesTheRealServerOverHttp()
{
    QTemporaryDir dir;
    const QString root = dir.filePath(u"catalog"_s);
    {
        // Seeded in-process, then closed: the server opens the folder alone.
        SeededCatalog seeded(root);
        QVERIFY(seeded.createNamespace(u"analytics"_s));
        QVERIFY(seeded.createNamespace(u"analytics$daily"_s));
        QVERIFY(seeded.declareTables(u"analytics"_s, {u"events"_s, u"sessions"_s}));
        QVERIFY(seeded.addVersions(u"analytics$events"_s, 3));
    }
    CatalogServerProcess server;
    QVERIFY2(server.start(root), qPrintable(server.standardError()));
    QNetworkAccessManager network;
    lance::rest::RestClientConfig config;
    config.baseUrl = server.url();
    config.timeoutMs = 10000;
    config.retry.maxAttempts = 1; // the failure below must show, not be retried away
    lance::rest::RestClient client(&network, config);

    WorkspaceHarness harness(client, 5);
    CatalogWorkspace &workspace = harness.workspace();
    QTRY_COMPARE_WITH_TIMEOUT(harness.names(), QStringList{u"analytics"_s},
                              WorkspaceHarness::TimeoutMs);
    QVERIFY(harness.expand({u"analytics"_s}));
    QCOMPARE(harness.names(harness.row({u"analytics"_s})),
             (QStringList{u"daily"_s, u"events"_s, u"sessions"_s}));

    QVERIFY(harness.select({u"analytics"_s, u"events"_s}));
    QCOMPARE(workspace.detailsPanel()->findChild<QLabel *>(u"detailsTitle"_s)->text(),
             u"Table analytics$events"_s);
    const auto &loaded = workspace.loadedDetails();
    QVERIFY(loaded && loaded->tableDescription);
    QVERIFY(loaded->tableDescription->location || loaded->tableDescription->tableUri);
    QTRY_COMPARE_WITH_TIMEOUT(workspace.versionsPanel()->tableView()->model()->rowCount(), 3,
                              WorkspaceHarness::TimeoutMs);
    QVERIFY(harness.window().actions().action(Id::CopyLocation)->isEnabled());
    harness.window().actions().action(Id::CopyIdentifier)->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), u"analytics$events"_s);

    QSignalSpy changed(&workspace, &CatalogWorkspace::currentChanged);
    workspace.select(SeededCatalog::id(u"analytics$daily"_s));
    QTRY_COMPARE_WITH_TIMEOUT(workspace.currentIdentifier(),
                              SeededCatalog::id(u"analytics$daily"_s), WorkspaceHarness::TimeoutMs);
    QCOMPARE(harness.tree().currentIndex(), harness.row({u"analytics"_s, u"daily"_s}));

    // The server goes away: Refresh shows the failure as the root's error row.
    QCOMPARE(server.stop(), std::optional<int>(0));
    QSignalSpy finished(workspace.treeModel(), &CatalogTreeModel::refreshFinished);
    harness.window().actions().action(Id::Refresh)->trigger();
    QVERIFY(finished.wait(WorkspaceHarness::TimeoutMs));
    const QModelIndex error = harness.syntheticRow({});
    QVERIFY(error.isValid());
    QCOMPARE(CatalogNode::Kind(error.data(CatalogTreeModel::KindRole).toInt()),
             CatalogNode::Kind::Error);
    QVERIFY(workspace.retryAction()->isEnabled());
}

LCB_TEST_MAIN(TestCatalogWorkspaceServer)
#include "TestCatalogWorkspaceServer.moc"
