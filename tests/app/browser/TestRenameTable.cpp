// SPDX-License-Identifier: Apache-2.0
// Rename Table from the real window, on the embedded catalog holding LanceDB's `people`: the
// rename is staged apart from the batch (its own list, saying it is not atomic with it), shown
// in the review after the batch's operations, and applied after the batch commits; the catalog
// then holds people under its new name with its versions, and the History names the rename. A
// rename the catalog refuses after the batch committed leaves the batch committed and the
// rename staged, and says both. Alone, renames are applied after a confirmation. What the
// window can tell is wrong (a taken name, a second rename) is refused before staging.
#include "BrowserApplication.h"
#include "Finished.h"
#include "SettledLayout.h"
#include "StagingTestbed.h"
#include "TestRegistry.h"
#include "catalog/CatalogTreeModel.h"
#include "engine/CatalogEngine.h"
#include "staging/PendingChanges.h"
#include "staging/StagedRenames.h"
#include "ui/catalog/CatalogItemDelegate.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/commit/CommitController.h"
#include "ui/commit/CommitReviewDialog.h"
#include "ui/commit/RenameRunner.h"
#include "ui/common/MessageBanner.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/staging/TableRenameController.h"
#include "ui/window/MainWindow.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::test::StagingTestbed;
using Id = lance::ui::WindowActions::Id;

namespace {} // namespace

class TestRenameTable : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aRenameIsStagedApartAndAppliedAfterTheBatch();
    void aRefusedRenameStaysStagedAndTheBatchStaysCommitted();
    void renamesAloneAreAppliedAfterAConfirmation();
    void whatTheWindowKnowsIsRefusedBeforeStaging();

private:
    std::unique_ptr<lance::engine::CatalogEngine> engine();
    /// Stages renaming the selected table to `target` from the menu, by keyboard.
    bool stageRename(BrowserApplication &app, const QString &target);
    /// Runs the controller's Rename Table… and waits for it: whether it staged.
    static bool renameStaged(lance::ui::TableRenameController &controller);
    /// Waits until the commit, and the renames after it, are over.
    static bool commitWithoutReview(BrowserApplication &app);
    bool tableExists(const QString &text);
    bool createZoo();

    std::optional<StagingTestbed> m_bed;
};

void TestRenameTable::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

bool TestRenameTable::createZoo()
{
    // After the window started: it selects people at start only while people is all there is.
    lance::api::CreateNamespaceRequest zoo;
    zoo.id = Identifier({u"zoo"_s});
    return engine()->run(zoo).hasValue();
}

void TestRenameTable::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    m_bed.reset();
}

std::unique_ptr<lance::engine::CatalogEngine> TestRenameTable::engine()
{
    lance::engine::CatalogEngine::Options options;
    options.root = m_bed->catalog();
    auto opened = lance::engine::CatalogEngine::open(options);
    return opened ? std::move(*opened) : nullptr;
}

bool TestRenameTable::tableExists(const QString &text)
{
    lance::api::TableExistsRequest exists;
    exists.id = Identifier(text.split(u'$'));
    return engine()->run(exists).hasValue();
}

bool TestRenameTable::stageRename(BrowserApplication &app, const QString &target)
{
    auto *renames = app.session()->findChild<lance::ui::TableRenameController *>();
    QSignalSpy finished(renames, &lance::ui::TableRenameController::finished);
    m_bed->prompter().answerText(target);
    if (!StagingTestbed::chooseFromMenu(app, Id::RenameTable)) {
        return false;
    }
    return (finished.count() == 1 || finished.wait(StagingTestbed::TimeoutMs))
           && finished.first().first().toBool();
}

bool TestRenameTable::renameStaged(lance::ui::TableRenameController &controller)
{
    return lance::test::finishedWith(controller, &lance::ui::TableRenameController::finished,
                                     [&controller] { controller.rename(); });
}

bool TestRenameTable::commitWithoutReview(BrowserApplication &app)
{
    app.window()->actions().action(Id::Commit)->trigger();
    auto *review = app.window()->findChild<lance::ui::CommitReviewDialog *>();
    if (!review) {
        return false;
    }
    auto *runner = app.session()->findChild<lance::ui::RenameRunner *>();
    QSignalSpy renamed(runner, &lance::ui::RenameRunner::finished);
    QTest::mouseClick(review->findChild<QPushButton *>(u"commitButton"_s), Qt::LeftButton);
    return renamed.wait(StagingTestbed::TimeoutMs);
}

