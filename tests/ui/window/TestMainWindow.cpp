// SPDX-License-Identifier: Apache-2.0
// MainWindow: its frame (menus, shortcuts, panes, docks), the title's modified mark, the close
// guard, and the layout saved to and restored from an INI file.
#include "TestRegistry.h"
#include "ui/common/MessageBanner.h"
#include "ui/window/CatalogPane.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QWindow>

using namespace Qt::StringLiterals;
using lance::ui::EmptyStatePanel;
using lance::ui::MainWindow;
using Id = lance::ui::WindowActions::Id;

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void hasTheStandardMenus();
    void hasStandardShortcuts();
    void shortcutsWorkFromTheKeyboard();
    void restoresGeometryAndStateFromIni();
    void firstRunHasADefaultLayout();
    void titleShowsTheModifiedMark();
    void panesTakeTheirWidgets();
    void emptyStateReplacesTheCatalogArea();
    void closeGuardCanKeepTheWindowOpen();
    void theHistoryTickedComesToTheFront();

private:
    QString iniFile() const { return m_dir->filePath(u"settings.ini"_s); }

    std::optional<QTemporaryDir> m_dir;
};

void TestMainWindow::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
}

void TestMainWindow::cleanup()
{
    m_dir.reset();
}

void TestMainWindow::hasTheStandardMenus()
{
    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    QStringList titles;
    const QList<QAction *> menus = window.windowMenuBar()->actions();
    for (const QAction *menu : menus) {
        titles << menu->text();
    }
    QCOMPARE(titles, (QStringList{u"&File"_s, u"&Edit"_s, u"&View"_s, u"Chan&ges"_s,
                                  u"&Connection"_s, u"&Help"_s}));
    // Each menu has its own Alt key, and each item within its menu: a shared letter makes Alt
    // cycle between them instead of opening one.
    const auto mnemonic = [](const QString &text) {
        const qsizetype at = text.indexOf(u'&');
        return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
    };
    QSet<QChar> letters;
    for (const QAction *menu : menus) {
        QVERIFY2(!letters.contains(mnemonic(menu->text())), qPrintable(menu->text()));
        letters.insert(mnemonic(menu->text()));
        QSet<QChar> items;
        for (const QAction *item : menu->menu()->actions()) {
            if (item->isSeparator()) {
                continue;
            }
            const QChar letter = mnemonic(item->text());
            if (letter.isNull()) {
                continue; // a dock's toggle, named by its title
            }
            QVERIFY2(!items.contains(letter), qPrintable(item->text()));
            items.insert(letter);
        }
    }
    const QList<QAction *> view = menus[2]->menu()->actions();
    QVERIFY(view.contains(window.dock(MainWindow::Pane::RequestLog)->toggleViewAction()));
    QVERIFY(view.contains(window.dock(MainWindow::Pane::PendingChanges)->toggleViewAction()));
    QVERIFY(view.contains(window.actions().action(Id::Refresh)));
    QCOMPARE(window.dock(MainWindow::Pane::RequestLog)->objectName(), u"requestLogDock"_s);
    QCOMPARE(window.dockWidgetArea(window.dock(MainWindow::Pane::RequestLog)),
             Qt::BottomDockWidgetArea);
    QCOMPARE(window.dockWidgetArea(window.dock(MainWindow::Pane::PendingChanges)),
             Qt::RightDockWidgetArea);
    QVERIFY(!window.dock(MainWindow::Pane::Details));
}

