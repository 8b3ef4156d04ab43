// SPDX-License-Identifier: Apache-2.0
// Every staging step the way a person takes it in the real window, on the embedded catalog
// holding a real LanceDB table: the Changes menu from the keyboard and its dialogs, Deregister
// from the tree, undo and redo with their keys, cancel-out, removing a row, Discard All behind
// its question, and what shows that work is staged (Commit's count, the `*` in the title, the
// problems on the rows).
#include "BrowserApplication.h"
#include "NextDialog.h"
#include "StagingOperations.h"
#include "StagingTestbed.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/InlineNote.h"
#include "ui/staging/CreateVersionDialog.h"
#include "ui/staging/DeclareTableDialog.h"
#include "ui/staging/DeleteVersionsDialog.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/window/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QImage>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QToolBar>
#include <QTreeView>

using namespace Qt::StringLiterals;
using lance::api::CommitTableOperation;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::staging::PendingChanges;
using lance::test::NextDialog;
using lance::test::StagingTestbed;
using Id = lance::ui::WindowActions::Id;
using Operations = QList<CommitTableOperation>;
using Ops = lance::test::StagingOperations;

namespace {

// Replaces the text of the line edit `name` in `dialog` by typing.
void retype(QWidget *dialog, const QString &name, const QString &text)
{
    auto *edit = dialog->findChild<QLineEdit *>(name);
    QVERIFY2(edit, qPrintable(name));
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

void clickStage(QWidget *dialog)
{
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"stageButton"_s), Qt::LeftButton);
}

} // namespace

class TestStagingMenus : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void declareTableRefusesANameBeforeStaging();
    void createVersionFromAChosenManifest();
    void aVersionKnownToExistIsShownOnItsRow();
    void deleteVersionsThroughTheLatest();
    void deregisterWithTheDeleteKeyInTheTree();
    void deregisterFromTheTreeContextMenu();
    void everyOperationIsUndoneAndRedoneByItself();
    void declaringThenDeregisteringCancelsOut();
    void oneRowIsRemovedFromThePanel();
    void discardAllAsksFirst();

private:
    // Stages the declaration of `name` through Changes > Declare Table.
    [[nodiscard]] bool declareFromMenu(BrowserApplication &app, const QString &name);
    QTreeView *tree(BrowserApplication &app) const
    {
        return app.session()->workspace()->treeView();
    }
    QString commitText(BrowserApplication &app) const
    {
        return StagingTestbed::panel(app).commitButton()->text();
    }
    /// The status bar's count; empty while it is hidden.
    QString statusCount(BrowserApplication &app) const
    {
        const auto *label = app.window()->statusBar()->findChild<QLabel *>(u"stagedCount"_s);
        return label && !label->isHidden() ? label->text() : QString();
    }

    std::optional<StagingTestbed> m_bed;
};

void TestStagingMenus::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

void TestStagingMenus::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    m_bed.reset();
}

bool TestStagingMenus::declareFromMenu(BrowserApplication &app, const QString &name)
{
    NextDialog::handle<lance::ui::DeclareTableDialog>(app.window(), [name](QDialog *dialog) {
        retype(dialog, u"nameEdit"_s, name);
        clickStage(dialog);
    });
    return StagingTestbed::chooseFromMenu(app, Id::DeclareTable);
}

