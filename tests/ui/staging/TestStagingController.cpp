// SPDX-License-Identifier: Apache-2.0
// StagingController on its own: a real local catalog holding the LanceDB table `people`, a
// HeadlessWindow in place of the main window, a ScriptedPrompter, real dialogs answered from
// inside their event loop. What the controller asks of the window is read back from the host.
#include "AwaitCall.h"
#include "HeadlessCatalog.h"
#include "NextDialog.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/BranchMessages.h"
#include "catalog/TableVersionModel.h"
#include "staging/PendingChanges.h"
#include "staging/StagingJournal.h"
#include "ui/catalog/BranchSelector.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/MessageBanner.h"
#include "ui/staging/DeclareTableDialog.h"
#include "ui/staging/DeleteVersionsDialog.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/staging/StagingController.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessCatalog;
using lance::test::NextDialog;
using lance::test::ScriptedPrompter;
using lance::ui::StagingController;
using Id = lance::ui::WindowActions::Id;
using Pane = lance::ui::WindowHost::Pane;

class TestStagingController : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void takesItsPanesAndGuardsTheClose();
    void actionsFollowTheSelection();
    void deregisteringMarksTheWindowAndWritesTheJournal();
    void declaringGoesThroughTheDialog();
    void deleteVersionsAlwaysAsks();
    void aBranchOnScreenLeavesMainsChecksAlone();
    void selectedVersionsFillTheDialog();
    void deregisterTakesEverySelectedTable();
    void aRefusalShowsInTheBanner();
    void closingAsksWhatToDoWithStagedWork();
    void aNewControllerRestoresTheJournal();
    void destroyingItLeavesTheWindowClean();

private:
    std::unique_ptr<StagingController> makeController();
    QAction *action(Id id) { return m_catalog->window().actions().action(id); }

    std::unique_ptr<HeadlessCatalog> m_catalog;
    ScriptedPrompter m_prompter;
    const Identifier m_people{QStringList{u"people"_s}};
};

void TestStagingController::init()
{
    m_prompter = ScriptedPrompter();
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open());
}

void TestStagingController::cleanup()
{
    m_catalog.reset();
}

std::unique_ptr<StagingController> TestStagingController::makeController()
{
    return std::make_unique<StagingController>(
        m_catalog->window(), m_catalog->session(),
        [this]() -> lance::ui::Prompter & { return m_prompter; }, m_catalog->stateFolder());
}

void TestStagingController::takesItsPanesAndGuardsTheClose()
{
    auto controller = makeController();
    QCOMPARE(m_catalog->window().pane(Pane::PendingChanges), controller->panel());
    QVERIFY(m_catalog->window().hasCloseGuard());
    QVERIFY(m_catalog->window().mayClose()); // nothing staged: nothing to ask
    QVERIFY(m_prompter.asked().isEmpty());
    QVERIFY(!m_catalog->window().isModified());
    auto *count = m_catalog->window().dialogParent()->findChild<QLabel *>(u"stagedCount"_s);
    QVERIFY(count);
    QVERIFY(count->isHidden());
}

void TestStagingController::actionsFollowTheSelection()
{
    auto controller = makeController();
    // The session selects the first table it finds, as the browser does at start.
    QTRY_COMPARE(m_catalog->session().workspace()->currentIdentifier(), m_people);
    QVERIFY(action(Id::DeclareTable)->isEnabled());
    QVERIFY(action(Id::CreateVersion)->isEnabled());
    QVERIFY(action(Id::DeleteVersions)->isEnabled());
    QVERIFY(action(Id::DeregisterTable)->isEnabled());
    // No table selected: only declaring is left.
    m_catalog->session().workspace()->treeView()->selectionModel()->clear();
    QTRY_VERIFY(!action(Id::CreateVersion)->isEnabled());
    QVERIFY(!action(Id::DeleteVersions)->isEnabled());
    QVERIFY(!action(Id::DeregisterTable)->isEnabled());
    QVERIFY(action(Id::DeclareTable)->isEnabled());
}

void TestStagingController::deregisteringMarksTheWindowAndWritesTheJournal()
{
    auto controller = makeController();
    QVERIFY(m_catalog->select(m_people));
    action(Id::DeregisterTable)->trigger();
    QCOMPARE(controller->changes().count(), 1);
    QVERIFY(m_catalog->window().isModified());
    auto *count = m_catalog->window().dialogParent()->findChild<QLabel *>(u"stagedCount"_s);
    QCOMPARE(count->text(), u"1 change staged"_s);
    QVERIFY(!count->isHidden());
    controller->journal().flush();
    const QStringList journals = QDir(m_catalog->stateFolder()).entryList(QDir::Files);
    QVERIFY2(!journals.isEmpty(), "no journal written");
}

