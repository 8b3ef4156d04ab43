// SPDX-License-Identifier: Apache-2.0
// StagingController on its own: a real local catalog holding the LanceDB table `people`, a
// HeadlessWindow in place of the main window, a ScriptedPrompter, real dialogs answered from
// inside their event loop. What the controller asks of the window is read back from the host.
#include "HeadlessCatalog.h"
#include "NextDialog.h"
#include "ScriptedPrompter.h"
#include "staging/PendingChanges.h"
#include "staging/StagingJournal.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/MessageBanner.h"
#include "ui/staging/DeclareTableDialog.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/staging/StagingController.h"
#include "ui/window/WindowActions.h"

#include <QAction>
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
    void selectedVersionsAreDeletedWithoutADialog();
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

void TestStagingController::selectedVersionsAreDeletedWithoutADialog()
{
    auto controller = makeController();
    QVERIFY(m_catalog->select(m_people));
    QTableView *view = m_catalog->session().workspace()->versionsPanel()->tableView();
    QVERIFY(view->model()->rowCount() >= 2);
    view->selectionModel()->select(view->model()->index(0, 0),
                                   QItemSelectionModel::Select | QItemSelectionModel::Rows);
    action(Id::DeleteVersions)->trigger(); // a dialog would hang here: none may open
    QCOMPARE(controller->changes().count(), 1);
    const auto *remove = std::get_if<lance::api::BatchDeleteTableVersionsRequest>(
        &controller->changes().stagedAt(0).operation);
    QVERIFY(remove);
    // The newest version, row 0, alone: ranges end before their end_version.
    QCOMPARE(remove->ranges.size(), 1);
    QCOMPARE(remove->ranges.first().startVersion, 3);
    QCOMPARE(remove->ranges.first().endVersion, 4);
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

QTEST_MAIN(TestStagingController)
#include "TestStagingController.moc"
