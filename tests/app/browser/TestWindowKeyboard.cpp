// SPDX-License-Identifier: Apache-2.0
// The real window from the keyboard alone: every command's keys are there and mean one thing,
// Undo and Redo answer every habit, F6 walks the panes, Tab leaves the item views, and the
// menus and staging dialogs have no clashing or literal mnemonics.
#include "BrowserApplication.h"
#include "KeyboardAudit.h"
#include "NextDialog.h"
#include "StagingOperations.h"
#include "StagingTestbed.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "staging/PendingChanges.h"
#include "ui/activity/RequestLogView.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/staging/CreateVersionDialog.h"
#include "ui/staging/DeclareTableDialog.h"
#include "ui/staging/DeleteVersionsDialog.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/ShortcutsDialog.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QMenuBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;
using lance::test::KeyboardAudit;
using lance::test::NextDialog;
using lance::test::StagingTestbed;
using Id = lance::ui::WindowActions::Id;
using Ops = lance::test::StagingOperations;

class TestWindowKeyboard : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void everyCommandHasItsOwnKeys();
    void theShortcutsListHasEveryKey();
    void undoAndRedoAnswerEveryHabit();
    void f6WalksThePanes();
    void tabLeavesTheItemViews();
    void tabReachesTheVersionsView();
    void homeAndEndReachTheNewestAndOldestVersion();
    void menusAndDialogsHaveCleanMnemonics();

private:
    std::optional<StagingTestbed> m_bed;
};

void TestWindowKeyboard::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

void TestWindowKeyboard::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    m_bed.reset();
}

void TestWindowKeyboard::everyCommandHasItsOwnKeys()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    const QStringList clashes = KeyboardAudit::shortcuts(*app.window());
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(u'\n')));
    // The commands a steward repeats all day each have keys.
    QStringList missing;
    for (const Id id :
         {Id::OpenFolder, Id::Quit, Id::Undo, Id::Redo, Id::Copy, Id::Find, Id::GoToIdentifier,
          Id::Refresh, Id::NextPane, Id::PreviousPane, Id::DeclareTable, Id::CreateVersion,
          Id::DeleteVersions, Id::DeregisterTable, Id::ExportBatch, Id::ImportBatch, Id::Commit,
          Id::KeyboardShortcuts}) {
        if (StagingTestbed::action(app, id)->shortcuts().isEmpty()) {
            missing << StagingTestbed::action(app, id)->text();
        }
    }
    QVERIFY2(missing.isEmpty(), qPrintable(u"no keys: "_s + missing.join(u", "_s)));
    QVERIFY(StagingTestbed::action(app, Id::Redo)
                ->shortcuts()
                .contains(QKeySequence(Qt::CTRL | Qt::Key_Y)));
    QVERIFY(StagingTestbed::action(app, Id::Redo)
                ->shortcuts()
                .contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
}

void TestWindowKeyboard::theShortcutsListHasEveryKey()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QStringList listed;
    QStringList keys;
    NextDialog::handle<lance::ui::ShortcutsDialog>(app.window(), [&](QDialog *dialog) {
        const auto *list = dialog->findChild<QTreeWidget *>(u"shortcutsList"_s);
        for (int row = 0; row < list->topLevelItemCount(); ++row) {
            listed << list->topLevelItem(row)->text(0);
            keys << list->topLevelItem(row)->text(0) + u" = "_s + list->topLevelItem(row)->text(1);
        }
    });
    StagingTestbed::action(app, Id::KeyboardShortcuts)->trigger();
    for (const QString &command :
         {u"Undo"_s, u"Redo"_s, u"Next Pane"_s, u"Delete Versions"_s, u"Export Batch"_s}) {
        QVERIFY2(listed.contains(command), qPrintable(listed.join(u", "_s)));
    }
    // A steward's walk: F2, Delete, Enter in the Versions view and Ctrl+Tab were missing.
    const auto native = [](const QKeySequence &key) {
        return key.toString(QKeySequence::NativeText);
    };
    for (const QString &row :
         {u"Rename the selected table (in the tree) = "_s + native(QKeySequence(Qt::Key_F2)),
          u"Deregister the selected tables (in the tree) = "_s
              + native(QKeySequence(QKeySequence::Delete)),
          u"Delete the selected versions (in the Versions view) = "_s
              + native(QKeySequence(QKeySequence::Delete)),
          u"Edit (in Pending Changes) = "_s + native(QKeySequence(Qt::Key_F2))}) {
        QVERIFY2(keys.contains(row), qPrintable(keys.join(u'\n')));
    }
    const QString all = keys.join(u'\n');
    QVERIFY2(all.contains(native(QKeySequence(Qt::Key_Return))), qPrintable(all));
    QVERIFY2(all.contains(native(QKeySequence(Qt::CTRL | Qt::Key_Tab))), qPrintable(all));
    QVERIFY2(all.contains(native(QKeySequence(Qt::Key_Home))), qPrintable(all));
    // Every key any action of the window holds is listed, under that action's name.
    QStringList unlisted;
    for (const QAction *action : app.window()->findChildren<QAction *>()) {
        const QString command = action->text().remove(u'&').remove(u"…"_s);
        for (const QKeySequence &key : action->shortcuts()) {
            const bool found = std::any_of(keys.cbegin(), keys.cend(), [&](const QString &row) {
                const qsizetype split = row.lastIndexOf(u" = "_s);
                return row.left(split).startsWith(command)
                       && row.mid(split + 3).split(u", "_s).contains(native(key));
            });
            if (!found) {
                unlisted << command + u" = "_s + native(key);
            }
        }
    }
    QVERIFY2(unlisted.isEmpty(), qPrintable(unlisted.join(u'\n')));
    // The Edit menu has them too.
    const QMenu *edit = app.window()->windowMenuBar()->actions().at(1)->menu();
    QVERIFY(edit->actions().contains(StagingTestbed::action(app, Id::Undo)));
    QVERIFY(edit->actions().contains(StagingTestbed::action(app, Id::Redo)));
}

