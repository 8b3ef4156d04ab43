// SPDX-License-Identifier: Apache-2.0
#include "StagingTestbed.h"

#include "BrowserApplication.h"
#include "LanceFixture.h"
#include "VersionSelection.h"
#include "catalog/TableVersionModel.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/CompareVersionsDialog.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/staging/StagingController.h"
#include "ui/window/MainWindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace lance::test {

StagingTestbed::StagingTestbed()
{
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(u"data"_s)));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(u"config"_s)));
    m_catalog = m_dir.filePath(u"lake"_s);
    // A folder of LanceDB tables: opened as a catalog, they are registered with their versions.
    m_valid = m_dir.isValid() && LanceFixture::copyInto(u"people.lance"_s, m_catalog);
}

QStringList StagingTestbed::arguments() const
{
    return {u"lance-catalog-browser"_s, u"--settings"_s, m_dir.filePath(u"settings.ini"_s),
            u"--local"_s, m_catalog};
}

bool StagingTestbed::start(browser::BrowserApplication &app)
{
    QSignalSpy ready(&app, &browser::BrowserApplication::ready);
    app.setPrompter(&m_prompter);
    if (app.start(arguments()) || !(ready.count() == 1 || ready.wait(TimeoutMs))) {
        return false;
    }
    const ui::CatalogWorkspace *workspace = app.session() ? app.session()->workspace() : nullptr;
    if (!workspace) {
        return false;
    }
    const api::Identifier people({u"people"_s});
    // Selected at start, and its versions listed: what the staging dialogs start from.
    if (!QTest::qWaitFor([&] { return workspace->currentIdentifier() == people; }, TimeoutMs)
        || !QTest::qWaitFor(
            [&] {
                return workspace->versionModel()->state()
                           == catalog::TableVersionModel::State::Loaded
                       && workspace->versionModel()->listedVersions().size() == 3;
            },
            TimeoutMs)) {
        return false;
    }
    return activate(app);
}

bool StagingTestbed::activate(const browser::BrowserApplication &app)
{
    // The offscreen platform has no window manager to give the window back its activation when
    // a dialog closes, and shortcuts need an active window.
    if (QApplication::activeWindow() == app.window()) {
        return true;
    }
    app.window()->activateWindow();
    return QTest::qWaitForWindowActive(app.window());
}

ui::CompareVersionsDialog *StagingTestbed::shownCompareDialog(int timeoutMs)
{
    ui::CompareVersionsDialog *dialog = nullptr;
    (void)QTest::qWaitFor(
        [&] {
            for (QWidget *top : QApplication::topLevelWidgets()) {
                auto *found = qobject_cast<ui::CompareVersionsDialog *>(top);
                if (found && found->isVisible() && found->report()) {
                    dialog = found;
                }
            }
            return dialog != nullptr;
        },
        timeoutMs);
    return dialog;
}

bool StagingTestbed::close(browser::BrowserApplication &app, const QString &answer)
{
    if (!changes(app).isEmpty()) {
        m_prompter.answerChoice(answer);
    }
    return app.window()->close();
}

ui::StagingController &StagingTestbed::staging(const browser::BrowserApplication &app)
{
    return *app.session()->findChild<ui::StagingController *>();
}

staging::PendingChanges &StagingTestbed::changes(const browser::BrowserApplication &app)
{
    return staging(app).changes();
}

ui::PendingChangesPanel &StagingTestbed::panel(const browser::BrowserApplication &app)
{
    return *staging(app).panel();
}

QAction *StagingTestbed::action(const browser::BrowserApplication &app, ui::WindowActions::Id id)
{
    return app.window()->actions().action(id);
}

QAbstractButton *StagingTestbed::panelButton(const browser::BrowserApplication &app,
                                             const QString &objectName)
{
    const QAction *wanted = panel(app).findChild<QAction *>(objectName);
    const QList<QToolButton *> buttons = panel(app).findChildren<QToolButton *>();
    for (QToolButton *button : buttons) {
        if (wanted && button->defaultAction() == wanted) {
            return button;
        }
    }
    return nullptr;
}

bool StagingTestbed::chooseFromMenu(const browser::BrowserApplication &app,
                                    ui::WindowActions::Id id)
{
    QAction *wanted = action(app, id);
    QMenu *menu = nullptr;
    const QList<QAction *> menus = app.window()->windowMenuBar()->actions();
    for (const QAction *top : menus) {
        if (top->menu() && top->menu()->actions().contains(wanted)) {
            menu = top->menu();
        }
    }
    if (!menu) {
        qWarning("no menu of the window offers %s", qPrintable(wanted->text()));
        return false;
    }
    if (!activate(app)) {
        return false;
    }
    // The keys a person reads off the menu bar and the menu: Alt and the underlined letter.
    const QKeySequence menuKey = QKeySequence::mnemonic(menu->title());
    QTest::keySequence(app.window(), menuKey);
    auto *opened = qobject_cast<QMenu *>(QApplication::activePopupWidget());
    if (opened != menu) {
        qWarning("%s opened %s, not %s", qPrintable(menuKey.toString()),
                 opened ? qPrintable(opened->title()) : "nothing", qPrintable(menu->title()));
        if (opened) {
            opened->close();
        }
        return false;
    }
    if (!QTest::qWaitForWindowExposed(menu)) {
        return false;
    }
    QTest::keyClick(menu, QKeySequence::mnemonic(wanted->text())[0].key());
    return true;
}

void StagingTestbed::press(const browser::BrowserApplication &app, const QKeySequence &keys)
{
    QVERIFY(activate(app));
    QTest::keySequence(app.window(), keys);
}

void StagingTestbed::selectVersions(const browser::BrowserApplication &app,
                                    const QList<qint64> &versions)
{
    VersionSelection::select(*app.session()->workspace(), versions);
}

} // namespace lance::test
