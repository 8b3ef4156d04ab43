// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"

namespace lance::staging {

/// One staged operation with the id of its row in PendingChanges. The id is handed out once per
/// staged operation and never again: it survives edits, removal and undo (the operation comes
/// back with its id), so views and the commit layer can name a row across changes.
struct StagedOperation
{
    quint64 rowId = 0;
    api::CommitTableOperation operation;

    bool operator==(const StagedOperation &) const = default;
};

} // namespace lance::staging