void TestWindowKeyboard::undoAndRedoAnswerEveryHabit()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QTest::failOnWarning(QRegularExpression(u"Ambiguous shortcut"_s));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    LCB_VERIFY_OK(changes.stage(Ops::deregister(u"people"_s)));
    QVERIFY(StagingTestbed::action(app, Id::Undo)->isEnabled());
    QVERIFY(!StagingTestbed::action(app, Id::Redo)->isEnabled());
    for (const QKeySequence &redo :
         {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)}) {
        StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::Key_Z));
        QCOMPARE(changes.count(), 0);
        QVERIFY(StagingTestbed::action(app, Id::Redo)->isEnabled());
        StagingTestbed::press(app, redo);
        QCOMPARE(changes.count(), 1);
    }
}

void TestWindowKeyboard::f6WalksThePanes()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QTreeView *tree = workspace->treeView();
    tree->setFocus();
    QTRY_VERIFY(tree->hasFocus());
    const auto focusIsIn = [](const QWidget *pane) {
        const QWidget *focus = QApplication::focusWidget();
        return focus && (focus == pane || pane->isAncestorOf(focus));
    };
    // Something staged, so the Pending Changes dock has a table to take the focus.
    LCB_VERIFY_OK(StagingTestbed::changes(app).stage(Ops::deregister(u"people"_s)));
    QWidget *centre = app.window()->detailsTabs();
    QWidget *pending = &StagingTestbed::panel(app);
    QWidget *log = app.window()->findChild<lance::ui::RequestLogView *>();
    QVERIFY(log);
    const QList<QWidget *> order{centre, pending, log, tree};
    for (QWidget *pane : order) {
        StagingTestbed::press(app, QKeySequence(Qt::Key_F6));
        QVERIFY2(focusIsIn(pane),
                 qPrintable(QApplication::focusWidget() ? QApplication::focusWidget()->objectName()
                                                        : u"nothing"_s));
    }
    for (auto it = order.crbegin() + 1; it != order.crend(); ++it) {
        StagingTestbed::press(app, QKeySequence(Qt::SHIFT | Qt::Key_F6));
        QVERIFY(focusIsIn(*it));
    }
    // In the log, Ctrl+C copies its URLs, not the tree's name.
    StagingTestbed::press(app, QKeySequence(Qt::Key_F6)); // from the centre to the panel
    StagingTestbed::press(app, QKeySequence(Qt::Key_F6)); // and on to the log
    auto *requests = app.window()->findChild<QTableView *>(u"requestTable"_s);
    QVERIFY(requests->hasFocus());
    requests->selectRow(0);
    QApplication::clipboard()->clear();
    QTest::keySequence(requests, QKeySequence::Copy);
    const QString copied = QApplication::clipboard()->text();
    QVERIFY2(!copied.isEmpty() && copied != u"people"_s, qPrintable(copied));

    // On the Overview, which holds no list, F6 went to the Details | Versions tab bar, where
    // Fusion draws no focus: it seemed to go nowhere. It lands on the first value, whose caret
    // shows.
    app.window()->detailsTabs()->setCurrentIndex(0);
    auto *inner = app.window()->detailsTabs()->widget(0)->findChild<QTabWidget *>();
    QVERIFY(inner);
    inner->setCurrentIndex(0);
    QCOMPARE(inner->tabText(0), u"Overview"_s);
    tree->setFocus();
    QTRY_VERIFY(tree->hasFocus());
    StagingTestbed::press(app, QKeySequence(Qt::Key_F6));
    QWidget *focus = QApplication::focusWidget();
    QVERIFY2(focus && inner->widget(0)->isAncestorOf(focus),
             focus ? qPrintable(QString::fromLatin1(focus->metaObject()->className()) + u' '
                                + focus->objectName())
                   : "none");
    auto *value = qobject_cast<QLabel *>(focus);
    QVERIFY2(value && (value->textInteractionFlags() & Qt::TextSelectableByKeyboard),
             focus->metaObject()->className());
}

