// SPDX-License-Identifier: Apache-2.0
#include "staging/StagedMarks.h"

namespace lance::staging {

StagedMarks StagedMarks::fromOperations(const QList<api::CommitTableOperation> &operations)
{
    StagedMarks marks;
    for (const api::CommitTableOperation &operation : operations) {
        Mark &mark = marks.m_marks[api::commitOperationTarget(operation).names()];
        ++mark.changes;
        if (std::holds_alternative<api::DeregisterTableRequest>(operation)) {
            mark.deregistered = true;
        }
    }
    return marks;
}

} // namespace lance::staging
