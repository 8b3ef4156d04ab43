// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "staging/StagedOperation.h"

#include <QUndoCommand>

namespace lance::staging {

class PendingChanges;

/// One undoable change to PendingChanges: a short script of row insertions, removals and
/// replacements, applied in order by redo() and taken back in reverse by undo(). It holds
/// values only (operations with their row ids), never pointers into the model, and row
/// positions that are valid because the undo stack replays changes in order.
class StagingCommand : public QUndoCommand
{
public:
    StagingCommand(PendingChanges *changes, const QString &text);

    /// Records inserting `rows` at `row`.
    void insertRows(int row, QList<StagedOperation> rows);
    /// Records removing `rows`, which are the rows at `row`, `row + 1` ...
    void removeRows(int row, QList<StagedOperation> rows);
    /// Records replacing `before`, at `row`, with `after`.
    void replaceRow(int row, StagedOperation before, StagedOperation after);
    bool isEmpty() const { return m_steps.isEmpty(); }

    void redo() override;
    void undo() override;

private:
    struct Step
    {
        enum class Kind { Insert, Remove, Replace };
        Kind kind;
        int row;
        QList<StagedOperation> rows; //!< inserted or removed; for Replace: {before, after}
    };

    PendingChanges *m_changes; //!< not owned; owns the undo stack, so it outlives this command
    QList<Step> m_steps;
};

} // namespace lance::staging