void TestWindowKeyboard::tabLeavesTheItemViews()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    LCB_VERIFY_OK(StagingTestbed::changes(app).stage(Ops::deregister(u"people"_s)));
    QTRY_VERIFY(!app.window()
                     ->findChild<QTableView *>(u"requestTable"_s)
                     ->model()
                     ->index(0, 0)
                     .data()
                     .isNull());
    const QList<QAbstractItemView *> views{app.window()->findChild<QTableView *>(u"requestTable"_s),
                                           app.session()->workspace()->versionsPanel()->tableView(),
                                           StagingTestbed::panel(app).table(),
                                           app.session()->workspace()->treeView()};
    for (QAbstractItemView *view : views) {
        QVERIFY(!view->tabKeyNavigation());
        app.window()->detailsTabs()->setCurrentWidget(app.session()->workspace()->versionsPanel());
        view->setFocus();
        QTRY_VERIFY(view->hasFocus());
        QTest::keyClick(view, Qt::Key_Tab);
        QVERIFY2(!view->hasFocus(), qPrintable(view->objectName()));
    }
    // Ctrl+Tab moves inside instead: to the next cell of the request log, and back.
    QAbstractItemView *log = views.first();
    log->setFocus();
    QTRY_VERIFY(log->hasFocus());
    log->setCurrentIndex(log->model()->index(0, 0));
    QTest::keyClick(log, Qt::Key_Tab, Qt::ControlModifier);
    QVERIFY(log->hasFocus());
    QCOMPARE(log->currentIndex(), log->model()->index(0, 1));
    QTest::keyClick(log, Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(log->currentIndex(), log->model()->index(0, 0));
}

// A steward's walk: the Versions table was reached only with Shift+Tab.
void TestWindowKeyboard::tabReachesTheVersionsView()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    app.window()->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
    QTableView *versions = workspace->versionsPanel()->tableView();
    QTreeView *tree = workspace->treeView();
    tree->setFocus();
    QTRY_VERIFY(tree->hasFocus());
    QStringList walked;
    for (int step = 0; step < 12 && !versions->hasFocus(); ++step) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        const QWidget *focus = QApplication::focusWidget();
        walked << (focus ? QString::fromLatin1(focus->metaObject()->className()) + u' '
                               + focus->objectName()
                         : u"nothing"_s);
    }
    QVERIFY2(versions->hasFocus(), qPrintable(walked.join(u" → "_s)));
    // And Shift+Tab goes back the same way.
    for (int step = 0; step < 12 && !tree->hasFocus(); ++step) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ShiftModifier);
    }
    QVERIFY(tree->hasFocus());
}

// A steward's walk: Home and End did not jump to the first or the last version.
void TestWindowKeyboard::homeAndEndReachTheNewestAndOldestVersion()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    app.window()->detailsTabs()->setCurrentWidget(app.session()->workspace()->versionsPanel());
    QTableView *versions = app.session()->workspace()->versionsPanel()->tableView();
    QTRY_VERIFY(versions->model()->rowCount() >= 3);
    const int last = versions->model()->rowCount() - 1;
    versions->setFocus();
    QTRY_VERIFY(versions->hasFocus());
    versions->setCurrentIndex(versions->model()->index(1, 2));
    QTest::keyClick(versions, Qt::Key_End);
    QCOMPARE(versions->currentIndex().row(), last);
    QCOMPARE(versions->currentIndex().column(), 2);
    QVERIFY(versions->selectionModel()->isRowSelected(last, {}));
    QTest::keyClick(versions, Qt::Key_Home);
    QCOMPARE(versions->currentIndex().row(), 0);
    QVERIFY(versions->selectionModel()->isRowSelected(0, {}));
    QCOMPARE(versions->selectionModel()->selectedRows().size(), 1);
}

void TestWindowKeyboard::menusAndDialogsHaveCleanMnemonics()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QStringList found = KeyboardAudit::menuMnemonics(*app.window()->windowMenuBar());
    const lance::api::Identifier people({u"people"_s});
    lance::test::ScriptedPrompter prompter;
    lance::ui::CreateVersionDialog create(people, u"$"_s, 3, prompter);
    lance::ui::DeclareTableDialog declare(lance::api::Identifier(), u"$"_s, {});
    lance::ui::DeleteVersionsDialog remove(people, u"$"_s, {});
    for (QDialog *dialog : {static_cast<QDialog *>(&create), static_cast<QDialog *>(&declare),
                            static_cast<QDialog *>(&remove)}) {
        dialog->show(); // hidden rows are not counted: the dialog as a person sees it
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        found << KeyboardAudit::mnemonics(*dialog);
        dialog->hide();
    }
    QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    // Alt+S presses Stage in Create Version, no field answers it.
    QCOMPARE(KeyboardAudit::mnemonicOf(u"Si&ze:"_s), u"z"_s);
}

LCB_TEST_MAIN(TestWindowKeyboard)
#include "TestWindowKeyboard.moc"
