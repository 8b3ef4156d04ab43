// SPDX-License-Identifier: Apache-2.0
#include "ui/window/WindowActions.h"

#include "ui/common/Icons.h"

#include <QAction>
#include <QActionGroup>
#include <QMenuBar>
#include <QToolBar>

#include <tuple>

using namespace Qt::StringLiterals;

namespace lance::ui {

QList<QKeySequence> WindowActions::keysFor(QKeySequence::StandardKey key,
                                           const QList<QKeySequence> &extra)
{
    // One sequence twice on an action is an "ambiguous shortcut" to Qt, and it then does
    // nothing: the platform's list and our additions are merged, each sequence once.
    QList<QKeySequence> keys = QKeySequence::keyBindings(key);
    for (const QKeySequence &sequence : extra) {
        if (!keys.contains(sequence)) {
            keys.append(sequence);
        }
    }
    return keys;
}

WindowActions::WindowActions(QObject *parent)
    : QObject(parent)
{
    add(Id::OpenDemo, tr("Open &Demo Catalog"),
        tr("Open a catalog of real LanceDB tables, to look around safely"))
        ->setIcon(Icons::icon(Icons::Id::Table));
    add(Id::OpenFolder, tr("&Open Catalog Folder…"), tr("Open a local catalog folder"))
        ->setIcon(Icons::icon(Icons::Id::OpenFolder));
    action(Id::OpenFolder)->setShortcut(QKeySequence::Open);
    add(Id::SaveRequestLog, tr("Save Request &Log…"), tr("Save the request log as JSON lines"));
    add(Id::Quit, tr("&Quit"), tr("Quit Lance Catalog Browser"))
        ->setShortcuts(keysFor(QKeySequence::Quit, {QKeySequence(Qt::CTRL | Qt::Key_Q)}));
    action(Id::Quit)->setMenuRole(QAction::QuitRole);

    add(Id::Undo, tr("&Undo"), tr("Take back the last staging step"))
        ->setIcon(Icons::icon(Icons::Id::Undo));
    action(Id::Undo)->setShortcuts(
        keysFor(QKeySequence::Undo, {QKeySequence(Qt::CTRL | Qt::Key_Z)}));
    // Both habits work everywhere: Ctrl+Shift+Z (Linux, macOS) and Ctrl+Y (Windows).
    add(Id::Redo, tr("&Redo"), tr("Do again what was undone"))
        ->setIcon(Icons::icon(Icons::Id::Redo));
    action(Id::Redo)->setShortcuts(
        keysFor(QKeySequence::Redo, {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z),
                                     QKeySequence(Qt::CTRL | Qt::Key_Y)}));
    add(Id::Copy, tr("&Copy Name"), tr("Copy the name of the selected item"))
        ->setIcon(Icons::icon(Icons::Id::Copy));
    action(Id::Copy)->setShortcut(QKeySequence::Copy);
    action(Id::Copy)->setIconText(tr("Copy"));
    add(Id::CopyIdentifier, tr("Copy Full &Identifier"),
        tr("Copy the selected item's identifier, with its namespaces"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    add(Id::CopyLocation, tr("Copy &Location"), tr("Copy the location of the selected table"));
    add(Id::Find, tr("&Filter…"), tr("Filter the namespaces and tables by name"))
        ->setIcon(Icons::icon(Icons::Id::Filter));
    action(Id::Find)->setShortcut(QKeySequence::Find);
    action(Id::Find)->setIconText(tr("Filter"));
    add(Id::GoToIdentifier, tr("&Go to Identifier…"), tr("Go to a namespace or table by name"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));

    add(Id::Refresh, tr("&Refresh"), tr("Read the catalog again, keeping what is expanded"))
        ->setIcon(Icons::icon(Icons::Id::Refresh));
    action(Id::Refresh)->setShortcuts(keysFor(QKeySequence::Refresh, {QKeySequence(Qt::Key_F5)}));
    add(Id::LoadAll, tr("Load &All"), tr("Load every page of the selected namespace"))
        ->setIcon(Icons::icon(Icons::Id::LoadAll));
    add(Id::CompareVersions, tr("Co&mpare Versions…"),
        tr("What changed between the two selected versions, or from the version before the "
           "selected one; Enter in the versions view"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    add(Id::NextPane, tr("&Next Pane"), tr("Move the focus to the next pane"))
        ->setShortcut(QKeySequence(Qt::Key_F6));
    add(Id::PreviousPane, tr("&Previous Pane"), tr("Move the focus to the previous pane"))
        ->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
    auto *themes = new QActionGroup(this);
    for (const auto &[id, text, tip] :
         {std::tuple{Id::ThemeSystem, tr("&System"), tr("The desktop's colours")},
          std::tuple{Id::ThemeLight, tr("&Light"), tr("Light colours, whatever the desktop")},
          std::tuple{Id::ThemeDark, tr("&Dark"), tr("Dark colours, whatever the desktop")}}) {
        QAction *theme = add(id, text, tip);
        theme->setCheckable(true);
        themes->addAction(theme);
    }
    action(Id::ThemeSystem)->setChecked(true);

    add(Id::DeclareTable, tr("&Declare Table…"), tr("Stage a new table in the selected namespace"))
        ->setShortcuts(keysFor(QKeySequence::New, {QKeySequence(Qt::CTRL | Qt::Key_N)}));
    add(Id::CreateVersion, tr("&Create Version…"),
        tr("Stage a new version of the selected table from a manifest"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    add(Id::RegisterManifestUri, tr("Register Manifest from &URI…"),
        tr("Stage a new version of the selected table from a manifest already on its object "
           "store (s3://, az://, gs://)"));
    add(Id::DeleteVersions, tr("De&lete Versions…"),
        tr("Stage deleting the selected versions, or a range of them; Delete in the versions "
           "view"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Delete));
    add(Id::RestoreVersion, tr("Res&tore Version…"),
        tr("Stage a new latest version that holds what the selected version holds"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    add(Id::CleanUpVersions, tr("Clean Up Old &Versions…"),
        tr("Remove old versions of the selected table and the files only they use, after a "
           "preview; applies at once"));
    add(Id::TagVersion, tr("Ta&g Version…"),
        tr("Name the selected version with a tag; applies at once"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    add(Id::MoveTag, tr("&Move Tag Here…"),
        tr("Point an existing tag at the selected version; applies at once"));
    add(Id::DeleteTag, tr("Delete T&ag…"), tr("Remove a tag of the table; applies at once"));
    add(Id::NewBranch, tr("Ne&w Branch…"),
        tr("Start a branch of the table at the selected version; applies at once"));
    add(Id::DeleteBranch, tr("Delete Branc&h…"),
        tr("Delete the branch shown in the Versions view with its own versions; applies at once"));
    add(Id::NewNamespace, tr("&New Namespace…"),
        tr("Create a namespace inside the selected one; applies at once"));
    add(Id::DropNamespace, tr("Dro&p Namespace…"),
        tr("Drop the selected namespace, only if empty or with everything in it; applies at once"));
    add(Id::EditNamespaceProperties, tr("Namespace Propertie&s…"),
        tr("Set or remove properties of the selected namespace; applies at once"));
    add(Id::DeregisterTable, tr("De&register Table"),
        tr("Stage removing the selected tables from the catalog (their data stays); Delete in "
           "the tree"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Delete));
    add(Id::RenameTable, tr("Rename Ta&ble…"),
        tr("Stage a new name or namespace for the selected table, applied on its own after the "
           "batch; F2 in the tree"));
    add(Id::ExportBatch, tr("&Export Batch…"),
        tr("Save the staged batch as a batch-commit JSON file"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    add(Id::ImportBatch, tr("&Import Batch…"),
        tr("Stage the operations of a batch-commit JSON file"))
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    add(Id::Commit, tr("C&ommit…"), tr("Review the staged changes and commit them as one batch"))
        ->setIcon(Icons::icon(Icons::Id::Positive));
    action(Id::Commit)->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));

    add(Id::Connect, tr("&Connect…"), tr("Connect to a Lance namespace server"))
        ->setIcon(Icons::icon(Icons::Id::Connect));
    action(Id::Connect)->setIconText(tr("Connect"));
    add(Id::ManageProfiles, tr("&Manage Connections…"), tr("Add, change and remove connections"));
    add(Id::TestConnection, tr("&Test Connection"), tr("Check what works on this connection"));
    add(Id::Disconnect, tr("&Disconnect"),
        tr("Close this connection and go back to the embedded catalog"));
    add(Id::CancelAll, tr("Cancel &All Requests"), tr("Cancel every request in flight"))
        ->setIcon(Icons::icon(Icons::Id::Cancel));

    add(Id::KeyboardShortcuts, tr("&Keyboard Shortcuts"), tr("List every keyboard shortcut"))
        ->setShortcut(QKeySequence::HelpContents);
    add(Id::About, tr("&About Lance Catalog Browser"), tr("Version and license"))
        ->setMenuRole(QAction::AboutRole);
    add(Id::AboutQt, tr("About &Qt"), tr("The Qt version in use"))
        ->setMenuRole(QAction::AboutQtRole);

    for (const Id id : {Id::SaveRequestLog,
                        Id::Undo,
                        Id::Redo,
                        Id::Copy,
                        Id::CopyIdentifier,
                        Id::CopyLocation,
                        Id::GoToIdentifier,
                        Id::LoadAll,
                        Id::CompareVersions,
                        Id::TestConnection,
                        Id::Disconnect,
                        Id::CancelAll,
                        Id::DeclareTable,
                        Id::CreateVersion,
                        Id::RegisterManifestUri,
                        Id::DeleteVersions,
                        Id::RestoreVersion,
                        Id::CleanUpVersions,
                        Id::DeregisterTable,
                        Id::ExportBatch,
                        Id::ImportBatch,
                        Id::Commit,
                        Id::TagVersion,
                        Id::MoveTag,
                        Id::DeleteTag,
                        Id::NewBranch,
                        Id::DeleteBranch,
                        Id::NewNamespace,
                        Id::DropNamespace,
                        Id::EditNamespaceProperties}) {
        action(id)->setEnabled(false);
    }
}

QAction *WindowActions::add(Id id, const QString &text, const QString &statusTip)
{
    auto *action = new QAction(text, this);
    action->setStatusTip(statusTip);
    m_actions.insert(id, action);
    m_order.append(id);
    return action;
}

QList<QAction *> WindowActions::all() const
{
    QList<QAction *> actions;
    for (const Id id : m_order) {
        actions << action(id);
    }
    return actions;
}

void WindowActions::fillMenuBar(QMenuBar *menuBar, const QList<QAction *> &viewToggles) const
{
    const auto fill = [this, menuBar](const QString &title, const QList<Id> &ids) {
        QMenu *menu = menuBar->addMenu(title);
        for (const Id id : ids) {
            if (action(id) == nullptr) {
                menu->addSeparator();
            } else {
                menu->addAction(action(id));
            }
        }
        return menu;
    };
    // A missing id (nullptr in the hash) stands for a separator: Id(-1).
    const Id separator = Id(-1);
    fill(tr("&File"),
         {Id::OpenDemo, Id::OpenFolder, separator, Id::SaveRequestLog, separator, Id::Quit});
    fill(tr("&Edit"), {Id::Undo, Id::Redo, separator, Id::Copy, Id::CopyIdentifier,
                       Id::CopyLocation, separator, Id::Find, Id::GoToIdentifier});
    QMenu *view = fill(tr("&View"), {Id::Refresh, Id::LoadAll, separator, Id::CompareVersions,
                                     separator, Id::NextPane, Id::PreviousPane});
    view->addSeparator();
    view->addActions(viewToggles);
    QMenu *theme = view->addMenu(tr("T&heme")); // Alt+T is the toolbar's
    theme->addActions({action(Id::ThemeSystem), action(Id::ThemeLight), action(Id::ThemeDark)});
    // Alt+H is Help's.
    fill(tr("Chan&ges"), {Id::DeclareTable,   Id::CreateVersion,   Id::RegisterManifestUri,
                          Id::DeleteVersions, Id::RestoreVersion,  Id::DeregisterTable,
                          Id::RenameTable,    Id::CleanUpVersions, separator,
                          Id::TagVersion,     Id::MoveTag,         Id::DeleteTag,
                          separator,          Id::NewBranch,       Id::DeleteBranch,
                          separator,          Id::NewNamespace,    Id::EditNamespaceProperties,
                          Id::DropNamespace,  separator,           Id::ExportBatch,
                          Id::ImportBatch,    separator,           Id::Commit});
    fill(tr("&Connection"), {Id::Connect, Id::ManageProfiles, Id::TestConnection, Id::Disconnect,
                             separator, Id::CancelAll});
    fill(tr("&Help"), {Id::KeyboardShortcuts, separator, Id::About, Id::AboutQt});
}

void WindowActions::fillToolBar(QToolBar *toolBar) const
{
    toolBar->addAction(action(Id::Connect));
    toolBar->addSeparator();
    toolBar->addAction(action(Id::Refresh));
    toolBar->addAction(action(Id::LoadAll));
    toolBar->addAction(action(Id::Find));
    toolBar->addAction(action(Id::Copy));
}

} // namespace lance::ui