void TestRenameTable::aRenameIsStagedApartAndAppliedAfterTheBatch()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(createZoo());
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    // Made after the tree was read: the window says it does not list zoo, and stages on.
    m_bed->prompter().answerChoice(u"Stage Anyway"_s);
    QVERIFY(stageRename(app, u"zoo$people_2025"_s));
    lance::api::DeclareTableRequest orders;
    orders.id = Identifier({u"orders"_s});
    QVERIFY(changes.stage(orders).hasValue());

    // Listed apart, under the sentence that says when it runs; counted on Commit.
    lance::ui::PendingChangesPanel &panel = StagingTestbed::panel(app);
    auto *renamesTable = panel.findChild<QTableView *>(u"renamesTable"_s);
    QVERIFY(renamesTable && renamesTable->isVisible());
    QCOMPARE(renamesTable->model()->rowCount(), 1);
    QCOMPARE(renamesTable->model()->index(0, 2).data().toString(),
             u"to zoo$people_2025 (on its own, after the batch)"_s);
    QVERIFY(panel.findChild<QLabel *>(u"renamesLabel"_s)->text().contains(u"all-or-nothing"_s));
    QVERIFY(panel.findChild<QLabel *>(u"renamesLabel"_s)->toolTip().contains(u"stays committed"_s));
    QCOMPARE(panel.commitButton()->text(), u"Commit (2)"_s);
    // The tree shows the name it is to have beside the one it has.
    const auto *delegate = qobject_cast<lance::ui::CatalogItemDelegate *>(
        app.session()->workspace()->treeView()->itemDelegate());
    QVERIFY(delegate);
    QCOMPARE(delegate->stagedMarks().markOf({u"people"_s}).renamedTo, u"zoo$people_2025"_s);
    QVERIFY(lance::test::SettledLayout::wait(*app.window()));
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(app.window()->grab().toImage().save(QDir(folder).filePath(u"browser-rename.png"_s)));

    // Undo takes it back and Redo stages it again: one history for all staged work.
    QVERIFY(changes.undo().hasValue()); // the declare
    QVERIFY(changes.undo().hasValue()); // the rename
    QCOMPARE(changes.renames().count(), 0);
    QVERIFY(changes.redo().hasValue());
    QVERIFY(changes.redo().hasValue());
    QCOMPARE(changes.renames().count(), 1);

    // The review lists it after the batch's operations, as not part of it.
    app.window()->actions().action(Id::Commit)->trigger();
    auto *review = app.window()->findChild<lance::ui::CommitReviewDialog *>();
    QVERIFY(review);
    const QTreeWidget *summary = review->findChild<QTreeWidget *>(u"summaryTree"_s);
    QCOMPARE(summary->topLevelItemCount(), 2);
    const QTreeWidgetItem *line = summary->topLevelItem(1);
    const QString lineText
        = QStringList{line->text(0), line->text(1), line->text(2), line->text(3)}.join(u' ');
    QVERIFY2(lineText.contains(u"Rename table, after the batch"_s)
                 && lineText.contains(u"people → zoo$people_2025"_s),
             qPrintable(lineText));
    auto *runner = app.session()->findChild<lance::ui::RenameRunner *>();
    QSignalSpy renamed(runner, &lance::ui::RenameRunner::finished);
    QTest::mouseClick(review->findChild<QPushButton *>(u"commitButton"_s), Qt::LeftButton);
    QVERIFY(renamed.wait(StagingTestbed::TimeoutMs));
    QCOMPARE(renamed.first().first().toBool(), true);
    QVERIFY(changes.isEmpty());
    QVERIFY(!changes.isFrozen());

    // The tree no longer shows it under its old name; the catalog holds it under the new one,
    // with its versions.
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QTRY_VERIFY_WITH_TIMEOUT(
        !workspace->treeModel()->indexForId(Identifier({u"people"_s})).isValid(),
        StagingTestbed::TimeoutMs);
    QVERIFY(m_bed->close(app, {}));
    QVERIFY(tableExists(u"orders"_s));
    QVERIFY(!tableExists(u"people"_s));
    lance::api::ListTableVersionsRequest versions;
    versions.id = Identifier({u"zoo"_s, u"people_2025"_s});
    const auto listed = engine()->run(versions);
    QVERIFY(listed);
    QCOMPARE(listed->versions.size(), 3);
    lance::api::ListTransactionsRequest history;
    history.table = u"zoo$people_2025"_s;
    const auto transactions = engine()->run(history);
    QVERIFY(transactions && !transactions->transactions.isEmpty());
    QCOMPARE(transactions->transactions.first().properties.value(u"kind"_s), u"rename_table"_s);
}

