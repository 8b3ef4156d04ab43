// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "staging/KnownState.h"
#include "staging/StagingProblem.h"

#include <QCoreApplication>

namespace lance::staging {

/// Finds what is wrong with staged operations before they are sent, row by row, in sentences
/// that name the table, the version and the other row involved:
///  - blocking: a missing or invalid table identifier (api::Identifier's name rules), a range
///    that ends before it starts, and whatever else api::BatchCommitValidator refuses (empty
///    manifest path, negative version ...); a table declared twice; two operations creating
///    the same version of a table (both rows); a version already known to exist; a manifest
///    known not to be the version's (KnownState::manifestProblem()); a declare of
///    a table known to exist; an operation on a table known not to exist and not declared
///    earlier in the batch; an operation after its table's deregistration in the batch;
///  - warnings: an operation before its table's deregistration later in the batch (it is undone
///    by it); a table declared again after its deregistration; a delete whose ranges match no
///    known version and no version created earlier in the batch.
/// Versions are those of the operation's own branch (KnownState keeps each branch apart).
/// What `known` does not know is never a problem. Runs in time linear in the number of
/// operations (plus the known versions of tables with deletes), so it can run on every change.
class StagingCheck
{
    Q_DECLARE_TR_FUNCTIONS(StagingCheck)

public:
    /// One list per operation, in order; empty when the operation is fine. Blocking problems
    /// come first in each list.
    static QList<QList<StagingProblem>>
    check(const QList<api::CommitTableOperation> &operations, const KnownState &known,
          const QString &delimiter = api::Identifier::DefaultDelimiter);
};

} // namespace lance::staging
