// SPDX-License-Identifier: Apache-2.0
// BranchController on its own: a real local catalog holding LanceDB's `people` (versions 1 to
// 3), a HeadlessWindow, a ScriptedPrompter that answers from the event loop. New Branch… makes
// a branch at the selected version and the list shows it; Delete Branch… asks first and removes
// it; a name in use is explained. While a question is open the Versions view may change under
// it (another table, another branch, the version gone): then nothing is made or deleted, and
// the steward is told why. The catalog itself is asked after each step.
#include "AwaitCall.h"
#include "Finished.h"
#include "HeadlessCatalog.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "VersionSelection.h"
#include "api/BranchMessages.h"
#include "catalog/TableVersionModel.h"
#include "ui/catalog/BranchController.h"
#include "ui/catalog/BranchSelector.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessCatalog;
using lance::test::ScriptedPrompter;
using lance::test::VersionSelection;
using lance::ui::BranchController;
using Id = lance::ui::WindowActions::Id;

class TestBranchController : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aBranchIsMadeAtTheSelectedVersion();
    void aNameInUseIsExplained();
    void aBranchIsDeletedAfterAsking();
    void anotherTableShownMeanwhileMakesNothing();
    void aVersionGoneMeanwhileMakesNothing();
    void aBranchGoneFromViewMeanwhileIsNotDeleted();

private:
    /// Runs `action` and waits for finished(); its value.
    bool run(void (BranchController::*action)());
    /// The people table's branches, as the catalog lists them.
    QStringList branches();
    /// Selects `table` and waits until its branches are listed.
    bool show(const Identifier &table);

    std::unique_ptr<HeadlessCatalog> m_catalog;
    std::unique_ptr<ScriptedPrompter> m_prompter;
    std::unique_ptr<BranchController> m_controller;
    const Identifier m_people{QStringList{u"people"_s}};
};

void TestBranchController::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open({u"pets"_s}));
    m_prompter = std::make_unique<ScriptedPrompter>();
    m_controller = std::make_unique<BranchController>(
        m_catalog->window(), m_catalog->session(),
        [this]() -> lance::ui::Prompter & { return *m_prompter; });
    QVERIFY(show(m_people));
}

void TestBranchController::cleanup()
{
    m_controller.reset();
    QCOMPARE(m_prompter->unanswered(), 0);
    m_catalog.reset();
}

bool TestBranchController::show(const Identifier &table)
{
    lance::ui::BranchSelector *selector = m_catalog->session().workspace()->branchSelector();
    QSignalSpy loaded(selector, &lance::ui::BranchSelector::branchesLoaded);
    return m_catalog->select(table)
           && (!loaded.isEmpty() || loaded.wait(HeadlessCatalog::TimeoutMs))
           && selector->available();
}

bool TestBranchController::run(void (BranchController::*action)())
{
    return lance::test::finishedWith(*m_controller, &BranchController::finished,
                                     [&] { (m_controller.get()->*action)(); });
}

QStringList TestBranchController::branches()
{
    lance::api::ListTableBranchesRequest request;
    request.id = m_people;
    const auto listed = lance::test::awaitCall(m_catalog->session().catalog(), request);
    return listed ? listed->branches.keys() : QStringList{u"(failed)"_s};
}

void TestBranchController::aBranchIsMadeAtTheSelectedVersion()
{
    QAction *newBranch = m_catalog->window().actions().action(Id::NewBranch);
    QVERIFY(newBranch->isEnabled());
    QVERIFY(!m_catalog->window().actions().action(Id::DeleteBranch)->isEnabled()); // main shown
    VersionSelection::select(*m_catalog->session().workspace(), {2});
    m_prompter->answerText(u"experiment/one"_s);
    QSignalSpy busy(newBranch, &QAction::enabledChanged);
    QVERIFY(run(&BranchController::newBranch));
    QVERIFY(m_prompter->lastTextQuestion().label.contains(u"starting at version 2 of main"_s));
    QVERIFY(!busy.isEmpty()); // greyed while the run was under way
    QVERIFY(newBranch->isEnabled());
    QCOMPARE(branches(), QStringList{u"experiment/one"_s});
    QCOMPARE(m_catalog->window().status(),
             u"Created branch experiment/one of people at version 2 of main."_s);
    // The list shows it, and the Versions view its versions.
    QTRY_COMPARE_WITH_TIMEOUT(m_catalog->session().workspace()->versionModel()->branch(),
                              std::optional(u"experiment/one"_s), HeadlessCatalog::TimeoutMs);
}

