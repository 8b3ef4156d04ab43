// SPDX-License-Identifier: Apache-2.0
// The Pending Changes dock over a real PendingChanges: the rows, the count on Commit, undo and
// redo, removing and discarding (asked first), and everything greyed while a commit runs.
#include "ScriptedPrompter.h"
#include "StagingOperations.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "staging/PendingChanges.h"
#include "ui/staging/PendingChangesPanel.h"

#include <QAction>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::staging::PendingChanges;
using lance::test::StagingOperations;
using lance::ui::PendingChangesPanel;

class TestPendingChangesPanel : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void showsTheRowsAndTheCount();
    void undoAndRedoFollowTheModel();
    void removesTheSelectedRows();
    void discardAllAsksFirst();
    void aCommitInFlightGreysEverything();
    void blockingProblemsDisableCommit();

private:
    QAction *action(const QString &name) { return m_panel->findChild<QAction *>(name); }
    void selectRow(int row)
    {
        m_panel->table()->selectionModel()->select(m_changes->index(row, 0),
                                                   QItemSelectionModel::ClearAndSelect
                                                       | QItemSelectionModel::Rows);
    }

    std::unique_ptr<PendingChanges> m_changes;
    lance::test::ScriptedPrompter m_prompter;
    std::unique_ptr<PendingChangesPanel> m_panel;
};

void TestPendingChangesPanel::init()
{
    m_changes = std::make_unique<PendingChanges>();
    m_prompter = lance::test::ScriptedPrompter();
    m_panel = std::make_unique<PendingChangesPanel>(*m_changes, m_prompter);
    m_panel->show();
}

void TestPendingChangesPanel::cleanup()
{
    QCOMPARE(m_prompter.unanswered(), 0);
    m_panel.reset();
    m_changes.reset();
}

void TestPendingChangesPanel::showsTheRowsAndTheCount()
{
    QVERIFY(m_panel->findChild<QLabel *>(u"emptyLabel"_s)->isVisible());
    QVERIFY(!m_panel->commitButton()->isEnabled());
    LCB_VERIFY_OK(m_changes->stage(StagingOperations::declare(u"sales$orders"_s)));
    LCB_VERIFY_OK(m_changes->stage(StagingOperations::create(u"sales$orders"_s, 1)));
    QVERIFY(m_panel->table()->isVisible());
    QCOMPARE(m_panel->table()->model()->rowCount(), 2);
    QCOMPARE(m_panel->commitButton()->text(), u"Commit (2)"_s);
    QVERIFY(m_panel->commitButton()->isEnabled());

    QSignalSpy commit(m_panel.get(), &PendingChangesPanel::commitRequested);
    QTest::mouseClick(m_panel->commitButton(), Qt::LeftButton);
    QCOMPARE(commit.count(), 1);
}

void TestPendingChangesPanel::undoAndRedoFollowTheModel()
{
    QVERIFY(!action(u"undoAction"_s)->isEnabled());
    m_changes->stage(StagingOperations::declare(u"t"_s));
    QVERIFY(action(u"undoAction"_s)->isEnabled());
    action(u"undoAction"_s)->trigger();
    QCOMPARE(m_changes->count(), 0);
    QVERIFY(action(u"redoAction"_s)->isEnabled());
    action(u"redoAction"_s)->trigger();
    QCOMPARE(m_changes->count(), 1);
}

void TestPendingChangesPanel::removesTheSelectedRows()
{
    m_changes->stage(StagingOperations::declare(u"a"_s));
    m_changes->stage(StagingOperations::declare(u"b"_s));
    QVERIFY(!action(u"removeAction"_s)->isEnabled());
    selectRow(0);
    QVERIFY(action(u"removeAction"_s)->isEnabled());
    action(u"removeAction"_s)->trigger();
    QCOMPARE(m_changes->count(), 1);
    QCOMPARE(m_changes->index(0, PendingChanges::TargetColumn).data().toString(), u"b"_s);

    QSignalSpy edit(m_panel.get(), &PendingChangesPanel::editRequested);
    selectRow(0);
    action(u"editAction"_s)->trigger();
    QCOMPARE(edit.count(), 1);
    QCOMPARE(edit.at(0).at(0).toULongLong(), m_changes->stagedAt(0).rowId);
}

void TestPendingChangesPanel::discardAllAsksFirst()
{
    m_changes->stage(StagingOperations::declare(u"a"_s));
    m_changes->stage(StagingOperations::declare(u"b"_s));
    m_prompter.answerChoice(u"Cancel"_s);
    action(u"discardAction"_s)->trigger();
    QCOMPARE(m_changes->count(), 2);
    m_prompter.answerChoice(u"Discard All"_s);
    action(u"discardAction"_s)->trigger();
    QCOMPARE(m_changes->count(), 0);
    QCOMPARE(m_prompter.asked().size(), 2);
    // One undo step brings both back.
    action(u"undoAction"_s)->trigger();
    QCOMPARE(m_changes->count(), 2);
}

void TestPendingChangesPanel::aCommitInFlightGreysEverything()
{
    m_changes->stage(StagingOperations::declare(u"a"_s));
    selectRow(0);
    m_changes->setFrozen(true);
    for (const QString &name : {u"undoAction"_s, u"removeAction"_s, u"discardAction"_s,
                                u"editAction"_s, u"importAction"_s}) {
        QVERIFY2(!action(name)->isEnabled(), qPrintable(name));
    }
    QVERIFY(!m_panel->commitButton()->isEnabled());
    QVERIFY(action(u"exportAction"_s)->isEnabled()); // reading is fine
    m_changes->setFrozen(false);
    QVERIFY(m_panel->commitButton()->isEnabled());
}

void TestPendingChangesPanel::blockingProblemsDisableCommit()
{
    m_changes->stage(StagingOperations::create(u"t"_s, 3));
    m_changes->stage(StagingOperations::create(u"t"_s, 3)); // the same version twice
    QVERIFY(m_changes->hasBlockingProblems());
    QVERIFY(!m_panel->commitButton()->isEnabled());
    const QString problems = m_changes->index(1, PendingChanges::ProblemsColumn).data().toString();
    QVERIFY(!problems.isEmpty());
}

LCB_TEST_MAIN(TestPendingChangesPanel)
#include "TestPendingChangesPanel.moc"
