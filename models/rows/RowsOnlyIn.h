// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "rows/RowChanges.h"

#include <QCoreApplication>
#include <QList>

#include <vector>

namespace lance::rows {

/// The rows that some versions of a table hold and no other version does: what deleting those
/// versions' records takes out of reach, since a reader can no longer check any of them out.
///
/// Where every version has stable row ids, a row is its id: a row an update or compaction
/// moved, kept in a version that stays, is not counted. Otherwise a row is its physical place,
/// a fragment's data (the files a fragment keeps while columns are added or dropped, followed
/// from version to version) and an offset in it; a row a compaction or update rewrote into a
/// version that stays is then counted, as Compare Versions counts it.
///
/// Only deletion files (each once) and, with stable row ids, row id sequences are read; the
/// fragments themselves come from the manifests given. The count is exact; the sample is of
/// the first such rows, each with a leaving version that holds it, to be read from there.
/// Any thread.
class RowsOnlyIn
{
    Q_DECLARE_TR_FUNCTIONS(RowsOnlyIn)

public:
    struct Sample
    {
        qsizetype version = 0; //!< an index into the leaving versions: one that holds the row
        quint64 address = 0;   //!< the row's address in that version
    };
    qint64 rows = 0;
    QList<Sample> sample;
    bool byStableId = false;

    /// The rows `leaving` hold and none of `staying` does, with up to `sampleSize` of them.
    static api::Result<RowsOnlyIn> compute(const std::vector<RowChanges::Version> &leaving,
                                           const std::vector<RowChanges::Version> &staying,
                                           qsizetype sampleSize,
                                           const storage::CallControl &control);
};

} // namespace lance::rows