void TestStagingController::declaringGoesThroughTheDialog()
{
    auto controller = makeController();
    NextDialog::handle<lance::ui::DeclareTableDialog>(
        m_catalog->window().dialogParent(), [](QDialog *dialog) {
            auto *name = dialog->findChild<QLineEdit *>(u"nameEdit"_s);
            name->selectAll();
            QTest::keyClicks(name, u"interns"_s);
            QTest::mouseClick(dialog->findChild<QPushButton *>(u"stageButton"_s), Qt::LeftButton);
        });
    action(Id::DeclareTable)->trigger();
    QCOMPARE(controller->changes().count(), 1);
    const auto *declare = std::get_if<lance::api::DeclareTableRequest>(
        &controller->changes().stagedAt(0).operation);
    QVERIFY(declare);
    QCOMPARE(declare->id, Identifier(QStringList{u"interns"_s}));
}

void TestStagingController::deleteVersionsAlwaysAsks()
{
    auto controller = makeController();
    QVERIFY(m_catalog->select(m_people));
    const lance::ui::VersionsPanel *panel = m_catalog->session().workspace()->versionsPanel();
    QTRY_VERIFY(panel->tableView()->model()->rowCount() >= 2);
    // Opening a table shows its newest version without selecting it.
    QVERIFY(panel->tableView()->currentIndex().isValid());
    QVERIFY(panel->selectedVersions().isEmpty());
    QString from;
    bool confirmShown = true;
    NextDialog::handle<lance::ui::DeleteVersionsDialog>(
        m_catalog->window().dialogParent(), [&](QDialog *dialog) {
            from = dialog->findChild<QLineEdit *>(u"fromEdit"_s)->text();
            confirmShown = !dialog->findChild<QCheckBox *>(u"confirmCheck"_s)->isHidden();
            // Cancel: nothing is staged.
        });
    action(Id::DeleteVersions)->trigger();
    QCOMPARE(from, u"1"_s); // the oldest, not the newest that is shown
    QVERIFY(!confirmShown);
    QCOMPARE(controller->changes().count(), 0);
}

// A steward's walk: with a delete of main's versions staged, a branch shown in the Versions view
// made the row say "nothing would be deleted" (checked against the branch's versions), while the
// review listed the versions and the commit deleted them.
void TestStagingController::aBranchOnScreenLeavesMainsChecksAlone()
{
    auto controller = makeController();
    lance::catalog::TableVersionModel *versions = m_catalog->session().workspace()->versionModel();
    // Listed again with the controller watching (the session listed them at start).
    versions->setTable(m_people);
    QTRY_COMPARE(versions->state(), lance::catalog::TableVersionModel::State::Loaded);
    lance::api::BatchDeleteTableVersionsRequest remove;
    remove.id = m_people;
    remove.ranges = {{2, 4}};
    LCB_VERIFY_OK(controller->changes().stage(remove));
    const auto sentences = [&] {
        QStringList all;
        for (const auto &problem : controller->changes().problemsAt(0)) {
            all << problem.message;
        }
        return all;
    };
    const QStringList onMain = sentences();
    QCOMPARE(onMain, QStringList{u"This deletes version 3, the latest of people; readers will "
                                 "see version 1 instead."_s});
    // A branch at version 1, shown: its versions are its own, main's row keeps its check.
    lance::api::CreateTableBranchRequest branch;
    branch.id = m_people;
    branch.name = u"exp"_s;
    branch.fromVersion = 1;
    QVERIFY(lance::test::awaitCall(m_catalog->session().catalog(), branch).hasValue());
    lance::ui::BranchSelector *selector = m_catalog->session().workspace()->branchSelector();
    selector->reload(u"exp"_s);
    QTRY_COMPARE(versions->branch(), std::optional(u"exp"_s));
    QTRY_COMPARE(versions->state(), lance::catalog::TableVersionModel::State::Loaded);
    QCOMPARE(versions->listedVersions().size(), 1);
    QCOMPARE(sentences(), onMain);
    // A delete staged on the branch is checked against the branch's versions.
    remove.branch = u"exp"_s;
    remove.ranges = {{2, 3}};
    LCB_VERIFY_OK(controller->changes().stage(remove));
    QCOMPARE(controller->changes().count(), 2);
    QString second;
    for (const auto &problem : controller->changes().problemsAt(1)) {
        second += problem.message;
    }
    QCOMPARE(second, u"No known version of people (branch exp) is in version 2; nothing would "
                     "be deleted."_s);
}

