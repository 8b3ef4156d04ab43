// SPDX-License-Identifier: Apache-2.0
// Changes > Restore Version… in the real window, on the embedded catalog holding LanceDB's
// `people` (versions 1 to 3): version 1 selected, Ctrl+Shift+R asks what it holds against the
// latest, stages "restore 1 as 4" (its files kept aside: nothing is written into the table
// until the commit), the Versions view shows the staged version with version 1's rows, the
// review says it, and the commit writes the files and makes version 4 a version of the catalog
// with version 1's content. Undone, discarded or refused, a staged restore leaves the table as
// it was, and what was kept aside for it is gone at the next start. What cannot be
// restored (the latest, two versions) says why on the status bar and stages nothing. A
// screenshot of the staged restore goes to LCB_SCREENSHOT_DIR when set (the README's), and one
// of the History the commit banner links to, on the commit.
#include "AwaitCall.h"
#include "BrowserApplication.h"
#include "KeyboardAudit.h"
#include "SettledLayout.h"
#include "StagingTestbed.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "details/RestoreSpool.h"
#include "engine/CatalogEngine.h"
#include "format/LocalPaths.h"
#include "format/ManifestDecoder.h"
#include "history/TransactionHistoryModel.h"
#include "local/LocalCatalogService.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/commit/CommitController.h"
#include "ui/commit/CommitReviewDialog.h"
#include "ui/commit/ConflictDialog.h"
#include "ui/common/MessageBanner.h"
#include "ui/history/HistoryController.h"
#include "ui/history/HistoryPanel.h"
#include "ui/staging/VersionRestoreController.h"
#include "ui/window/MainWindow.h"

#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;
using lance::test::StagingTestbed;
using Id = lance::ui::WindowActions::Id;

namespace {} // namespace

class TestRestoreVersion : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void restoreIsStagedReviewedAndCommitted();
    void aStagedRestoreWritesNothingUntilTheCommit();
    void whatCannotBeRestoredSaysWhy();

private:
    /// What people's `_versions/` and `_transactions/` folders hold.
    QStringList tableFiles() const;
    /// Stages "restore 1 as 4" with Ctrl+Shift+R, the question answered.
    bool stageRestore(BrowserApplication &app);
    static lance::details::RestoreSpool spool(const BrowserApplication &app);

    std::optional<StagingTestbed> m_bed;
};

void TestRestoreVersion::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

void TestRestoreVersion::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    m_bed.reset();
}

QStringList TestRestoreVersion::tableFiles() const
{
    QStringList files;
    for (const QString &folder : {u"_versions"_s, u"_transactions"_s}) {
        const QDir dir(QDir(m_bed->catalog()).filePath(u"people.lance/"_s + folder));
        for (const QString &name : dir.entryList(QDir::Files, QDir::Name)) {
            files << folder + u'/' + name;
        }
    }
    return files;
}

bool TestRestoreVersion::stageRestore(BrowserApplication &app)
{
    auto *controller = app.session()->findChild<lance::ui::VersionRestoreController *>();
    if (!controller) {
        return false;
    }
    QSignalSpy finished(controller, &lance::ui::VersionRestoreController::finished);
    StagingTestbed::selectVersions(app, {1});
    m_bed->prompter().answerChoice(u"Stage Restore"_s);
    StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    return (finished.count() == 1 || finished.wait(StagingTestbed::TimeoutMs))
           && finished.first().first().toBool();
}

lance::details::RestoreSpool TestRestoreVersion::spool(const BrowserApplication &app)
{
    return lance::details::RestoreSpool::forProfile(app.session()->connection().profile());
}

