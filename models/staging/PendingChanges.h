// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/Result.h"
#include "staging/KnownState.h"
#include "staging/StagedOperation.h"
#include "staging/StagingProblem.h"

#include <QAbstractTableModel>

#include <functional>
#include <optional>

class QUndoStack;

namespace lance::staging {

class StagedRenames;
class StagingCommand;

/// The staged operations of one catalog, a row each, in the order they will be committed as
/// one batch. Every change goes through the undo stack the model owns, as one step each
/// (stage, remove, edit, discard all, stage many), and the problems of every row are checked
/// again after each (StagingCheck, with the KnownState the UI keeps up to date).
///
/// Every change answers the reason it was refused, or nothing when it was applied; a refused
/// change changes nothing. While a commit is in flight (setFrozen(true)) every change is
/// refused, undo and redo included: call undo() and redo() here, never on undoStack(), whose
/// own actions know nothing about freezing (use it for texts and the undo view).
///
/// Cancel-out: staging a deregistration of a table only declared in this batch, or a delete
/// of versions all created by this batch, takes those operations back instead (CancelOutRule),
/// as one undoable step. Lives on the GUI thread; no I/O.
class PendingChanges : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column : int {
        KindColumn,     //!< "Declare table", "Create version", "Delete versions", ...
        TargetColumn,   //!< the table, joined with the delimiter
        SummaryColumn,  //!< "version 7, manifest …/7.manifest, 1.2 kB"; whole in the tooltip
        ProblemsColumn, //!< the problems' sentences; one a line in the tooltip
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role : int {
        OperationRole = Qt::UserRole + 1, //!< api::CommitTableOperation, in every column
        RowIdRole,                        //!< quint64: this row's id, never reused
        KindRole,                         //!< QString wire key, "create_table_version"
        TargetRole,                       //!< QStringList: the table's names
        ProblemsRole,                     //!< QStringList: sentences, blocking ones first
        BlockingRole,                     //!< bool: a problem blocks the commit
    };
    Q_ENUM(Role)

    explicit PendingChanges(QString delimiter = api::Identifier::DefaultDelimiter,
                            QObject *parent = nullptr);
    ~PendingChanges() override;

    const QString &delimiter() const { return m_delimiter; }
    /// For undo texts, clean state and an undo view; undo through undo() and redo().
    QUndoStack *undoStack() const { return m_undoStack; }

    /// Appends `operation`, or takes back what it cancels out (see the class comment).
    api::Result<void> stage(const api::CommitTableOperation &operation);
    /// Appends `operations` as one undo step named `text` (an import). Refused when empty.
    api::Result<void> stageAll(const QList<api::CommitTableOperation> &operations,
                               const QString &text);
    /// Stages each of `operations` as stage() would (cancelling out included), all as one undo
    /// step named `text` when there are several. Refused when empty.
    api::Result<void> stageEach(const QList<api::CommitTableOperation> &operations,
                                const QString &text);
    api::Result<void> remove(quint64 rowId);
    /// Removes all of `rowIds` as one undo step; refused, removing none, if one is unknown.
    api::Result<void> remove(const QList<quint64> &rowIds);
    /// Replaces the operation of row `rowId`; the row keeps its id and place.
    api::Result<void> edit(quint64 rowId, const api::CommitTableOperation &operation);
    /// Removes every row, and every staged rename, as one undo step (ask the user first).
    api::Result<void> discardAll();
    api::Result<void> undo();
    api::Result<void> redo();
    bool canUndo() const;
    bool canRedo() const;
    /// Replaces everything with `operations` (new row ids) and empties the undo history: what
    /// was restored from a journal is where undo starts.
    api::Result<void> load(const QList<api::CommitTableOperation> &operations);
    /// After a successful commit: removes every row and the undo history (nothing committed
    /// can be undone here). Allowed while frozen: it is how the commit ends.
    void clearAfterCommit();
    /// After operations were applied one by one: removes rows `rowIds` and the undo history.
    void clearAfterCommit(const QList<quint64> &rowIds);

    int count() const { return int(m_rows.size()); }
    /// The staged renames, which the batch cannot carry (see StagedRenames); a change there is
    /// a changed() here too.
    StagedRenames &renames() const { return *m_renames; }
    /// Nothing at all is staged: no operation of the batch, no rename.
    bool isEmpty() const;
    QList<api::CommitTableOperation> operations() const;
    /// The batch to send: every operation in row order.
    api::BatchCommitTablesRequest toRequest() const;
    const StagedOperation &stagedAt(int row) const { return m_rows.at(row); }
    /// The row of `rowId`, or -1.
    int rowOf(quint64 rowId) const;
    const QList<StagingProblem> &problemsAt(int row) const { return m_problems.at(row); }
    bool hasBlockingProblems() const { return m_blockingRows > 0; }

    bool isFrozen() const { return m_frozen; }
    void setFrozen(bool frozen);
    const KnownState &knownState() const { return m_known; }
    void setKnownState(KnownState known);
    /// Changes the known state in place (no copy of a large listing), then checks again.
    void updateKnownState(const std::function<void(KnownState &)> &update);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

signals:
    /// The staged operations changed (any change, undo and redo included).
    void changed();
    /// The problems of some rows changed, after a change or a new KnownState.
    void problemsChanged();
    void frozenChanged(bool frozen);
    /// canUndo() or canRedo() may have changed.
    void undoStateChanged();

private:
    friend class StagingCommand; // applies its steps through the primitives below

    api::Result<void> refusal() const;
    api::Result<void> push(StagingCommand *command);
    QList<int> rowsOf(const QList<quint64> &rowIds, bool *allFound) const;
    /// Adds removal steps for `rows` (ascending) to `command`, last block first.
    void recordRemovals(StagingCommand &command, const QList<int> &rows) const;
    StagedOperation makeStaged(const api::CommitTableOperation &operation);
    void clearRows();

    void insertStaged(int row, const QList<StagedOperation> &rows);
    void removeStaged(int row, const QList<StagedOperation> &rows);
    void replaceStaged(int row, const StagedOperation &before, const StagedOperation &after);
    void finishEdit();
    void recheck();

    QString m_delimiter;
    QUndoStack *m_undoStack;  //!< child of this model
    StagedRenames *m_renames; //!< child of this model
    QList<StagedOperation> m_rows;
    QList<QList<StagingProblem>> m_problems; //!< parallel to m_rows
    KnownState m_known;
    quint64 m_nextRowId = 1;
    int m_blockingRows = 0;
    bool m_frozen = false;
};

} // namespace lance::staging