void TestStagingController::selectedVersionsFillTheDialog()
{
    auto controller = makeController();
    QVERIFY(m_catalog->select(m_people));
    QTableView *view = m_catalog->session().workspace()->versionsPanel()->tableView();
    QTRY_VERIFY(view->model()->rowCount() >= 3);
    // Rows 0 and 1 are versions 3 and 2, the newest: Shift extends the selection.
    view->setFocus();
    view->selectionModel()->setCurrentIndex(view->model()->index(1, 0),
                                            QItemSelectionModel::ClearAndSelect
                                                | QItemSelectionModel::Rows);
    QTest::keyClick(view, Qt::Key_Up, Qt::ShiftModifier);
    QCOMPARE(view->selectionModel()->selectedRows().size(), 2);
    QString from;
    QString to;
    bool stageEnabledBeforeTick = true;
    NextDialog::handle<lance::ui::DeleteVersionsDialog>(
        m_catalog->window().dialogParent(), [&](QDialog *dialog) {
            from = dialog->findChild<QLineEdit *>(u"fromEdit"_s)->text();
            to = dialog->findChild<QLineEdit *>(u"toEdit"_s)->text();
            auto *stage = dialog->findChild<QPushButton *>(u"stageButton"_s);
            stageEnabledBeforeTick = stage->isEnabled();
            // The newest version is among them: the tick is asked for.
            dialog->findChild<QCheckBox *>(u"confirmCheck"_s)->setChecked(true);
            QTest::mouseClick(stage, Qt::LeftButton);
        });
    action(Id::DeleteVersions)->trigger();
    QCOMPARE(from, u"2"_s);
    QCOMPARE(to, u"3"_s);
    QVERIFY(!stageEnabledBeforeTick);
    QCOMPARE(controller->changes().count(), 1);
    const auto *remove = std::get_if<lance::api::BatchDeleteTableVersionsRequest>(
        &controller->changes().stagedAt(0).operation);
    QVERIFY(remove);
    QCOMPARE(remove->ranges.size(), 1);
    QCOMPARE(remove->ranges.first().startVersion, 2);
    QCOMPARE(remove->ranges.first().endVersion, 4);
}

void TestStagingController::deregisterTakesEverySelectedTable()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open({u"staff"_s}));
    auto controller = makeController();
    QVERIFY(m_catalog->select(m_people));
    QTreeView *tree = m_catalog->session().workspace()->treeView();
    const QModelIndex people = tree->currentIndex();
    const QModelIndex sibling = people.siblingAtRow(people.row() == 0 ? 1 : 0);
    QVERIFY(sibling.isValid());
    tree->selectionModel()->select(sibling,
                                   QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QCOMPARE(m_catalog->session().workspace()->selectedTables().size(), 2);
    action(Id::DeregisterTable)->trigger();
    QCOMPARE(controller->changes().count(), 2);
    for (int row = 0; row < 2; ++row) {
        QVERIFY(std::holds_alternative<lance::api::DeregisterTableRequest>(
            controller->changes().stagedAt(row).operation));
    }
    // One step to take back.
    LCB_VERIFY_OK(controller->changes().undo());
    QCOMPARE(controller->changes().count(), 0);
}

void TestStagingController::aRefusalShowsInTheBanner()
{
    auto controller = makeController();
    const QString file = QDir(m_catalog->stateFolder()).filePath(u"not-a-batch.json"_s);
    QFile bad(file);
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"operations\": 7}");
    bad.close();
    QVERIFY(m_catalog->window().bannerText().isEmpty());
    m_prompter.answerText(file);
    controller->importBatch();
    QCOMPARE(controller->changes().count(), 0);
    QVERIFY2(m_catalog->window().bannerText().contains(u"operations"_s),
             qPrintable(m_catalog->window().bannerText()));
    QCOMPARE(m_catalog->window().banner().severity(), lance::ui::MessageBanner::Severity::Warning);
}

void TestStagingController::closingAsksWhatToDoWithStagedWork()
{
    auto controller = makeController();
    QVERIFY(m_catalog->select(m_people));
    action(Id::DeregisterTable)->trigger();
    m_prompter.answerChoice(u"Cancel"_s);
    QVERIFY(!m_catalog->window().mayClose());
    QCOMPARE(controller->changes().count(), 1);
    m_prompter.answerChoice(u"Keep for Next Time"_s);
    QVERIFY(m_catalog->window().mayClose());
    QCOMPARE(controller->changes().count(), 1);
    m_prompter.answerChoice(u"Discard"_s);
    QVERIFY(m_catalog->window().mayClose());
    QCOMPARE(controller->changes().count(), 0);
    QCOMPARE(m_prompter.unanswered(), 0);
}

void TestStagingController::aNewControllerRestoresTheJournal()
{
    {
        auto first = makeController();
        QVERIFY(m_catalog->select(m_people));
        action(Id::DeregisterTable)->trigger();
        QCOMPARE(first->changes().count(), 1);
    } // flushed when it goes, as when the catalog is switched
    auto second = makeController();
    QCOMPARE(second->changes().count(), 1);
    QCOMPARE(m_catalog->window().status(), u"Restored 1 staged operation from the last session."_s);
    QVERIFY(m_catalog->window().isModified());
}

void TestStagingController::destroyingItLeavesTheWindowClean()
{
    auto controller = makeController();
    QVERIFY(m_catalog->select(m_people));
    action(Id::DeregisterTable)->trigger();
    QVERIFY(m_catalog->window().isModified());
    controller.reset();
    QVERIFY(!m_catalog->window().isModified());
    QVERIFY(!m_catalog->window().hasCloseGuard());
    QVERIFY(!action(Id::DeregisterTable)->isEnabled());
    QVERIFY(!m_catalog->window().dialogParent()->findChild<QLabel *>(u"stagedCount"_s));
}

LCB_TEST_MAIN(TestStagingController)
#include "TestStagingController.moc"