void TestRestoreVersion::restoreIsStagedReviewedAndCommitted()
{
    const QStringList before = tableFiles();
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    app.window()->resize(1200, 760);
    lance::catalog::TableVersionModel *model = app.session()->workspace()->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, StagingTestbed::TimeoutMs);

    QVERIFY(stageRestore(app));
    // The question said what each version holds: 2 rows then, 5 now.
    const auto &question = m_bed->prompter().lastQuestion();
    QCOMPARE(question.text, u"Stage restoring version 1 of people as version 4?"_s);
    QVERIFY2(question.informativeText.contains(u"2 rows"_s), qPrintable(question.informativeText));
    QVERIFY2(question.informativeText.contains(u"5 rows"_s), qPrintable(question.informativeText));

    // Staged: a CreateTableVersion of 4 that says it restores 1, its manifest named beside
    // version 1's under a staging name no Lance reader takes for a version, and kept aside:
    // the table holds what it held.
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    QCOMPARE(changes.count(), 1);
    const QList<lance::api::CommitTableOperation> operations = changes.operations();
    const auto *create = std::get_if<lance::api::CreateTableVersionRequest>(&operations.first());
    QVERIFY(create);
    QCOMPARE(create->version, 4);
    QCOMPARE(lance::api::restoredVersionOf(create->metadata), std::optional<qint64>(1));
    const std::optional<QString> staged
        = lance::format::LocalPaths::manifestFile(create->manifestPath);
    QVERIFY(staged && !QFileInfo::exists(*staged));
    QVERIFY2(QFileInfo(*staged).fileName().startsWith(u"18446744073709551611.manifest-"_s),
             qPrintable(*staged));
    QCOMPARE(tableFiles(), before);
    QVERIFY(spool(app).keptFile(*staged));
    QVERIFY2(app.window()->statusBar()->currentMessage().startsWith(
                 u"Staged restoring version 1 as version 4"_s),
             qPrintable(app.window()->statusBar()->currentMessage()));
    // The Versions view shows it above the listed ones, with version 1's rows once read.
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 4, StagingTestbed::TimeoutMs);
    QVERIFY(model->isStaged(0));
    QCOMPARE(model->versionAt(0).version, 4);
    QTRY_COMPARE_WITH_TIMEOUT(model->versionAt(0).metadata.value(u"total_rows"_s), u"2"_s,
                              StagingTestbed::TimeoutMs);
    app.window()->detailsTabs()->setCurrentWidget(app.session()->workspace()->versionsPanel());
    QVERIFY(lance::test::SettledLayout::wait(*app.window()));
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(app.window()->grab().toImage().save(QDir(folder).filePath(u"browser-restore.png"_s)));

    // The review says "restore 1 as 4"; Commit sends it with the rest of the batch.
    app.window()->actions().action(Id::Commit)->trigger();
    auto *review = app.window()->findChild<lance::ui::CommitReviewDialog *>();
    QVERIFY(review);
    const QTreeWidgetItem *line
        = review->findChild<QTreeWidget *>(u"summaryTree"_s)->topLevelItem(0);
    QVERIFY(line);
    const QString lineText
        = QStringList{line->text(0), line->text(1), line->text(2), line->text(3)}.join(u' ');
    QVERIFY2(lineText.contains(u"Restore version"_s) && lineText.contains(u"restore 1 as 4"_s),
             qPrintable(lineText));
    auto *commits = app.session()->findChild<lance::ui::CommitController *>();
    QSignalSpy committed(commits, &lance::ui::CommitController::commitFinished);
    // What version 4 would hold was read where it is kept: 2 rows, not "unknown".
    QTRY_COMPARE_WITH_TIMEOUT(line->childCount(), 1, StagingTestbed::TimeoutMs);
    QVERIFY2(line->child(0)->text(0).contains(u"2 rows"_s), qPrintable(line->child(0)->text(0)));
    QTest::mouseClick(review->findChild<QPushButton *>(u"commitButton"_s), Qt::LeftButton);
    QVERIFY(committed.count() == 1 || committed.wait(StagingTestbed::TimeoutMs));
    QTRY_COMPARE_WITH_TIMEOUT(changes.count(), 0, StagingTestbed::TimeoutMs);
    // The commit wrote the manifest and its transaction; the catalog took them, so nothing is
    // kept aside any more.
    QCOMPARE(tableFiles().size(), before.size() + 2);
    QVERIFY(spool(app).kept().isEmpty());

    // The banner links to the commit in the History, which says what it did.
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QTRY_COMPARE_WITH_TIMEOUT(banner->actionText(), u"Show in Histor&y"_s,
                              StagingTestbed::TimeoutMs);
    // Its Alt+letter is its own: "Show in &History" opened the Help menu instead.
    const QStringList clashes = lance::test::KeyboardAudit::mnemonics(*app.window());
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(u'\n')));
    banner->findChild<QPushButton *>(u"actionButton"_s)->click();
    auto *history = app.session()->findChild<lance::ui::HistoryController *>();
    QVERIFY(history);
    QTRY_VERIFY_WITH_TIMEOUT(!history->panel()->report().isEmpty(), StagingTestbed::TimeoutMs);
    const QString report = history->panel()->report();
    QVERIFY2(report.contains(u"Kind: Batch commit"_s), qPrintable(report));
    QVERIFY2(report.contains(u"By: local"_s), qPrintable(report));
    QVERIFY2(report.contains(u"Changes: 1 version created"_s), qPrintable(report));
    QVERIFY2(report.contains(u"\"restored_from_version\": \"1\""_s), qPrintable(report));
    QVERIFY(app.window()->dock(lance::ui::WindowHost::Pane::History)->isVisible());
    QCOMPARE(history->model()->rowCount(), 1);
    QVERIFY(lance::test::SettledLayout::wait(*app.window()));
    QVERIFY(app.window()->grab().toImage().save(QDir(folder).filePath(u"browser-history.png"_s)));
    // Only the selected table's: people's is the one transaction there is.
    history->panel()->findChild<QCheckBox *>(u"historyTableOnly"_s)->setChecked(true);
    QCOMPARE(history->model()->table(), std::optional(lance::api::Identifier({u"people"_s})));
    QTRY_COMPARE_WITH_TIMEOUT(history->model()->rowCount(), 1, StagingTestbed::TimeoutMs);

    // In the catalog: version 4, restored from 1, its manifest moved to its final name.
    QVERIFY(m_bed->close(app, {}));
    lance::engine::CatalogEngine::Options options;
    options.root = m_bed->catalog();
    auto engine = lance::engine::CatalogEngine::open(options);
    QVERIFY(engine);
    lance::api::DescribeTableVersionRequest latest;
    latest.id = lance::api::Identifier({u"people"_s});
    const auto described = (*engine)->run(latest);
    QVERIFY(described);
    QCOMPARE(described->version.version, 4);
    QCOMPARE(lance::api::restoredVersionOf(described->version.metadata), std::optional<qint64>(1));
    QCOMPARE(described->version.metadata.value(u"total_rows"_s), u"2"_s);
    QVERIFY(!QFileInfo::exists(*staged));
    const auto contents = lance::format::ManifestDecoder::readFile(
        *lance::format::LocalPaths::manifestFile(described->version.manifestPath));
    QVERIFY(contents);
    QCOMPARE(contents->version, quint64(4));
}

