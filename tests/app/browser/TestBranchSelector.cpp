// SPDX-License-Identifier: Apache-2.0
// The branch selector over the Versions view, in the real window, on a table LanceDB branched
// itself (tests/data/lance/branches): hidden for a table without branches, it lists main and
// the table's branches, and choosing one lists that branch's versions; staging that acts on a
// selected version refuses while another branch is shown; another table starts on main. New
// Branch… starts a branch at the selected version of the branch shown and lists it; Delete
// Branch… asks first and removes it; refused and cancelled ones change nothing. A tag on a
// branch's version shows on that branch and keeps the branch until it is deleted.
#include "BrowserApplication.h"
#include "LanceFixture.h"
#include "SettledLayout.h"
#include "StagingTestbed.h"
#include "TestRegistry.h"
#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "engine/CatalogEngine.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/BranchController.h"
#include "ui/catalog/BranchSelector.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionTagController.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/window/MainWindow.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::test::StagingTestbed;
using Id = lance::ui::WindowActions::Id;

namespace {

QList<qint64> listed(const lance::catalog::TableVersionModel &model)
{
    QList<qint64> numbers;
    for (const lance::api::TableVersion &version : model.listedVersions()) {
        numbers << version.version;
    }
    return numbers;
}

} // namespace

class TestBranchSelector : public QObject
{
    Q_OBJECT

private slots:
    void branchesAreChosenAboveTheVersions();
    void branchesAreMadeAndDeletedFromTheWindow();

private:
    /// orders (LanceDB's branches) registered behind the window's back and selected, its
    /// branches listed.
    static bool openOrders(StagingTestbed &bed, BrowserApplication &app);
    /// Triggers `id` and waits for BranchController::finished (applied or not).
    static bool runBranchAction(BrowserApplication &app, Id id);
};

bool TestBranchSelector::openOrders(StagingTestbed &bed, BrowserApplication &app)
{
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    if (!lance::test::LanceFixture::copyInto(u"branches/orders.lance"_s, bed.catalog(),
                                             u"orders.lance"_s)) {
        return false;
    }
    {
        lance::engine::CatalogEngine::Options options;
        options.root = bed.catalog();
        auto engine = lance::engine::CatalogEngine::open(options);
        if (!engine) {
            return false;
        }
        lance::api::RegisterTableRequest orders;
        orders.id = Identifier({u"orders"_s});
        orders.location = QDir(bed.catalog()).filePath(u"orders.lance"_s);
        if (!(*engine)->run(orders)) {
            return false;
        }
    }
    workspace->refresh();
    if (!QTest::qWaitFor(
            [&] { return workspace->treeModel()->indexForId(Identifier({u"orders"_s})).isValid(); },
            StagingTestbed::TimeoutMs)) {
        return false;
    }
    QSignalSpy loaded(workspace->branchSelector(), &lance::ui::BranchSelector::branchesLoaded);
    workspace->select(Identifier({u"orders"_s}));
    return (loaded.count() == 1 || loaded.wait(StagingTestbed::TimeoutMs))
           && QTest::qWaitFor(
               [&] {
                   return listed(*workspace->versionModel()) == QList<qint64>{3, 2, 1};
               },
               StagingTestbed::TimeoutMs);
}

bool TestBranchSelector::runBranchAction(BrowserApplication &app, Id id)
{
    auto *controller = app.session()->findChild<lance::ui::BranchController *>();
    if (!controller) {
        return false;
    }
    QSignalSpy finished(controller, &lance::ui::BranchController::finished);
    app.window()->actions().action(id)->trigger();
    return finished.count() == 1 || finished.wait(StagingTestbed::TimeoutMs);
}

