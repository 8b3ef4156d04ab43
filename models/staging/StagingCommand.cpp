// SPDX-License-Identifier: Apache-2.0
#include "staging/StagingCommand.h"

#include "staging/PendingChanges.h"

namespace lance::staging {

StagingCommand::StagingCommand(PendingChanges *changes, const QString &text)
    : QUndoCommand(text)
    , m_changes(changes)
{}

void StagingCommand::insertRows(int row, QList<StagedOperation> rows)
{
    m_steps.append(Step{Step::Kind::Insert, row, std::move(rows)});
}

void StagingCommand::removeRows(int row, QList<StagedOperation> rows)
{
    m_steps.append(Step{Step::Kind::Remove, row, std::move(rows)});
}

void StagingCommand::replaceRow(int row, StagedOperation before, StagedOperation after)
{
    m_steps.append(Step{Step::Kind::Replace, row, {std::move(before), std::move(after)}});
}

void StagingCommand::redo()
{
    for (const Step &step : std::as_const(m_steps)) {
        switch (step.kind) {
        case Step::Kind::Insert:
            m_changes->insertStaged(step.row, step.rows);
            break;
        case Step::Kind::Remove:
            m_changes->removeStaged(step.row, step.rows);
            break;
        case Step::Kind::Replace:
            m_changes->replaceStaged(step.row, step.rows.at(0), step.rows.at(1));
            break;
        }
    }
    m_changes->finishEdit();
}

void StagingCommand::undo()
{
    for (auto it = m_steps.crbegin(); it != m_steps.crend(); ++it) {
        switch (it->kind) {
        case Step::Kind::Insert:
            m_changes->removeStaged(it->row, it->rows);
            break;
        case Step::Kind::Remove:
            m_changes->insertStaged(it->row, it->rows);
            break;
        case Step::Kind::Replace:
            m_changes->replaceStaged(it->row, it->rows.at(1), it->rows.at(0));
            break;
        }
    }
    m_changes->finishEdit();
}

} // namespace lance::staging