void TestStagingMenus::declareTableRefusesANameBeforeStaging()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    PendingChanges &changes = StagingTestbed::changes(app);
    QCOMPARE(commitText(app), u"Commit"_s);
    QVERIFY(!app.window()->isWindowModified());
    QVERIFY(app.window()->windowTitle().contains(u"[*]"_s));

    // A name the namespace lists already, then one with the delimiter: Stage stays disabled and
    // the dialog says why; the dialog is cancelled and nothing is staged.
    QStringList notes;
    QList<bool> stageEnabled;
    NextDialog::handle<lance::ui::DeclareTableDialog>(app.window(), [&](QDialog *dialog) {
        auto *stage = dialog->findChild<QPushButton *>(u"stageButton"_s);
        auto *note = dialog->findChild<lance::ui::InlineNote *>(u"problemNote"_s);
        for (const QString &name : {u"people"_s, u"a$b"_s}) {
            retype(dialog, u"nameEdit"_s, name);
            notes << note->text();
            stageEnabled << stage->isEnabled();
            QTest::mouseClick(stage, Qt::LeftButton); // refused: the dialog stays open
        }
        QVERIFY(dialog->isVisible());
        QTest::keyClick(dialog, Qt::Key_Escape);
    });
    QVERIFY(StagingTestbed::chooseFromMenu(app, Id::DeclareTable));
    QCOMPARE(notes.size(), 2);
    QVERIFY2(notes.at(0).contains(u"\"people\" already exists"_s), qPrintable(notes.at(0)));
    QVERIFY2(notes.at(1).contains(u"delimiter"_s), qPrintable(notes.at(1)));
    QCOMPARE(stageEnabled, (QList<bool>{false, false}));
    QCOMPARE(changes.count(), 0);

    QVERIFY(declareFromMenu(app, u"orders"_s));
    QCOMPARE(changes.operations(), Operations{Ops::declare(u"orders"_s)});
    QCOMPARE(commitText(app), u"Commit (1)"_s);
    QVERIFY(app.window()->isWindowModified());
    QVERIFY(declareFromMenu(app, u"returns"_s));
    QCOMPARE(commitText(app), u"Commit (2)"_s);
    QVERIFY(StagingTestbed::action(app, Id::Commit)->isEnabled());
    QCOMPARE(statusCount(app), u"2 changes staged"_s);
}

void TestStagingMenus::createVersionFromAChosenManifest()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    const QString manifest
        = lance::test::TestFiles::stageManifest(m_bed->catalog(), u"people"_s, 4);
    m_bed->prompter().answerText(manifest);
    QString prefilled;
    QString size;
    QString path;
    NextDialog::handle<lance::ui::CreateVersionDialog>(app.window(), [&](QDialog *dialog) {
        prefilled = dialog->findChild<QLineEdit *>(u"versionEdit"_s)->text();
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"chooseManifestButton"_s),
                          Qt::LeftButton);
        size = dialog->findChild<QLineEdit *>(u"sizeEdit"_s)->text();
        path = dialog->findChild<QLineEdit *>(u"manifestPathEdit"_s)->text();
        clickStage(dialog);
    });
    QVERIFY(StagingTestbed::chooseFromMenu(app, Id::CreateVersion));
    QCOMPARE(prefilled, u"4"_s); // the table's latest is 3
    QCOMPARE(size, u"64"_s);     // read from the file
    QVERIFY2(path.endsWith(QFileInfo(manifest).fileName()), qPrintable(path));

    PendingChanges &changes = StagingTestbed::changes(app);
    QCOMPARE(changes.count(), 1);
    const auto &request = std::get<lance::api::CreateTableVersionRequest>(changes.operations()[0]);
    QCOMPARE(request.id, Identifier({u"people"_s}));
    QCOMPARE(request.version, 4);
    QCOMPARE(request.manifestSize, std::optional<qint64>(64));
    QCOMPARE(request.manifestPath, path);
    QVERIFY(changes.problemsAt(0).isEmpty());
    QVERIFY(StagingTestbed::panel(app).commitButton()->isEnabled());
}