void TestBranchSelector::branchesAreChosenAboveTheVersions()
{
    StagingTestbed bed;
    QVERIFY(bed.isValid());
    BrowserApplication app;
    QVERIFY(bed.start(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    auto *selector = workspace->versionsPanel()->findChild<lance::ui::BranchSelector *>();
    QVERIFY(selector);
    QVERIFY(!selector->isVisibleTo(workspace->versionsPanel())); // people has no branches
    QVERIFY(openOrders(bed, app));
    lance::catalog::TableVersionModel &model = *workspace->versionModel();
    QVERIFY(selector->isVisibleTo(workspace->versionsPanel()));
    QComboBox *combo = selector->comboBox();
    QCOMPARE(combo->count(), 3);
    QCOMPARE(combo->itemText(0), u"main"_s);
    QCOMPARE(combo->itemText(1), u"dev"_s);
    QCOMPARE(combo->itemText(2), u"dev/fix"_s);
    QCOMPARE(combo->itemData(2, Qt::ToolTipRole).toString(), u"Made from dev at version 3"_s);

    // dev: its own versions, 2 (where it began) and 3 (its append).
    combo->setCurrentIndex(1);
    emit combo->activated(1);
    QCOMPARE(model.branch(), std::optional(u"dev"_s));
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2}), StagingTestbed::TimeoutMs);
    QCOMPARE(combo->currentText(), u"dev"_s); // listing again keeps the choice
    QTRY_VERIFY_WITH_TIMEOUT(model.state() == lance::catalog::TableVersionModel::State::Loaded,
                             StagingTestbed::TimeoutMs);
    app.window()->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
    QVERIFY(lance::test::SettledLayout::wait(*app.window()));
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", bed.filePath({}));
    QVERIFY(app.window()->grab().toImage().save(QDir(folder).filePath(u"browser-branches.png"_s)));

    // Changes are staged on main: deleting versions refuses here, saying why.
    app.window()->actions().action(Id::DeleteVersions)->trigger();
    QVERIFY2(app.window()->statusBar()->currentMessage().contains(u"shows the branch dev"_s),
             qPrintable(app.window()->statusBar()->currentMessage()));
    QVERIFY(StagingTestbed::changes(app).isEmpty());

    // Back to main; and another table starts on main, with the selector hidden.
    combo->setCurrentIndex(0);
    emit combo->activated(0);
    QCOMPARE(model.branch(), std::nullopt);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2, 1}), StagingTestbed::TimeoutMs);
    combo->setCurrentIndex(2);
    emit combo->activated(2);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), QList<qint64>{3}, StagingTestbed::TimeoutMs);
    workspace->select(Identifier({u"people"_s}));
    QTRY_VERIFY_WITH_TIMEOUT(!selector->isVisibleTo(workspace->versionsPanel()),
                             StagingTestbed::TimeoutMs);
    QCOMPARE(model.branch(), std::nullopt);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2, 1}), StagingTestbed::TimeoutMs);
    QCOMPARE(bed.prompter().unanswered(), 0);
    QVERIFY(bed.close(app, {}));
}