void TestRenameTable::aRefusedRenameStaysStagedAndTheBatchStaysCommitted()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(createZoo());
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    m_bed->prompter().answerChoice(u"Stage Anyway"_s); // made after the tree was read
    QVERIFY(stageRename(app, u"zoo$taken"_s));
    lance::api::DeclareTableRequest orders;
    orders.id = Identifier({u"orders"_s});
    QVERIFY(changes.stage(orders).hasValue());
    // Someone else takes the name meanwhile, behind the window's back.
    lance::api::DeclareTableRequest taken;
    taken.id = Identifier({u"zoo"_s, u"taken"_s});
    QVERIFY(engine()->run(taken));

    QVERIFY(commitWithoutReview(app));
    QCOMPARE(changes.count(), 0);           // the batch went
    QCOMPARE(changes.renames().count(), 1); // the rename stays
    QVERIFY(!changes.isFrozen());
    const QString said = app.window()->messageBanner()->text();
    QVERIFY2(said.contains(u"people → zoo$taken failed"_s), qPrintable(said));
    QVERIFY2(said.contains(u"stays committed"_s), qPrintable(said));
    QVERIFY(m_bed->close(app, u"Keep for Next Time"_s));
    QVERIFY(tableExists(u"orders"_s));
    QVERIFY(tableExists(u"people"_s));

    // Kept for next time: the journal brings the rename back.
    BrowserApplication again;
    QVERIFY(m_bed->start(again));
    QCOMPARE(StagingTestbed::changes(again).renames().count(), 1);
    QVERIFY(m_bed->close(again, u"Discard"_s));
}

void TestRenameTable::renamesAloneAreAppliedAfterAConfirmation()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(stageRename(app, u"people_2025"_s));
    auto *runner = app.session()->findChild<lance::ui::RenameRunner *>();
    QSignalSpy renamed(runner, &lance::ui::RenameRunner::finished);
    m_bed->prompter().answerChoice(u"Apply"_s);
    QVERIFY(StagingTestbed::panel(app).commitButton()->isEnabled());
    QTest::mouseClick(StagingTestbed::panel(app).commitButton(), Qt::LeftButton);
    QCOMPARE(m_bed->prompter().lastQuestion().text, u"Apply 1 staged rename now?"_s);
    QVERIFY(m_bed->prompter().lastQuestion().informativeText.contains(u"not one atomic"_s));
    QVERIFY(renamed.count() == 1 || renamed.wait(StagingTestbed::TimeoutMs));
    QVERIFY(StagingTestbed::changes(app).isEmpty());
    QVERIFY(m_bed->close(app, {}));
    QVERIFY(tableExists(u"people_2025"_s));
    QVERIFY(!tableExists(u"people"_s));
}

void TestRenameTable::whatTheWindowKnowsIsRefusedBeforeStaging()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    auto *controller = app.session()->findChild<lance::ui::TableRenameController *>();
    QVERIFY(createZoo());
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    workspace->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(workspace->treeModel()->indexForId(Identifier({u"zoo"_s})).isValid(),
                             StagingTestbed::TimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(
        workspace->treeModel()->indexForId(Identifier({u"people"_s})).isValid(),
        StagingTestbed::TimeoutMs);
    workspace->select(Identifier({u"people"_s}));
    QTRY_COMPARE_WITH_TIMEOUT(workspace->currentIdentifier(),
                              std::optional(Identifier({u"people"_s})), StagingTestbed::TimeoutMs);

    // A name the tree shows taken (the namespace zoo): said while typing.
    m_bed->prompter().answerText(u"zoo"_s);
    QVERIFY(!renameStaged(*controller));
    QVERIFY2(m_bed->prompter().lastTextProblem().contains(u"exists already"_s),
             qPrintable(m_bed->prompter().lastTextProblem()));
    // Not a valid identifier.
    m_bed->prompter().answerText(u"a$$b"_s);
    QVERIFY(!renameStaged(*controller));
    QVERIFY(!m_bed->prompter().lastTextProblem().isEmpty());
    // A table the batch deregisters.
    lance::api::DeregisterTableRequest deregister;
    deregister.id = Identifier({u"people"_s});
    QVERIFY(changes.stage(deregister).hasValue());
    m_bed->prompter().answerText(u"people2"_s);
    QVERIFY(!renameStaged(*controller));
    QVERIFY(m_bed->prompter().lastTextProblem().contains(u"deregisters people"_s));
    QVERIFY(changes.undo().hasValue());
    // A second rename of one table.
    QVERIFY(stageRename(app, u"people2"_s));
    m_bed->prompter().answerText(u"people3"_s);
    m_bed->prompter().answerChoice(u"OK"_s);
    QVERIFY(!renameStaged(*controller));
    QVERIFY(m_bed->prompter().lastQuestion().informativeText.contains(u"is staged already"_s));
    QCOMPARE(changes.renames().count(), 1);
    QCOMPARE(changes.count(), 0);
    QVERIFY(m_bed->close(app, u"Discard"_s));
}

LCB_TEST_MAIN(TestRenameTable)
#include "TestRenameTable.moc"
