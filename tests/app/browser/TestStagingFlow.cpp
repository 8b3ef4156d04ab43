// SPDX-License-Identifier: Apache-2.0
// Staging and committing in the real window on the embedded catalog, holding a real LanceDB
// table: stage, review, commit and see the catalog change; a conflict caused by a second
// client committing first keeps everything staged; staged work comes back after a restart.
#include "BrowserApplication.h"
#include "LanceFixture.h"
#include "NextDialog.h"
#include "ScriptedPrompter.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "WorkerThread.h"
#include "activity/ActivityTracker.h"
#include "activity/RequestLog.h"
#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "local/LocalCatalogService.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogSwitcher.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/commit/CommitController.h"
#include "ui/commit/CommitReviewDialog.h"
#include "ui/commit/ConflictDialog.h"
#include "ui/common/MessageBanner.h"
#include "ui/staging/DeleteVersionsDialog.h"
#include "ui/staging/StagingController.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::ui::StagingController;
using Id = lance::ui::WindowActions::Id;

class TestStagingFlow : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void deregisterIsReviewedCommittedAndReadBack();
    void aCommitShowsEachResultAndConfirmsIt();
    void aConflictKeepsEverythingStaged();
    void versionsSelectedInTheViewAreDeletedExactly();
    void aDeleteSomeoneMadeFirstSaysNothingWasDeleted();
    void whatTheWindowListedIsCheckedBeforeSending();
    void stagedWorkComesBackAfterARestart();
    void switchingCatalogsAsksAboutStagedWork();

private:
    bool start(BrowserApplication &app);
    static StagingController *staging(BrowserApplication &app)
    {
        return app.session()->findChild<StagingController *>();
    }
    static lance::api::DeclareTableRequest declare(const QString &name)
    {
        lance::api::DeclareTableRequest request;
        request.id = Identifier({name});
        return request;
    }

    std::optional<QTemporaryDir> m_dir;
    QString m_catalog;
    lance::test::ScriptedPrompter m_prompter;
};

void TestStagingFlow::init()
{
    m_dir.emplace();
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir->filePath(u"data"_s)));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir->filePath(u"config"_s)));
    m_catalog = m_dir->filePath(u"lake"_s);
    // A folder of LanceDB tables: opened as a catalog, they are registered with their versions.
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_catalog));
    m_prompter = lance::test::ScriptedPrompter();
}

void TestStagingFlow::cleanup()
{
    QCOMPARE(m_prompter.unanswered(), 0);
    m_dir.reset();
}

bool TestStagingFlow::start(BrowserApplication &app)
{
    QSignalSpy ready(&app, &BrowserApplication::ready);
    app.setPrompter(&m_prompter);
    const std::optional<int> code
        = app.start({u"lance-catalog-browser"_s, u"--settings"_s,
                     m_dir->filePath(u"settings.ini"_s), u"--local"_s, m_catalog});
    return !code && (ready.count() == 1 || ready.wait(20000)) && app.session()->workspace();
}

