// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QKeySequence>
#include <QObject>

class QAction;
class QMenuBar;
class QToolBar;

namespace lance::ui {

/// Every command of the main window, with its text, icon, standard shortcut and status tip,
/// and the menus and toolbar they appear in. The window owns one; whoever implements a command
/// connects to `action(Id)->triggered` and keeps its enabled state right.
///
/// Enabled from the start: OpenDemo, OpenFolder, Quit, Find, Refresh, Connect,
/// KeyboardShortcuts, About, AboutQt. The others start disabled, because they need a
/// selection, a connection or work in flight: enable them when that is there.
class WindowActions : public QObject
{
    Q_OBJECT

public:
    enum class Id {
        // File
        OpenDemo,
        OpenFolder,     //!< Ctrl+O
        SaveRequestLog, //!< the request log as JSON lines
        Quit,           //!< Ctrl+Q
        // Edit
        Undo,           //!< Ctrl+Z: the last staging step
        Redo,           //!< Ctrl+Shift+Z and Ctrl+Y
        Copy,           //!< Ctrl+C: the selected name
        CopyIdentifier, //!< Ctrl+Shift+C: the full identifier
        CopyLocation,
        Find,           //!< Ctrl+F: the filter box
        GoToIdentifier, //!< Ctrl+L
        // View
        Refresh,         //!< F5
        LoadAll,         //!< every page of the selected namespace
        CompareVersions, //!< Ctrl+D (Enter in the versions view)
        NextPane,        //!< F6: the tree, the centre tab, the docks in turn
        PreviousPane,    //!< Shift+F6
        ThemeSystem,     //!< View > Theme, checkable, one of three
        ThemeLight,
        ThemeDark,
        // Changes (staged, then committed as one batch)
        DeclareTable,        //!< Ctrl+N
        CreateVersion,       //!< Ctrl+Shift+N
        RegisterManifestUri, //!< a manifest already on the table's object store
        DeleteVersions,      //!< Ctrl+Delete (Delete in the versions view)
        RestoreVersion,      //!< Ctrl+Shift+R: the selected version as the new latest
        CleanUpVersions,     //!< old versions and their files, previewed; applies at once
        // Tags (applied at once: a batch commit carries none)
        TagVersion, //!< Ctrl+T: a new tag on the selected version
        MoveTag,    //!< an existing tag to the selected version
        DeleteTag,
        // Branches (applied at once, as tags)
        NewBranch,    //!< from the selected version of the branch shown
        DeleteBranch, //!< the branch shown
        // Namespaces (applied at once, as tags)
        NewNamespace,            //!< inside the selected namespace
        DropNamespace,           //!< the selected one, Restrict or Cascade
        EditNamespaceProperties, //!< of the selected namespace (or the root)
        DeregisterTable,         //!< Ctrl+Shift+Delete (Delete in the tree)
        RenameTable,             //!< staged apart from the batch (F2 in the tree)
        ExportBatch,             //!< Ctrl+E: the staged batch as batch-commit JSON
        ImportBatch,             //!< Ctrl+I
        Commit,                  //!< Ctrl+Return: review and commit the staged batch
        // Connection
        Connect,
        ManageProfiles,
        TestConnection,
        Disconnect,
        CancelAll,
        // Help
        KeyboardShortcuts, //!< F1
        About,
        AboutQt,
    };

    explicit WindowActions(QObject *parent = nullptr);

    QAction *action(Id id) const { return m_actions.value(id); }
    /// Every action, in menu order (for the shortcuts list).
    QList<QAction *> all() const;

    /// Fills `menuBar` with File, Edit, View, Connection and Help. The View menu gets the
    /// `viewToggles` (docks and toolbar) after its own actions.
    void fillMenuBar(QMenuBar *menuBar, const QList<QAction *> &viewToggles) const;
    void fillToolBar(QToolBar *toolBar) const;

private:
    QAction *add(Id id, const QString &text, const QString &statusTip);
    /// The platform's keys for `key`, then `extra` (each once).
    static QList<QKeySequence> keysFor(QKeySequence::StandardKey key,
                                       const QList<QKeySequence> &extra);

    QHash<Id, QAction *> m_actions;
    QList<Id> m_order;
};

} // namespace lance::ui