void TestRestoreVersion::aStagedRestoreWritesNothingUntilTheCommit()
{
    const QStringList before = tableFiles();
    {
        BrowserApplication app;
        QVERIFY(m_bed->start(app));
        lance::catalog::TableVersionModel *model = app.session()->workspace()->versionModel();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, StagingTestbed::TimeoutMs);
        lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
        QVERIFY(stageRestore(app));
        QCOMPARE(changes.count(), 1);
        QCOMPARE(tableFiles(), before);
        QCOMPARE(spool(app).kept().size(), 1);
        // A batch file committed elsewhere would name a manifest the table does not hold: the
        // export says so and asks for no file.
        StagingTestbed::action(app, Id::ExportBatch)->trigger();
        QVERIFY2(app.window()->messageBanner()->text().startsWith(u"Nothing was exported"_s),
                 qPrintable(app.window()->messageBanner()->text()));
        QCOMPARE(m_bed->prompter().unanswered(), 0);

        // Undone, redone, discarded, brought back: the table never changes.
        LCB_VERIFY_OK(changes.undo());
        QCOMPARE(tableFiles(), before);
        LCB_VERIFY_OK(changes.redo());
        QCOMPARE(changes.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 4, StagingTestbed::TimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(model->versionAt(0).metadata.value(u"total_rows"_s), u"2"_s,
                                  StagingTestbed::TimeoutMs);
        LCB_VERIFY_OK(changes.discardAll());
        QCOMPARE(changes.count(), 0);
        LCB_VERIFY_OK(changes.undo());
        QCOMPARE(changes.count(), 1);
        QCOMPARE(tableFiles(), before);

        // Another client restores version 2 as 4 first: the batch is refused, and what the
        // commit wrote for it leaves the table again, the staged row and its files kept.
        lance::local::LocalCatalogService other(m_bed->catalog());
        lance::api::RestoreTableRequest restore;
        restore.id = lance::api::Identifier({u"people"_s});
        restore.version = 2;
        LCB_VERIFY_OK(lance::test::awaitCall(other, restore, StagingTestbed::TimeoutMs));
        const QStringList behind = tableFiles();
        QCOMPARE(behind.size(), before.size() + 2);

        QSettings(m_bed->filePath(u"settings.ini"_s), QSettings::IniFormat)
            .setValue(u"staging/skipCommitReview"_s, true);
        app.window()->actions().action(Id::Commit)->trigger();
        lance::ui::ConflictDialog *dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = app.window()->findChild<lance::ui::ConflictDialog *>()),
                                 StagingTestbed::TimeoutMs);
        QCOMPARE(tableFiles(), behind);
        QCOMPARE(changes.count(), 1);
        QCOMPARE(spool(app).kept().size(), 1);
        QPointer<lance::ui::ConflictDialog> open = dialog;
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"keepStaged"_s), Qt::LeftButton);
        QTRY_VERIFY(!open);

        // Discarded and quit: the next start finds nothing staged, and drops what was kept.
        LCB_VERIFY_OK(changes.discardAll());
        QCOMPARE(spool(app).kept().size(), 1); // Discard All can be undone until quitting
        QVERIFY(m_bed->close(app, {}));
    }
    BrowserApplication again;
    QSignalSpy ready(&again, &BrowserApplication::ready);
    again.setPrompter(&m_bed->prompter());
    QVERIFY(!again.start(m_bed->arguments())); // nothing to exit with: the window runs
    QVERIFY(ready.count() == 1 || ready.wait(StagingTestbed::TimeoutMs));
    QCOMPARE(StagingTestbed::changes(again).count(), 0);
    QVERIFY(spool(again).kept().isEmpty());
    QCOMPARE(tableFiles().size(), before.size() + 2); // only the other client's restore
    QVERIFY(m_bed->close(again, {}));
}