void TestStagingFlow::deregisterIsReviewedCommittedAndReadBack()
{
    BrowserApplication app;
    QVERIFY(start(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QTRY_COMPARE(workspace->currentIdentifier(), std::optional(Identifier({u"people"_s})));
    QVERIFY(!app.window()->isWindowModified());

    QAction *deregister = app.window()->actions().action(Id::DeregisterTable);
    QVERIFY(deregister->isEnabled());
    deregister->trigger();
    lance::staging::PendingChanges &changes = staging(app)->changes();
    QCOMPARE(changes.count(), 1);
    QVERIFY(app.window()->isWindowModified()); // the `*` in the title

    // The review shows the batch; Commit sends it.
    app.window()->actions().action(Id::Commit)->trigger();
    auto *review = app.window()->findChild<lance::ui::CommitReviewDialog *>();
    QVERIFY(review);
    QVERIFY(review->body().contains("deregister_table"));
    QTest::mouseClick(review->findChild<QPushButton *>(u"commitButton"_s), Qt::LeftButton);
    QTRY_COMPARE(changes.count(), 0);
    QTRY_VERIFY(!app.window()->isWindowModified());
    QCOMPARE(app.window()->messageBanner()->severity(),
             lance::ui::MessageBanner::Severity::Positive);
    // Reading back and refreshing after the deregistration asks nothing of the table that is
    // gone: the request log shows no failure the steward did not cause. Once nothing is in
    // flight and the catalog's worker has answered all it was asked, the log is whole.
    QTRY_COMPARE(app.switcher()->tracker().runningCount(), 0);
    auto *local = qobject_cast<lance::local::LocalCatalogService *>(&app.session()->catalog());
    QVERIFY(local);
    lance::test::WorkerThread::settle(local->workerThread());
    QTRY_COMPARE(app.switcher()->tracker().runningCount(), 0);
    const lance::activity::RequestLog &log = app.switcher()->requestLog();
    QStringList failed;
    for (int row = 0; row < log.rowCount(); ++row) {
        if (!log.record(row).error.isEmpty()) {
            failed << log.record(row).operation + u": "_s + log.record(row).error;
        }
    }
    QVERIFY2(failed.isEmpty(), qPrintable(failed.join(u'\n')));

    // Read back from the catalog itself, not from the tree.
    lance::local::LocalCatalogService other(m_catalog);
    lance::api::TableExistsRequest exists;
    exists.id = Identifier({u"people"_s});
    std::optional<bool> found;
    other.call(exists, this, [&found](lance::api::Result<lance::api::ExistsResponse> r) {
        found = r && r->exists;
    });
    QTRY_VERIFY(found.has_value());
    QVERIFY(!*found);
}

void TestStagingFlow::aCommitShowsEachResultAndConfirmsIt()
{
    QSettings(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat)
        .setValue(u"staging/skipCommitReview"_s, true);
    // A writer left version 4 as a staged manifest (V2 name of 4: 2^64 - 1 - 4); the catalog
    // moves it to its final name when the batch commits.
    const QString versions = m_catalog + u"/people.lance/_versions/"_s;
    const QString staged = lance::test::TestFiles::write(
        versions + u"18446744073709551611.manifest-5d1c"_s, lance::test::TestFiles::manifest(4));
    BrowserApplication app;
    QVERIFY(start(app));
    lance::staging::PendingChanges &changes = staging(app)->changes();
    lance::api::CreateTableVersionRequest create;
    create.id = Identifier({u"people"_s});
    create.version = 4;
    create.manifestPath = staged;
    create.manifestSize = QFileInfo(staged).size();
    create.namingScheme = lance::api::ManifestNamingScheme::V2;
    LCB_VERIFY_OK(changes.stage(create));
    LCB_VERIFY_OK(changes.stage(declare(u"orders"_s)));

    lance::ui::CommitController *commits
        = app.session()->findChild<lance::ui::CommitController *>();
    QVERIFY(commits);
    QSignalSpy finished(commits, &lance::ui::CommitController::commitFinished);
    app.window()->actions().action(Id::Commit)->trigger();
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.first().first().toBool(), true);
    QCOMPARE(changes.count(), 0);
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QCOMPARE(banner->severity(), lance::ui::MessageBanner::Severity::Positive);
    // The server's results, one per operation, with the path the manifest was moved to, and
    // the confirming read of both tables.
    QVERIFY2(banner->text().contains(u"Reading it back shows the catalog as committed"_s),
             qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(u"1 table declared, 1 version created"_s),
             qPrintable(banner->text()));
    // Counted from the read-back as well.
    QVERIFY2(banner->text().contains(u"(2 operations in place)"_s), qPrintable(banner->text()));
    const QString final = versions + u"18446744073709551611.manifest"_s;
    QVERIFY(QFileInfo::exists(final));
    // The engine answers with the object-store form of a local path (no leading slash), as
    // Lance's own object_store paths do; the window shows the path a person reads.
    QVERIFY2(banner->details().contains(u"1. create version 4 of people: manifest at "_s + final
                                        + u'\n'),
             qPrintable(banner->details()));
    QVERIFY2(banner->details().contains(u"2. declare table orders"_s),
             qPrintable(banner->details()));
}

void TestStagingFlow::aConflictKeepsEverythingStaged()
{
    QSettings(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat)
        .setValue(u"staging/skipCommitReview"_s, true);
    BrowserApplication app;
    QVERIFY(start(app));
    lance::staging::PendingChanges &changes = staging(app)->changes();
    LCB_VERIFY_OK(changes.stage(declare(u"orders"_s)));
    LCB_VERIFY_OK(changes.stage(declare(u"returns"_s)));

    // A second client declares "orders" first.
    lance::local::LocalCatalogService other(m_catalog);
    bool declared = false;
    other.call(declare(u"orders"_s), this,
               [&declared](lance::api::Result<lance::api::DeclareTableResponse> r) {
                   declared = bool(r);
               });
    QTRY_VERIFY(declared);

    app.window()->actions().action(Id::Commit)->trigger();
    lance::ui::ConflictDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = app.window()->findChild<lance::ui::ConflictDialog *>()));
    QCOMPARE(changes.count(), 2);
    QVERIFY(!changes.isFrozen());
    QPointer<lance::ui::ConflictDialog> first = dialog;
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"keepStaged"_s), Qt::LeftButton);
    QCOMPARE(changes.count(), 2); // nothing lost
    QTRY_VERIFY(!first);          // closed and gone

    // Remove the conflicting one and retry: the rest is committed.
    app.window()->actions().action(Id::Commit)->trigger();
    QTRY_VERIFY((dialog = app.window()->findChild<lance::ui::ConflictDialog *>()));
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"removeAndRetry"_s), Qt::LeftButton);
    QTRY_COMPARE(changes.count(), 0);
}

