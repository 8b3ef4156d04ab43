// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "staging/KnownState.h"
#include "staging/StagedOperation.h"

namespace lance::staging {

/// Staging that takes back what the same batch stages (QGIS's "add then delete cancels out"):
///  - deregistering a table that exists only as a DeclareTable of this batch (no other
///    operation on it is staged, and it is not known to exist) removes that declaration;
///  - deleting versions that are all created by this batch removes those CreateTableVersion
///    operations. "All" has to be certain: every known version (KnownState) outside the
///    ranges, and a range without a known version list (or "through the latest") covers only
///    versions the batch creates. A table declared in this batch has no other versions.
/// In both cases the new operation is not staged at all.
class CancelOutRule
{
public:
    /// The rows (ascending) that staging `operation` takes back instead of staging it, or
    /// nothing when it is staged as usual.
    static QList<int> cancelledRows(const QList<StagedOperation> &staged,
                                    const api::CommitTableOperation &operation,
                                    const KnownState &known);

private:
    static QList<int> cancelledByDeregister(const QList<StagedOperation> &staged,
                                            const api::DeregisterTableRequest &deregister,
                                            const KnownState &known);
    static QList<int> cancelledByDelete(const QList<StagedOperation> &staged,
                                        const api::BatchDeleteTableVersionsRequest &remove,
                                        const KnownState &known);
};

} // namespace lance::staging