void TestBranchController::aNameInUseIsExplained()
{
    VersionSelection::select(*m_catalog->session().workspace(), {3});
    m_prompter->answerText(u"dev"_s);
    QVERIFY(run(&BranchController::newBranch));
    QTRY_VERIFY_WITH_TIMEOUT(m_catalog->session().workspace()->versionModel()->branch() == u"dev"_s,
                             HeadlessCatalog::TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(m_catalog->session().workspace()->versionModel()->state(),
                              lance::catalog::TableVersionModel::State::Loaded,
                              HeadlessCatalog::TimeoutMs);
    VersionSelection::select(*m_catalog->session().workspace(), {3});
    m_prompter->answerText(u"dev"_s);
    m_prompter->answerChoice(u"OK"_s);
    QVERIFY(!run(&BranchController::newBranch));
    QCOMPARE(m_prompter->lastQuestion().text, u"Nothing was changed."_s);
    QCOMPARE(m_prompter->lastQuestion().informativeText,
             u"The table has a branch of that name already; choose another name."_s);
    QCOMPARE(branches(), QStringList{u"dev"_s});
}

void TestBranchController::aBranchIsDeletedAfterAsking()
{
    VersionSelection::select(*m_catalog->session().workspace(), {2});
    m_prompter->answerText(u"dev"_s);
    QVERIFY(run(&BranchController::newBranch));
    QTRY_VERIFY_WITH_TIMEOUT(m_catalog->window().actions().action(Id::DeleteBranch)->isEnabled(),
                             HeadlessCatalog::TimeoutMs);
    // Cancel first: nothing goes.
    m_prompter->answerChoice(u"Cancel"_s);
    QVERIFY(!run(&BranchController::deleteBranch));
    QCOMPARE(m_prompter->lastQuestion().text, u"Delete branch dev of people?"_s);
    QCOMPARE(m_prompter->lastQuestion().defaultChoice, 1); // not on Enter
    QCOMPARE(branches(), QStringList{u"dev"_s});
    m_prompter->answerChoice(u"Delete Branch"_s);
    QVERIFY(run(&BranchController::deleteBranch));
    QCOMPARE(branches(), QStringList());
    QTRY_COMPARE_WITH_TIMEOUT(m_catalog->session().workspace()->versionModel()->branch(),
                              std::optional<QString>(), HeadlessCatalog::TimeoutMs);
}

void TestBranchController::anotherTableShownMeanwhileMakesNothing()
{
    VersionSelection::select(*m_catalog->session().workspace(), {2});
    m_prompter->answerText(u"dev"_s);
    m_prompter->answerChoice(u"OK"_s);
    // While the name is asked for, the tree's selection moves to pets.
    m_prompter->whileOpen([this] { QVERIFY(show(Identifier({u"pets"_s}))); });
    QVERIFY(!run(&BranchController::newBranch));
    QCOMPARE(m_prompter->lastQuestion().text, u"Nothing was changed."_s);
    QVERIFY2(m_prompter->lastQuestion().informativeText.contains(
                 u"The Versions view no longer shows people"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(branches(), QStringList());
}

void TestBranchController::aVersionGoneMeanwhileMakesNothing()
{
    VersionSelection::select(*m_catalog->session().workspace(), {1});
    m_prompter->answerText(u"dev"_s);
    m_prompter->answerChoice(u"OK"_s);
    // Another client deletes version 1 and the view is read again without it.
    m_prompter->whileOpen([this] { QVERIFY(m_catalog->deleteBehind(m_people, 1)); });
    QVERIFY(!run(&BranchController::newBranch));
    QVERIFY2(m_prompter->lastQuestion().informativeText.contains(
                 u"Version 1 of people is no longer listed"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(branches(), QStringList());
}

void TestBranchController::aBranchGoneFromViewMeanwhileIsNotDeleted()
{
    VersionSelection::select(*m_catalog->session().workspace(), {2});
    m_prompter->answerText(u"dev"_s);
    QVERIFY(run(&BranchController::newBranch));
    QTRY_VERIFY_WITH_TIMEOUT(m_catalog->window().actions().action(Id::DeleteBranch)->isEnabled(),
                             HeadlessCatalog::TimeoutMs);
    // While the confirmation is open, another client deletes dev and makes a new dev at
    // version 1; a refresh lists the branches again: the view is on main, dev is another one.
    m_prompter->answerChoice(u"Delete Branch"_s);
    m_prompter->answerChoice(u"OK"_s);
    m_prompter->whileOpen([this] {
        lance::api::DeleteTableBranchRequest remove;
        remove.id = m_people;
        remove.name = u"dev"_s;
        QVERIFY(lance::test::awaitCall(m_catalog->session().catalog(), remove));
        m_catalog->session().workspace()->branchSelector()->relist();
        QTRY_COMPARE_WITH_TIMEOUT(m_catalog->session().workspace()->versionModel()->branch(),
                                  std::optional<QString>(), HeadlessCatalog::TimeoutMs);
        lance::api::CreateTableBranchRequest again;
        again.id = m_people;
        again.name = u"dev"_s;
        again.fromVersion = 1;
        QVERIFY(lance::test::awaitCall(m_catalog->session().catalog(), again));
    });
    QVERIFY(!run(&BranchController::deleteBranch));
    QVERIFY2(m_prompter->lastQuestion().informativeText.contains(
                 u"The Versions view shows main of people now, not branch dev."_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(branches(), QStringList{u"dev"_s});
}

LCB_TEST_MAIN(TestBranchController)
#include "TestBranchController.moc"