void TestRestoreVersion::whatCannotBeRestoredSaysWhy()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    lance::catalog::TableVersionModel *model = app.session()->workspace()->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, StagingTestbed::TimeoutMs);
    QAction *restore = StagingTestbed::action(app, Id::RestoreVersion);
    QVERIFY(restore->isEnabled());

    StagingTestbed::selectVersions(app, {3});
    restore->trigger();
    QVERIFY2(app.window()->statusBar()->currentMessage().startsWith(
                 u"Version 3 is the latest version already"_s),
             qPrintable(app.window()->statusBar()->currentMessage()));
    StagingTestbed::selectVersions(app, {1, 2});
    restore->trigger();
    QVERIFY2(app.window()->statusBar()->currentMessage().startsWith(
                 u"Select the one version to restore"_s),
             qPrintable(app.window()->statusBar()->currentMessage()));
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
    QVERIFY(m_bed->prompter().asked().isEmpty()); // nothing was asked

    // Cancelled: nothing staged, and nothing written beside the manifests.
    const QString versions = QDir(m_bed->catalog()).filePath(u"people.lance/_versions"_s);
    const QStringList before = QDir(versions).entryList(QDir::Files);
    StagingTestbed::selectVersions(app, {2});
    m_bed->prompter().answerChoice(u"Cancel"_s);
    restore->trigger();
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
    QCOMPARE(QDir(versions).entryList(QDir::Files), before);
}

LCB_TEST_MAIN(TestRestoreVersion)
#include "TestRestoreVersion.moc"