void TestMainWindow::hasStandardShortcuts()
{
    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    const auto keys = [&window](Id id) {
        return window.actions().action(id)->shortcuts();
    };
    QVERIFY(keys(Id::Quit).contains(QKeySequence(u"Ctrl+Q"_s)));
    QVERIFY(keys(Id::Copy).contains(QKeySequence(u"Ctrl+C"_s)));
    QVERIFY(keys(Id::Find).contains(QKeySequence(u"Ctrl+F"_s)));
    QVERIFY(keys(Id::Refresh).contains(QKeySequence(u"F5"_s)));
    QVERIFY(keys(Id::GoToIdentifier).contains(QKeySequence(u"Ctrl+L"_s)));
    QVERIFY(keys(Id::CopyIdentifier).contains(QKeySequence(u"Ctrl+Shift+C"_s)));
    // Every shortcut is used once.
    QList<QKeySequence> all;
    const QList<QAction *> actions = window.actions().all();
    for (const QAction *action : actions) {
        for (const QKeySequence &key : action->shortcuts()) {
            QVERIFY2(!all.contains(key), qPrintable(key.toString()));
            all << key;
        }
        QVERIFY2(!action->statusTip().isEmpty(), qPrintable(action->text()));
    }
}

void TestMainWindow::shortcutsWorkFromTheKeyboard()
{
    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QSignalSpy refresh(window.actions().action(Id::Refresh), &QAction::triggered);
    QTest::keyClick(&window, Qt::Key_F5);
    QCOMPARE(refresh.count(), 1);

    QLineEdit *filter = window.catalogPane().filterEdit();
    filter->setText(u"sal"_s);
    window.detailsTabs()->setFocus();
    QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(filter->hasFocus());
    QCOMPARE(filter->selectedText(), u"sal"_s);
    QTest::keyClick(filter, Qt::Key_Escape);
    QVERIFY(filter->text().isEmpty());
}

void TestMainWindow::restoresGeometryAndStateFromIni()
{
    {
        QSettings settings(iniFile(), QSettings::IniFormat);
        MainWindow window(settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.resize(1000, 600);
        window.dock(MainWindow::Pane::RequestLog)->hide();
        window.toolBar()->hide();
        window.detailsTabs()->setCurrentIndex(1);
        window.findChild<QSplitter *>(u"centralSplitter"_s)->setSizes({200, 300});
        QTRY_COMPARE(window.size(), QSize(1000, 600));
        QVERIFY(window.close());
    }
    QSettings written(iniFile(), QSettings::IniFormat);
    QVERIFY(written.contains(u"MainWindow/geometry"_s));
    QVERIFY(written.contains(u"MainWindow/state"_s));

    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(1000, 600));
    QVERIFY(window.dock(MainWindow::Pane::RequestLog)->isHidden());
    QVERIFY(!window.dock(MainWindow::Pane::PendingChanges)->isHidden());
    QVERIFY(window.toolBar()->isHidden());
    QCOMPARE(window.detailsTabs()->currentIndex(), 1);
    const QList<int> sizes = window.findChild<QSplitter *>(u"centralSplitter"_s)->sizes();
    QCOMPARE(sizes.size(), 2);
    QVERIFY2(sizes[0] < sizes[1], qPrintable(u"%1 %2"_s.arg(sizes[0]).arg(sizes[1])));
}

void TestMainWindow::firstRunHasADefaultLayout()
{
    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    // 1180 x 760 where the screen has room, never more than it (the test screen is 800 wide).
    const QSize available = window.screen()->availableGeometry().size();
    QCOMPARE(window.size(), QSize(1180, 760).boundedTo(QSize(available.width() * 95 / 100,
                                                             available.height() * 90 / 100)));
    QVERIFY(!window.dock(MainWindow::Pane::RequestLog)->isHidden());
    QVERIFY(!window.toolBar()->isHidden());
    QCOMPARE(window.detailsTabs()->currentIndex(), 0);
    QVERIFY(window.messageBanner()->isHidden());
}

void TestMainWindow::titleShowsTheModifiedMark()
{
    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    window.setCatalogTitle(u"Demo catalog"_s);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.windowTitle(), u"Demo catalog[*]"_s);
    QVERIFY(!window.windowHandle()->title().contains(u'*'));
    window.setWindowModified(true);
    QVERIFY(window.windowHandle()->title().startsWith(u"Demo catalog*"_s));
    window.setWindowModified(false);
    QVERIFY(window.windowHandle()->title().startsWith(u"Demo catalog"_s));
    QVERIFY(!window.windowHandle()->title().contains(u'*'));
}

