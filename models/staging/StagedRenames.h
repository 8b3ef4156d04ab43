// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/TableMessages.h"

#include <QAbstractTableModel>

namespace lance::staging {

class PendingChanges;

/// One staged rename, with the id of its row (handed out once, as PendingChanges' row ids).
struct StagedRename
{
    quint64 rowId = 0;
    api::RenameTableRequest request;

    bool operator==(const StagedRename &) const = default;
};

/// The staged renames and moves of tables: the fifth kind of staged change, which the spec's
/// batch-commit cannot carry. They are applied on their own, one by one, after the batch has
/// been committed (or at once when nothing else is staged); a failure leaves the batch
/// committed and the failed rename, and those after it, staged. So they are listed apart from
/// the batch, and every text about them says that they are not part of its all-or-nothing.
///
/// Owned by PendingChanges, whose undo stack (one history for all staged work), frozen state
/// and delimiter they share; every change here is also a PendingChanges::changed(), which is
/// what the journal and the window listen to. Columns are PendingChanges' own.
class StagedRenames : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit StagedRenames(PendingChanges &changes);

    /// Refused while frozen, when the name is unchanged, and when the table has a rename
    /// staged already (one per table: its second name would hide its first).
    api::Result<void> stage(const api::RenameTableRequest &request);
    /// Removes the rows of `rowIds` as one undo step; refused, removing none, if one is unknown.
    api::Result<void> remove(const QList<quint64> &rowIds);
    /// Replaces everything with `renames` (new row ids), without undo: a journal's content.
    void load(const QList<api::RenameTableRequest> &renames);
    /// After the rename of `rowId` was applied: its row goes, with the whole undo history
    /// (nothing applied can be undone here). Allowed while frozen.
    void clearApplied(quint64 rowId);

    int count() const { return int(m_rows.size()); }
    const StagedRename &stagedAt(int row) const { return m_rows.at(row); }
    QList<api::RenameTableRequest> renames() const;
    /// The row of `rowId`, or -1.
    int rowOf(quint64 rowId) const;
    /// The staged rename of `table`, if any.
    std::optional<api::RenameTableRequest> renameOf(const api::Identifier &table) const;
    /// "people → archive$people_2025", with the delimiter.
    QString describe(const api::RenameTableRequest &request) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// The undo steps' primitives (RenameStagingCommand).
    void insertAt(int row, const QList<StagedRename> &rows);
    void removeAt(int row, int count);

signals:
    void changed();

private:
    api::Result<void> refusal() const;

    PendingChanges &m_changes;
    QList<StagedRename> m_rows;
    quint64 m_nextRowId = 1;
};

} // namespace lance::staging