void TestBranchSelector::branchesAreMadeAndDeletedFromTheWindow()
{
    StagingTestbed bed;
    QVERIFY(bed.isValid());
    BrowserApplication app;
    QVERIFY(bed.start(app));
    QVERIFY(openOrders(bed, app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    lance::ui::BranchSelector *selector = workspace->branchSelector();
    lance::catalog::TableVersionModel &model = *workspace->versionModel();
    QAction *newBranch = app.window()->actions().action(Id::NewBranch);
    QAction *deleteBranch = app.window()->actions().action(Id::DeleteBranch);
    QTRY_VERIFY_WITH_TIMEOUT(newBranch->isEnabled(), StagingTestbed::TimeoutMs);
    QVERIFY(!deleteBranch->isEnabled()); // main is shown
    const QString table = QDir(bed.catalog()).filePath(u"orders.lance"_s);

    // Version 2 of main, as "qa/one": the question says where it starts; then the list shows it.
    StagingTestbed::selectVersions(app, {2});
    bed.prompter().answerText(u"qa/one"_s);
    QVERIFY(runBranchAction(app, Id::NewBranch));
    QVERIFY2(bed.prompter().lastTextQuestion().label.contains(u"version 2 of main"_s),
             qPrintable(bed.prompter().lastTextQuestion().label));
    QTRY_COMPARE_WITH_TIMEOUT(model.branch(), std::optional(u"qa/one"_s),
                              StagingTestbed::TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), QList<qint64>{2}, StagingTestbed::TimeoutMs);
    QCOMPARE(selector->comboBox()->currentText(), u"qa/one"_s);
    QVERIFY(QFileInfo::exists(table + u"/_refs/branches/qa%2Fone.json"_s));
    QVERIFY(app.window()->statusBar()->currentMessage().contains(u"Created branch qa/one"_s));

    // A name in use, and one Lance would not take: explained, nothing made.
    StagingTestbed::selectVersions(app, {2});
    bed.prompter().answerText(u"dev"_s);
    bed.prompter().answerChoice(u"OK"_s);
    QVERIFY(runBranchAction(app, Id::NewBranch));
    QVERIFY2(bed.prompter().lastQuestion().informativeText.contains(u"already"_s),
             qPrintable(bed.prompter().lastQuestion().informativeText));
    QTRY_VERIFY_WITH_TIMEOUT(newBranch->isEnabled(), StagingTestbed::TimeoutMs);
    StagingTestbed::selectVersions(app, {2});
    bed.prompter().answerText(u"../../out"_s); // said while typing: the name stays to fix
    QVERIFY(runBranchAction(app, Id::NewBranch));
    QVERIFY2(bed.prompter().lastTextProblem().contains(u"\"..\""_s),
             qPrintable(bed.prompter().lastTextProblem()));
    QVERIFY(!QFileInfo::exists(QDir(bed.catalog()).filePath(u"out"_s)));
    QVERIFY(!QFileInfo::exists(table + u"/tree/out"_s));

    // Deleting qa/one: cancelled first, then confirmed; the list goes back to main.
    QTRY_COMPARE_WITH_TIMEOUT(model.branch(), std::optional(u"qa/one"_s),
                              StagingTestbed::TimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(deleteBranch->isEnabled(), StagingTestbed::TimeoutMs);
    bed.prompter().answerChoice(u"Cancel"_s);
    QVERIFY(runBranchAction(app, Id::DeleteBranch));
    QVERIFY2(bed.prompter().lastQuestion().informativeText.contains(u"main at version 2"_s),
             qPrintable(bed.prompter().lastQuestion().informativeText));
    QVERIFY(QFileInfo::exists(table + u"/_refs/branches/qa%2Fone.json"_s));

    // A tag on the branch's version: shown on this branch only, and it keeps the branch.
    auto *tags = app.session()->findChild<lance::ui::VersionTagController *>();
    QVERIFY(tags);
    QSignalSpy tagged(tags, &lance::ui::VersionTagController::finished);
    StagingTestbed::selectVersions(app, {2});
    bed.prompter().answerText(u"qa-start"_s);
    bed.prompter().answerChoice(u"Tag Version"_s);
    app.window()->actions().action(Id::TagVersion)->trigger();
    QVERIFY(tagged.count() == 1 || tagged.wait(StagingTestbed::TimeoutMs));
    QVERIFY2(bed.prompter().lastTextQuestion().label.contains(u"version 2 (branch qa/one)"_s),
             qPrintable(bed.prompter().lastTextQuestion().label));
    QTRY_COMPARE_WITH_TIMEOUT(model.tagsOf(2), QStringList{u"qa-start"_s},
                              StagingTestbed::TimeoutMs);
    QComboBox *combo = selector->comboBox();
    combo->setCurrentIndex(0);
    emit combo->activated(0);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2, 1}), StagingTestbed::TimeoutMs);
    QCOMPARE(model.tagsOf(2), QStringList()); // main's version 2 has none
    const int qa = combo->findText(u"qa/one"_s);
    combo->setCurrentIndex(qa);
    emit combo->activated(qa);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), QList<qint64>{2}, StagingTestbed::TimeoutMs);
    QCOMPARE(model.tagsOf(2), QStringList{u"qa-start"_s});
    QTRY_VERIFY_WITH_TIMEOUT(deleteBranch->isEnabled(), StagingTestbed::TimeoutMs);
    bed.prompter().answerChoice(u"&Delete Branch"_s);
    bed.prompter().answerChoice(u"OK"_s);
    QVERIFY(runBranchAction(app, Id::DeleteBranch));
    QVERIFY2(bed.prompter().lastQuestion().informativeText.contains(u"qa-start"_s),
             qPrintable(bed.prompter().lastQuestion().informativeText));
    QVERIFY(QFileInfo::exists(table + u"/_refs/branches/qa%2Fone.json"_s));
    QTRY_COMPARE_WITH_TIMEOUT(model.branch(), std::optional(u"qa/one"_s),
                              StagingTestbed::TimeoutMs);
    tagged.clear();
    bed.prompter().answerText(u"qa-start"_s);
    bed.prompter().answerChoice(u"&Delete Tag"_s);
    app.window()->actions().action(Id::DeleteTag)->trigger();
    QVERIFY(tagged.count() == 1 || tagged.wait(StagingTestbed::TimeoutMs));
    QVERIFY2(bed.prompter().lastQuestion().text.contains(u"version 2 (branch qa/one)"_s),
             qPrintable(bed.prompter().lastQuestion().text));
    QTRY_VERIFY_WITH_TIMEOUT(model.tags().isEmpty(), StagingTestbed::TimeoutMs);

    QTRY_VERIFY_WITH_TIMEOUT(deleteBranch->isEnabled(), StagingTestbed::TimeoutMs);
    bed.prompter().answerChoice(u"&Delete Branch"_s);
    QVERIFY(runBranchAction(app, Id::DeleteBranch));
    QTRY_COMPARE_WITH_TIMEOUT(model.branch(), std::nullopt, StagingTestbed::TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2, 1}), StagingTestbed::TimeoutMs);
    QVERIFY(!QFileInfo::exists(table + u"/_refs/branches/qa%2Fone.json"_s));
    QVERIFY(!QFileInfo::exists(table + u"/tree/qa"_s));
    QTRY_COMPARE_WITH_TIMEOUT(selector->comboBox()->count(), 3,
                              StagingTestbed::TimeoutMs); // main, dev, dev/fix

    // dev: dev/fix starts from it, so the catalog refuses and dev stays.
    selector->comboBox()->setCurrentIndex(1);
    emit selector->comboBox()->activated(1);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2}), StagingTestbed::TimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(deleteBranch->isEnabled(), StagingTestbed::TimeoutMs);
    bed.prompter().answerChoice(u"&Delete Branch"_s);
    bed.prompter().answerChoice(u"OK"_s);
    QVERIFY(runBranchAction(app, Id::DeleteBranch));
    QVERIFY2(bed.prompter().lastQuestion().informativeText.contains(u"dev/fix"_s),
             qPrintable(bed.prompter().lastQuestion().informativeText));
    QVERIFY(QFileInfo::exists(table + u"/tree/dev/_versions"_s));
    QTRY_COMPARE_WITH_TIMEOUT(model.branch(), std::optional(u"dev"_s), StagingTestbed::TimeoutMs);

    // A branch made elsewhere appears on Refresh; the branch shown stays shown.
    {
        lance::engine::CatalogEngine::Options options;
        options.root = bed.catalog();
        auto engine = lance::engine::CatalogEngine::open(options);
        QVERIFY(engine);
        lance::api::CreateTableBranchRequest elsewhere;
        elsewhere.id = Identifier({u"orders"_s});
        elsewhere.name = u"elsewhere"_s;
        QVERIFY((*engine)->run(elsewhere));
    }
    app.window()->actions().action(Id::Refresh)->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(selector->comboBox()->findText(u"elsewhere"_s) >= 0,
                             StagingTestbed::TimeoutMs);
    QCOMPARE(model.branch(), std::optional(u"dev"_s));
    QCOMPARE(selector->comboBox()->currentText(), u"dev"_s);
    QCOMPARE(bed.prompter().unanswered(), 0);
    QVERIFY(bed.close(app, {}));
}

LCB_TEST_MAIN(TestBranchSelector)
#include "TestBranchSelector.moc"