void TestStagingMenus::aVersionKnownToExistIsShownOnItsRow()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    // The first window's layout on a desktop screen (the test screen is 800 wide, where the
    // first window is smaller and the dock narrower).
    app.window()->resize(1180, 760);
    QTRY_COMPARE(app.window()->size(), QSize(1180, 760));
    app.window()->resizeDocks({app.window()->dock(lance::ui::MainWindow::Pane::PendingChanges)},
                              {300}, Qt::Horizontal);
    NextDialog::handle<lance::ui::CreateVersionDialog>(app.window(), [](QDialog *dialog) {
        retype(dialog, u"versionEdit"_s, u"2"_s); // listed in the versions view
        retype(dialog, u"manifestPathEdit"_s, u"lake/people.lance/_versions/2.manifest"_s);
        clickStage(dialog);
    });
    QVERIFY(StagingTestbed::chooseFromMenu(app, Id::CreateVersion));
    PendingChanges &changes = StagingTestbed::changes(app);
    QCOMPARE(changes.count(), 1);

    // The row says why, in the panel's table, and nothing can be committed.
    const QTableView *table = StagingTestbed::panel(app).table();
    QTRY_VERIFY(table->model()->index(0, 0).data(PendingChanges::BlockingRole).toBool());
    const QString shown
        = table->model()->index(0, PendingChanges::ProblemsColumn).data().toString();
    QVERIFY2(shown.contains(u"Version 2 of people already exists"_s), qPrintable(shown));
    QVERIFY(!StagingTestbed::panel(app).commitButton()->isEnabled());
    QVERIFY(!StagingTestbed::action(app, Id::Commit)->isEnabled());

    // Seen without scrolling: every column inside the dock, none to scroll sideways to.
    const QHeaderView *header = table->horizontalHeader();
    int columns = 0;
    for (int column = 0; column < header->count(); ++column) {
        columns += header->sectionSize(column);
    }
    QVERIFY2(columns <= table->viewport()->width(),
             qPrintable(u"%1 > %2"_s.arg(columns).arg(table->viewport()->width())));
    // The row is tinted and marked, the panel counts it, and a click on the count selects it
    // and shows its problem in full below the rows.
    const QImage marked
        = table->viewport()->grab(table->visualRect(table->model()->index(0, 0))).toImage();
    QVERIFY(marked.pixelColor(2, 2) != table->palette().color(QPalette::Base));
    auto *count = StagingTestbed::panel(app).findChild<QPushButton *>(u"problemsButton"_s);
    QVERIFY(count && count->isVisible());
    QCOMPARE(count->text(), u"1 row with problems, 1 blocking the commit"_s);
    QVERIFY(!count->icon().isNull());
    const_cast<QTableView *>(table)->clearSelection();
    QTest::mouseClick(count, Qt::LeftButton);
    QCOMPARE(table->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(table->currentIndex().row(), 0);
    bool statusShown = false;
    for (const QLabel *label : StagingTestbed::panel(app).findChildren<QLabel *>()) {
        statusShown = statusShown || label->text().contains(u"Version 2 of people already"_s);
    }
    QVERIFY(statusShown);
    // No command of the panel hides behind the tool bar's overflow chevron.
    const auto *bar = StagingTestbed::panel(app).findChild<QToolBar *>();
    for (QAction *command : bar->actions()) {
        if (!command->isSeparator()) {
            QVERIFY2(bar->widgetForAction(command) && bar->widgetForAction(command)->isVisible(),
                     qPrintable(command->text()));
        }
    }
    // The tooltip of any cell tells the problem too.
    QVERIFY(table->model()
                ->index(0, PendingChanges::KindColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(u"Version 2 of people already exists"_s));
}

void TestStagingMenus::deleteVersionsThroughTheLatest()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QString preview;
    bool toEnabled = true;
    bool stagedBeforeTick = true;
    NextDialog::handle<lance::ui::DeleteVersionsDialog>(app.window(), [&](QDialog *dialog) {
        retype(dialog, u"fromEdit"_s, u"2"_s);
        auto *latest = dialog->findChild<QCheckBox *>(u"throughLatestCheck"_s);
        QTest::mouseClick(latest, Qt::LeftButton, {}, QPoint(4, latest->height() / 2));
        toEnabled = dialog->findChild<QLineEdit *>(u"toEdit"_s)->isEnabled();
        preview = dialog->findChild<QLabel *>(u"previewLabel"_s)->text();
        // The latest goes: Stage waits for the confirmation, given with the keyboard.
        stagedBeforeTick = dialog->findChild<QPushButton *>(u"stageButton"_s)->isEnabled();
        auto *confirm = dialog->findChild<QCheckBox *>(u"confirmCheck"_s);
        confirm->setFocus();
        QTest::keyClick(confirm, Qt::Key_Space);
        clickStage(dialog);
    });
    QVERIFY(StagingTestbed::chooseFromMenu(app, Id::DeleteVersions));
    QVERIFY(!toEnabled);
    QVERIFY(!stagedBeforeTick);
    QVERIFY2(preview.contains(u"2, 3"_s), qPrintable(preview));
    PendingChanges &changes = StagingTestbed::changes(app);
    QCOMPARE(changes.count(), 1);
    const auto &request
        = std::get<lance::api::BatchDeleteTableVersionsRequest>(changes.operations()[0]);
    QCOMPARE(request.id, Identifier({u"people"_s}));
    QCOMPARE(request.ranges, (QList<lance::api::VersionRange>{{2, -1}})); // end_version -1
    // The panel warns on the row: the latest goes.
    QTRY_COMPARE(changes.problemsAt(0).size(), 1);
    QVERIFY2(changes.problemsAt(0).first().message.contains(u"the latest of people"_s),
             qPrintable(changes.problemsAt(0).first().message));
    QVERIFY(!changes.problemsAt(0).first().isBlocking());
}