void TestMainWindow::panesTakeTheirWidgets()
{
    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    QPointer<QWidget> oldDetails = window.detailsTabs()->widget(0);
    QPointer<QWidget> oldLog = window.dock(MainWindow::Pane::RequestLog)->widget();
    QPointer<QWidget> oldTree = window.catalogPane().view();

    auto *details = new QWidget;
    auto *versions = new QWidget;
    auto *log = new QWidget;
    auto *pending = new QWidget;
    auto *tree = new QWidget;
    window.detailsTabs()->setCurrentIndex(1);
    window.setPane(MainWindow::Pane::Details, details);
    window.setPane(MainWindow::Pane::Versions, versions);
    window.setPane(MainWindow::Pane::RequestLog, log);
    window.setPane(MainWindow::Pane::PendingChanges, pending);
    window.setPane(MainWindow::Pane::Catalog, tree);

    QCOMPARE(window.detailsTabs()->widget(0), details);
    QCOMPARE(window.detailsTabs()->widget(1), versions);
    QCOMPARE(window.detailsTabs()->tabText(0), u"Details"_s);
    QCOMPARE(window.detailsTabs()->tabText(1), u"Versions"_s);
    QCOMPARE(window.detailsTabs()->currentIndex(), 1);
    QCOMPARE(window.dock(MainWindow::Pane::RequestLog)->widget(), log);
    QCOMPARE(window.dock(MainWindow::Pane::PendingChanges)->widget(), pending);
    QCOMPARE(window.catalogPane().view(), tree);
    QVERIFY(oldDetails.isNull());
    QVERIFY(oldLog.isNull());
    QVERIFY(oldTree.isNull());
}

void TestMainWindow::emptyStateReplacesTheCatalogArea()
{
    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.isShowingEmptyState());
    window.showEmptyState(EmptyStatePanel::Situation::EmptyCatalog, u"Embedded catalog"_s);
    QVERIFY(window.isShowingEmptyState());
    QVERIFY(window.emptyStatePanel()->isVisible());
    QVERIFY(!window.catalogPane().isVisible());
    QCOMPARE(window.emptyStatePanel()->situation(), EmptyStatePanel::Situation::EmptyCatalog);
    window.setReadOnly(true);
    QVERIFY(window.emptyStatePanel()->findChild<QWidget *>(u"createNamespaceButton"_s)->isHidden());
    window.showCatalog();
    QVERIFY(window.catalogPane().isVisible());
}

void TestMainWindow::closeGuardCanKeepTheWindowOpen()
{
    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    int asked = 0;
    bool allow = false;
    window.setCloseGuard([&] {
        ++asked;
        return allow;
    });
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.close());
    QVERIFY(window.isVisible());
    QVERIFY(!settings.contains(u"MainWindow/geometry"_s));
    allow = true;
    QVERIFY(window.close());
    QCOMPARE(asked, 2);
    QVERIFY(settings.contains(u"MainWindow/geometry"_s));
}

// A steward's walk: ticking View > History left it behind the Request Log, its tab mate.
void TestMainWindow::theHistoryTickedComesToTheFront()
{
    QSettings settings(iniFile(), QSettings::IniFormat);
    MainWindow window(settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QDockWidget *history = window.dock(MainWindow::Pane::History);
    QDockWidget *log = window.dock(MainWindow::Pane::RequestLog);
    QVERIFY(!history->isVisible());
    QVERIFY(log->isVisible());
    history->toggleViewAction()->trigger();
    QTRY_VERIFY(history->isVisible());
    QVERIFY(!history->visibleRegion().isEmpty()); // shown, not a hidden tab
    QTRY_VERIFY(log->visibleRegion().isEmpty());
}

LCB_TEST_MAIN(TestMainWindow)
#include "TestMainWindow.moc"
