// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"

#include <QHash>
#include <QStringList>

namespace lance::staging {

/// What the staged operations mean for rows the browser already shows, so the tree can mark
/// them without changing what was loaded: tables staged for deregistration (struck out) and
/// tables with other staged changes (a count beside the name).
class StagedMarks
{
public:
    struct Mark
    {
        bool deregistered = false;
        int changes = 0; //!< staged operations on the table, the deregistration included
    };

    static StagedMarks fromOperations(const QList<api::CommitTableOperation> &operations);

    /// The mark of the table named by `names` (below the root); nothing staged: a blank mark.
    Mark markOf(const QStringList &names) const { return m_marks.value(names); }
    bool isEmpty() const { return m_marks.isEmpty(); }

private:
    QHash<QStringList, Mark> m_marks;
};

} // namespace lance::staging
