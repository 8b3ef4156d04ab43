// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "staging/StagedRenames.h"

#include <QUndoCommand>

namespace lance::staging {

/// One undoable change to StagedRenames: inserting rows at a position, or removing them (each
/// removal of a block of adjacent rows is one step; steps run in order and back in reverse).
/// Values only, like StagingCommand, on the undo stack both share.
class RenameStagingCommand : public QUndoCommand
{
public:
    RenameStagingCommand(StagedRenames *renames, const QString &text)
        : QUndoCommand(text)
        , m_renames(renames)
    {}

    void insertRows(int row, QList<StagedRename> rows)
    {
        m_steps.append({true, row, std::move(rows)});
    }
    void removeRows(int row, QList<StagedRename> rows)
    {
        m_steps.append({false, row, std::move(rows)});
    }

    void redo() override
    {
        for (const Step &step : m_steps) {
            apply(step, step.insert);
        }
    }
    void undo() override
    {
        for (auto it = m_steps.crbegin(); it != m_steps.crend(); ++it) {
            apply(*it, !it->insert);
        }
    }

private:
    struct Step
    {
        bool insert;
        int row;
        QList<StagedRename> rows;
    };

    void apply(const Step &step, bool insert)
    {
        if (insert) {
            m_renames->insertAt(step.row, step.rows);
        } else {
            m_renames->removeAt(step.row, int(step.rows.size()));
        }
    }

    StagedRenames *m_renames; //!< not owned; its owner owns the undo stack too
    QList<Step> m_steps;
};

} // namespace lance::staging