void TestStagingFlow::versionsSelectedInTheViewAreDeletedExactly()
{
    QSettings(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat)
        .setValue(u"staging/skipCommitReview"_s, true);
    BrowserApplication app;
    QVERIFY(start(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QTRY_COMPARE(workspace->currentIdentifier(), std::optional(Identifier({u"people"_s})));
    lance::catalog::TableVersionModel *versions = workspace->versionModel();
    QTRY_COMPARE(versions->rowCount(), 3); // the LanceDB table has versions 1, 2 and 3

    // Select versions 1 and 2 in the view (newest first: the last two rows).
    QTableView *view = workspace->versionsPanel()->tableView();
    view->selectionModel()->clearSelection();
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QModelIndex source
            = workspace->versionsPanel()->sortModel()->mapToSource(view->model()->index(row, 0));
        if (versions->versionAt(source.row()).version < 3) {
            view->selectionModel()->select(view->model()->index(row, 0),
                                           QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
    }
    // The dialog opens with the selection's range filled in; versions 1 and 2 leave the latest,
    // so no confirmation is asked.
    QString range;
    lance::test::NextDialog::handle<lance::ui::DeleteVersionsDialog>(
        app.window(), [&](QDialog *dialog) {
            range = dialog->findChild<QLineEdit *>(u"fromEdit"_s)->text() + u'-'
                    + dialog->findChild<QLineEdit *>(u"toEdit"_s)->text();
            QTest::mouseClick(dialog->findChild<QPushButton *>(u"stageButton"_s), Qt::LeftButton);
        });
    app.window()->actions().action(Id::DeleteVersions)->trigger();
    QCOMPARE(range, u"1-2"_s);
    lance::staging::PendingChanges &changes = staging(app)->changes();
    QCOMPARE(changes.count(), 1);
    const auto &request
        = std::get<lance::api::BatchDeleteTableVersionsRequest>(changes.operations().first());
    QCOMPARE(request.ranges, (QList<lance::api::VersionRange>{{1, 3}})); // end exclusive

    app.window()->actions().action(Id::Commit)->trigger();
    QTRY_COMPARE(changes.count(), 0);
    lance::local::LocalCatalogService other(m_catalog);
    lance::api::ListTableVersionsRequest list;
    list.id = Identifier({u"people"_s});
    QList<qint64> left;
    bool listed = false;
    other.call(list, this, [&](lance::api::Result<lance::api::ListTableVersionsResponse> r) {
        listed = bool(r);
        for (const lance::api::TableVersion &v :
             r ? r->versions : QList<lance::api::TableVersion>{}) {
            left << v.version;
        }
    });
    QTRY_VERIFY(listed);
    QCOMPARE(left, QList<qint64>{3});
}

void TestStagingFlow::aDeleteSomeoneMadeFirstSaysNothingWasDeleted()
{
    QSettings(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat)
        .setValue(u"staging/skipCommitReview"_s, true);
    BrowserApplication app;
    QVERIFY(start(app));
    const Identifier people({u"people"_s});
    QTRY_COMPARE(app.session()->workspace()->versionModel()->rowCount(), 3);
    lance::staging::PendingChanges &changes = staging(app)->changes();
    lance::api::BatchDeleteTableVersionsRequest remove;
    remove.id = people;
    remove.ranges = {{1, 2}};
    LCB_VERIFY_OK(changes.stage(remove));

    // Another client deletes version 1 first.
    lance::local::LocalCatalogService other(m_catalog);
    bool deletedElsewhere = false;
    other.call(remove, this,
               [&](lance::api::Result<lance::api::BatchDeleteTableVersionsResponse> done) {
                   deletedElsewhere = done && done->deletedCount == 1;
               });
    QTRY_VERIFY(deletedElsewhere);

    app.window()->actions().action(Id::Commit)->trigger();
    QTRY_COMPARE(changes.count(), 0);
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QTRY_VERIFY2(banner->text().contains(u"Reading it back shows the catalog as committed"_s),
                 qPrintable(banner->text()));
    // What the server did, not what was asked.
    QVERIFY2(banner->text().contains(u"0 versions deleted"_s), qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(u"operation 1 (delete versions 1 of people) found nothing "
                                     "to delete: the versions were already gone."_s),
             qPrintable(banner->text()));
    QVERIFY(!banner->text().contains(u"confirms every operation"_s));
    QCOMPARE(banner->severity(), lance::ui::MessageBanner::Severity::Information);
}

void TestStagingFlow::whatTheWindowListedIsCheckedBeforeSending()
{
    BrowserApplication app;
    QVERIFY(start(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QTRY_COMPARE(workspace->currentIdentifier(), std::optional(Identifier({u"people"_s})));
    QTRY_COMPARE(workspace->versionModel()->rowCount(), 3);
    lance::staging::PendingChanges &changes = staging(app)->changes();
    lance::api::CreateTableVersionRequest again;
    again.id = Identifier({u"people"_s});
    again.version = 2; // listed in the versions view already
    again.manifestPath = u"lake/people.lance/_versions/2.manifest"_s;
    LCB_VERIFY_OK(changes.stage(again));
    QTRY_VERIFY(changes.hasBlockingProblems());
    QVERIFY(!app.window()->actions().action(Id::Commit)->isEnabled());
    // And declaring a table the root already lists.
    LCB_VERIFY_OK(changes.stage(declare(u"people"_s)));
    QCOMPARE(changes.index(1, lance::staging::PendingChanges::ProblemsColumn)
                 .data()
                 .toString()
                 .isEmpty(),
             false);
}

void TestStagingFlow::stagedWorkComesBackAfterARestart()
{
    {
        BrowserApplication app;
        QVERIFY(start(app));
        LCB_VERIFY_OK(staging(app)->changes().stage(declare(u"orders"_s)));
        m_prompter.answerChoice(u"Keep for Next Time"_s);
        QVERIFY(app.window()->close());
    }
    BrowserApplication again;
    QVERIFY(start(again));
    lance::staging::PendingChanges &changes = staging(again)->changes();
    QCOMPARE(changes.count(), 1);
    QCOMPARE(changes.operations().first(), lance::api::CommitTableOperation(declare(u"orders"_s)));
}

void TestStagingFlow::switchingCatalogsAsksAboutStagedWork()
{
    BrowserApplication app;
    QVERIFY(start(app));
    LCB_VERIFY_OK(staging(app)->changes().stage(declare(u"orders"_s)));
    lance::ui::CatalogSession *before = app.session();

    m_prompter.answerChoice(u"Cancel"_s);
    app.switcher()->openLocal(m_dir->filePath(u"other"_s), u"other"_s);
    QCOMPARE(app.session(), before); // stayed, staged work and all
    QCOMPARE(staging(app)->changes().count(), 1);

    m_prompter.answerChoice(u"Keep for Next Time"_s);
    QSignalSpy checked(&app, &BrowserApplication::catalogChecked);
    app.switcher()->openLocal(m_dir->filePath(u"other"_s), u"other"_s);
    QVERIFY(checked.wait(20000));
    QCOMPARE(app.catalogTitle(), u"other"_s);
    QCOMPARE(staging(app)->changes().count(), 0); // the other catalog has its own
}

LCB_TEST_MAIN(TestStagingFlow)
#include "TestStagingFlow.moc"