void TestStagingMenus::deregisterWithTheDeleteKeyInTheTree()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(StagingTestbed::activate(app)); // keys go to the active window
    tree(app)->setFocus();
    QVERIFY(tree(app)->hasFocus());
    QTest::keyClick(tree(app), Qt::Key_Delete);
    QCOMPARE(StagingTestbed::changes(app).operations(), Operations{Ops::deregister(u"people"_s)});
    QVERIFY(app.window()->isWindowModified());
}

void TestStagingMenus::deregisterFromTheTreeContextMenu()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QTreeView *view = tree(app);
    const QModelIndex people = view->currentIndex();
    QCOMPARE(people.data().toString(), u"people"_s);
    const QPoint at = view->visualRect(people).center();
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &event);
    QMenu *menu = nullptr;
    QTRY_VERIFY((menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())));
    QAction *wanted = StagingTestbed::action(app, Id::DeregisterTable);
    const bool offered = menu->actions().contains(wanted);
    if (!offered) {
        menu->close(); // before failing: no popup left open for the next test
    }
    QVERIFY2(offered, "the tree's context menu has no Deregister Table");
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(wanted).center());
    QCOMPARE(StagingTestbed::changes(app).operations(), Operations{Ops::deregister(u"people"_s)});
}

void TestStagingMenus::everyOperationIsUndoneAndRedoneByItself()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    app.session()->workspace()->versionsPanel()->tableView()->selectionModel()->clearSelection();
    PendingChanges &changes = StagingTestbed::changes(app);

    // One of each kind, each from the Changes menu; what is staged after each step.
    QList<Operations> after{{}};
    QVERIFY(declareFromMenu(app, u"orders"_s));
    after << changes.operations();
    m_bed->prompter().answerText(
        lance::test::TestFiles::stageManifest(m_bed->catalog(), u"people"_s, 4));
    NextDialog::handle<lance::ui::CreateVersionDialog>(app.window(), [](QDialog *dialog) {
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"chooseManifestButton"_s),
                          Qt::LeftButton);
        clickStage(dialog);
    });
    QVERIFY(StagingTestbed::chooseFromMenu(app, Id::CreateVersion));
    after << changes.operations();
    NextDialog::handle<lance::ui::DeleteVersionsDialog>(app.window(), [](QDialog *dialog) {
        retype(dialog, u"toEdit"_s, u"2"_s);
        clickStage(dialog);
    });
    QVERIFY(StagingTestbed::chooseFromMenu(app, Id::DeleteVersions));
    after << changes.operations();
    QVERIFY(StagingTestbed::chooseFromMenu(app, Id::DeregisterTable));
    after << changes.operations();
    for (int step = 1; step < after.size(); ++step) {
        QCOMPARE(after.at(step).size(), step); // each step staged one operation
    }

    for (int step = after.size() - 2; step >= 0; --step) {
        StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::Key_Z));
        QCOMPARE(changes.operations(), after.at(step));
        QCOMPARE(commitText(app), step ? u"Commit (%1)"_s.arg(step) : u"Commit"_s);
        QCOMPARE(app.window()->isWindowModified(), step > 0);
        QCOMPARE(statusCount(app), step == 0   ? QString()
                                   : step == 1 ? u"1 change staged"_s
                                               : u"%1 changes staged"_s.arg(step));
    }
    for (int step = 1; step < after.size(); ++step) {
        StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
        QCOMPARE(changes.operations(), after.at(step));
    }
    QVERIFY(app.window()->isWindowModified());
}

