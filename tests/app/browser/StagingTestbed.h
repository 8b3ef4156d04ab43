// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ScriptedPrompter.h"
#include "ui/window/WindowActions.h"

#include <QKeySequence>
#include <QTemporaryDir>

class QAbstractButton;

namespace lance::browser {
class BrowserApplication;
} // namespace lance::browser
namespace lance::ui {
class CompareVersionsDialog;
class StagingController;
} // namespace lance::ui
namespace lance::staging {
class PendingChanges;
}
namespace lance::ui {
class PendingChangesPanel;
}

namespace lance::test {

/// The real window, lance::browser::BrowserApplication, as the app starts it, on an embedded
/// catalog in a temporary folder that holds the LanceDB table "people" (versions 1 to 3), with
/// XDG data and config folders of its own (so staged work goes to a journal in there) and a
/// ScriptedPrompter answering its questions. One per test: it sets XDG_DATA_HOME and
/// XDG_CONFIG_HOME for this process (and the processes it starts).
class StagingTestbed
{
public:
    static constexpr int TimeoutMs = 20000;

    StagingTestbed();
    StagingTestbed(const StagingTestbed &) = delete;
    StagingTestbed &operator=(const StagingTestbed &) = delete;

    /// The folder exists and holds the catalog.
    bool isValid() const { return m_valid; }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }
    const QString &catalog() const { return m_catalog; }
    test::ScriptedPrompter &prompter() { return m_prompter; }
    /// The command line the window is started with (program name first).
    QStringList arguments() const;

    /// Starts `app` on the catalog and waits until the window is ready and active, with
    /// "people" selected and its versions listed.
    [[nodiscard]] bool start(browser::BrowserApplication &app);
    /// Closes the window; with something staged, the question is answered `answer`.
    [[nodiscard]] bool close(browser::BrowserApplication &app, const QString &answer);

    static ui::StagingController &staging(const browser::BrowserApplication &app);
    static staging::PendingChanges &changes(const browser::BrowserApplication &app);
    static ui::PendingChangesPanel &panel(const browser::BrowserApplication &app);
    static QAction *action(const browser::BrowserApplication &app, ui::WindowActions::Id id);
    /// The Pending Changes dock's tool button of the action named `objectName`.
    static QAbstractButton *panelButton(const browser::BrowserApplication &app,
                                        const QString &objectName);
    /// Chooses the action `id` from the window's menu bar as a person does from the keyboard:
    /// Alt and the menu's underlined letter, then the item's letter. False (with a warning) when
    /// those keys open another menu. Whatever the item opens with exec() is answered (NextDialog)
    /// before this returns.
    [[nodiscard]] static bool chooseFromMenu(const browser::BrowserApplication &app,
                                             ui::WindowActions::Id id);
    /// Selects the listed `versions` in the Versions view, the first one current, as a person
    /// does with Ctrl and clicks.
    static void selectVersions(const browser::BrowserApplication &app,
                               const QList<qint64> &versions);
    /// Presses `keys` on the window (its shortcuts act wherever the focus is).
    static void press(const browser::BrowserApplication &app, const QKeySequence &keys);
    /// Makes the window the active one again, as clicking on it does.
    [[nodiscard]] static bool activate(const browser::BrowserApplication &app);
    /// The Compare Versions dialog once it shows a report; null after `timeoutMs`.
    static ui::CompareVersionsDialog *shownCompareDialog(int timeoutMs = TimeoutMs);

private:
    QTemporaryDir m_dir;
    QString m_catalog;
    test::ScriptedPrompter m_prompter;
    bool m_valid = false;
};

} // namespace lance::test
