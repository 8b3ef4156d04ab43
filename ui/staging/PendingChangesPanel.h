// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QWidget>

class QAction;
class QLabel;
class QPushButton;
class QStackedWidget;
class QTableView;
class QToolBar;

namespace lance::staging {
class PendingChanges;
}

namespace lance::ui {

class Prompter;

/// The Pending Changes dock: the staged operations of the open catalog, a row each, with their
/// problems, and what can be done with them: Commit (with the count on the button), undo and
/// redo, edit or remove a row, discard all (asked first), export and import the batch as JSON.
///
/// Only a view: every change goes through PendingChanges, which refuses while a commit is in
/// flight; the panel greys its actions then. Commit, edit, export and import are signals for
/// the controller, which owns the dialogs and the connection.
///
/// Rows with problems carry an icon and a tint (PendingRowDelegate); a line above the rows
/// counts them (`problemsButton`, which selects the next one), and the selected row's problems
/// show in full below the rows.
///
/// Staged renames are listed apart, below the batch (`renamesTable`, under `renamesLabel`),
/// since they run on their own after it; Remove and Discard All take them too.
///
/// Object names for tests: `pendingTable`, `commitButton`, `emptyLabel`, `problemsButton`,
/// and the actions
/// `undoAction`, `redoAction`, `editAction`, `removeAction`, `discardAction`, `exportAction`,
/// `importAction`.
class PendingChangesPanel : public QWidget
{
    Q_OBJECT

public:
    PendingChangesPanel(staging::PendingChanges &changes, Prompter &prompter,
                        QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QPushButton *commitButton() const { return m_commit; }
    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    QAction *exportAction() const { return m_export; }
    QAction *importAction() const { return m_import; }
    /// The row ids of the selected rows.
    QList<quint64> selectedRowIds() const;
    /// Remove the selected rows (the Delete key in the table).
    void removeSelected();
    /// Asks, then discards every staged operation (one undo step).
    void discardAll();
    /// Selects the next row with a problem after the current one (`problemsButton`).
    void selectNextProblem();

signals:
    void commitRequested();
    void editRequested(quint64 rowId);
    void exportRequested();
    void importRequested();

private:
    QAction *addAction(const QString &objectName, const QString &text, const QString &toolTip);
    void updateState();
    QList<int> problemRows() const;
    void report(const api::Result<void> &done);

    staging::PendingChanges &m_changes;
    Prompter &m_prompter;
    QToolBar *m_toolBar = nullptr;
    QStackedWidget *m_pages = nullptr;
    QTableView *m_table = nullptr;
    QLabel *m_renamesLabel = nullptr;
    QTableView *m_renamesTable = nullptr; //!< the staged renames (StagedRenames)
    QLabel *m_empty = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_commit = nullptr;
    QPushButton *m_problems = nullptr; //!< the count of rows with problems
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QAction *m_edit = nullptr;
    QAction *m_remove = nullptr;
    QAction *m_discard = nullptr;
    QAction *m_export = nullptr;
    QAction *m_import = nullptr;
};

} // namespace lance::ui