void TestStagingMenus::declaringThenDeregisteringCancelsOut()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    PendingChanges &changes = StagingTestbed::changes(app);
    QVERIFY(declareFromMenu(app, u"orders"_s));
    QCOMPARE(changes.count(), 1);

    // The tree has no row for a table that is only staged, so there is nothing to select and
    // deregister there: this is what Deregister Table stages for it.
    LCB_VERIFY_OK(changes.stage(Ops::deregister(u"orders"_s)));
    QCOMPARE(changes.count(), 0); // both gone
    QCOMPARE(commitText(app), u"Commit"_s);
    QVERIFY(!app.window()->isWindowModified());

    StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::Key_Z)); // one step brings it back
    QCOMPARE(changes.operations(), Operations{Ops::declare(u"orders"_s)});
    QVERIFY(app.window()->isWindowModified());
    StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    QCOMPARE(changes.count(), 0);
}

void TestStagingMenus::oneRowIsRemovedFromThePanel()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    PendingChanges &changes = StagingTestbed::changes(app);
    QVERIFY(declareFromMenu(app, u"orders"_s));
    QVERIFY(declareFromMenu(app, u"returns"_s));
    StagingTestbed::action(app, Id::DeregisterTable)->trigger();
    const Operations staged = changes.operations();
    QCOMPARE(staged.size(), 3);

    // Click the middle row, then Remove.
    QTableView *table = StagingTestbed::panel(app).table();
    const QRect middle = table->visualRect(table->model()->index(1, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, middle.center());
    QCOMPARE(StagingTestbed::panel(app).selectedRowIds().size(), 1);
    QAbstractButton *remove = StagingTestbed::panelButton(app, u"removeAction"_s);
    QVERIFY(remove && remove->isEnabled());
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(changes.operations(), (Operations{staged.at(0), staged.at(2)}));
    QCOMPARE(commitText(app), u"Commit (2)"_s);

    // And the first with the Delete key in the table.
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                      table->visualRect(table->model()->index(0, 0)).center());
    QVERIFY(StagingTestbed::activate(app)); // keys go to the active window
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);
    QCOMPARE(changes.operations(), Operations{staged.at(2)});

    StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::Key_Z));
    StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::Key_Z));
    QCOMPARE(changes.operations(), staged); // each back in its place
}

void TestStagingMenus::discardAllAsksFirst()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    PendingChanges &changes = StagingTestbed::changes(app);
    QVERIFY(declareFromMenu(app, u"orders"_s));
    StagingTestbed::action(app, Id::DeregisterTable)->trigger();
    const Operations staged = changes.operations();
    QCOMPARE(staged.size(), 2);
    QAbstractButton *discard = StagingTestbed::panelButton(app, u"discardAction"_s);
    QVERIFY(discard && discard->isEnabled());

    m_bed->prompter().answerChoice(u"Cancel"_s);
    QTest::mouseClick(discard, Qt::LeftButton);
    QVERIFY(m_bed->prompter().lastQuestion().text.contains(u"2 staged operation"_s));
    QCOMPARE(changes.operations(), staged); // kept, all of it
    QVERIFY(app.window()->isWindowModified());

    m_bed->prompter().answerChoice(u"Discard All"_s);
    QTest::mouseClick(discard, Qt::LeftButton);
    QCOMPARE(changes.count(), 0);
    QCOMPARE(commitText(app), u"Commit"_s);
    QVERIFY(!app.window()->isWindowModified());
    QVERIFY(!discard->isEnabled());

    StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::Key_Z)); // one step brings all back
    QCOMPARE(changes.operations(), staged);
}

LCB_TEST_MAIN(TestStagingMenus)
#include "TestStagingMenus.moc"
