// SPDX-License-Identifier: Apache-2.0
// TableRenameController on its own: a real local catalog holding LanceDB's `people` and a copy
// of it as `pets`, a HeadlessWindow, a ScriptedPrompter that answers from the event loop, and
// the Pending Changes it stages into. Rename Table… stages the rename (or move) typed; what the
// window can tell is wrong is refused with nothing staged. While the question is open the tree
// may select another table, or a commit may start: then nothing is staged, and the steward is
// told why.
#include "Finished.h"
#include "HeadlessCatalog.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "staging/PendingChanges.h"
#include "staging/StagedRenames.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/staging/TableRenameController.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessCatalog;
using lance::test::ScriptedPrompter;
using lance::ui::TableRenameController;

class TestTableRenameController : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aRenameIsStaged();
    void whatTheWindowKnowsIsWrongIsRefused();
    void anotherTableSelectedMeanwhileStagesNothing();
    void aCommitStartedMeanwhileStagesNothing();

private:
    bool rename();

    std::unique_ptr<HeadlessCatalog> m_catalog;
    std::unique_ptr<ScriptedPrompter> m_prompter;
    std::unique_ptr<lance::staging::PendingChanges> m_changes;
    std::unique_ptr<TableRenameController> m_controller;
    const Identifier m_people{QStringList{u"people"_s}};
};

void TestTableRenameController::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open({u"pets"_s}));
    m_prompter = std::make_unique<ScriptedPrompter>();
    m_changes = std::make_unique<lance::staging::PendingChanges>();
    m_controller = std::make_unique<TableRenameController>(
        m_catalog->window(), m_catalog->session(), *m_changes,
        [this]() -> lance::ui::Prompter & { return *m_prompter; });
    QVERIFY(m_catalog->select(m_people));
}

void TestTableRenameController::cleanup()
{
    m_controller.reset();
    QCOMPARE(m_prompter->unanswered(), 0);
    m_changes.reset();
    m_catalog.reset();
}

bool TestTableRenameController::rename()
{
    return lance::test::finishedWith(*m_controller, &TableRenameController::finished,
                                     [this] { m_controller->rename(); });
}

void TestTableRenameController::aRenameIsStaged()
{
    // Into a namespace the tree does not list: said, and staged when the steward says so.
    m_prompter->answerText(u"zoo$people_2025"_s);
    m_prompter->answerChoice(u"Stage Anyway"_s);
    QVERIFY(rename());
    QCOMPARE(m_prompter->lastQuestion().text,
             u"The tree lists no namespace zoo to move the table into."_s);
    QCOMPARE(m_prompter->lastTextQuestion().text, u"people"_s); // pre-filled
    QCOMPARE(m_changes->renames().count(), 1);
    const lance::api::RenameTableRequest &staged = m_changes->renames().stagedAt(0).request;
    QCOMPARE(staged.id, m_people);
    QCOMPARE(staged.newTableName, u"people_2025"_s);
    QCOMPARE(staged.newNamespaceId, std::optional(Identifier({u"zoo"_s})));
    QCOMPARE(m_catalog->window().status(),
             u"Staged: rename people to zoo$people_2025, applied on its own after the batch."_s);
    QCOMPARE(m_changes->count(), 0); // apart from the batch

    // Left as it was: nothing more is staged, nothing said.
    m_prompter->answerText(u"people"_s);
    QVERIFY(!rename());
    QCOMPARE(m_changes->renames().count(), 1);
}

void TestTableRenameController::whatTheWindowKnowsIsWrongIsRefused()
{
    // Said while typing, so the name is fixed in place rather than lost.
    m_prompter->answerText(u"pets"_s); // shown in the tree
    QVERIFY(!rename());
    QCOMPARE(m_prompter->lastTextProblem(),
             u"Pets exists already; a rename never replaces anything."_s);
    m_prompter->answerText(u"a$$b"_s);
    QVERIFY(!rename());
    QVERIFY(!m_prompter->lastTextProblem().isEmpty());
    m_prompter->answerText(u"../escaped"_s);
    QVERIFY(!rename());
    QVERIFY2(m_prompter->lastTextProblem().contains(u"names become folders"_s),
             qPrintable(m_prompter->lastTextProblem()));
    QCOMPARE(m_changes->renames().count(), 0);
}

void TestTableRenameController::anotherTableSelectedMeanwhileStagesNothing()
{
    m_prompter->answerText(u"humans"_s);
    m_prompter->answerChoice(u"OK"_s);
    m_prompter->whileOpen([this] { QVERIFY(m_catalog->select(Identifier({u"pets"_s}))); });
    QVERIFY(!rename());
    QVERIFY2(m_prompter->lastQuestion().informativeText.startsWith(
                 u"The tree no longer selects people"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(m_changes->renames().count(), 0);
}

void TestTableRenameController::aCommitStartedMeanwhileStagesNothing()
{
    m_prompter->answerText(u"humans"_s);
    m_prompter->answerChoice(u"OK"_s);
    m_prompter->whileOpen([this] { m_changes->setFrozen(true); });
    QVERIFY(!rename());
    QCOMPARE(m_prompter->lastQuestion().informativeText,
             u"A commit is under way: nothing can be staged until it has its answer."_s);
    QCOMPARE(m_changes->renames().count(), 0);
}

LCB_TEST_MAIN(TestTableRenameController)
#include "TestTableRenameController.moc"
