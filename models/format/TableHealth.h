// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/HealthMessages.h"
#include "format/ManifestContents.h"
#include "format/ReferenceIndex.h"
#include "storage/ObjectStore.h"

#include <QList>

namespace lance::format {

/// A table's health (GetTableHealth) from the manifests of the versions a catalog keeps (as a
/// ReferenceIndex holds them) and the listing of the table's folder; no data file is read.
/// Which files a version needs is ManifestReferences'; a fragment is small, deleted rows are
/// counted, and an index covers a fragment as Lance's compaction and index statistics see them:
/// - a fragment is small below `smallFragmentRows` physical rows (compaction's
///   `target_rows_per_fragment`, 1,048,576 by default), deleted rows included;
/// - deleted rows are the deletion files' counts (`num_deleted_rows`), still stored in the data
///   files until a compaction rewrites them;
/// - an index does not cover the fragments missing from its fragment bitmap; their live rows
///   are what LanceDB's `indexStats()` reports as `numUnindexedRows`.
/// A fragment held by several versions is counted once in the kept scope, with the deleted rows
/// of the newest of them. Pure: any thread.
class TableHealth
{
public:
    /// Lance's compaction target (`CompactionOptions::target_rows_per_fragment`).
    static constexpr qint64 DefaultSmallFragmentRows = qint64{1024} * 1024;

    struct Input
    {
        /// What every manifest read names; must outlive the call.
        const ReferenceIndex *index = nullptr;
        /// The versions the catalog keeps, main's and every branch's.
        QList<ReferenceIndex::Version> kept;
        qsizetype latest = -1; //!< the main branch's latest in `kept`; -1 when there is none
        /// What the latest holds besides its fragments: its schema and its indexes.
        ManifestContents latestManifest;
        /// Every object of the table's folder, keys relative to it.
        QList<storage::ObjectMeta> listing;
        qint64 smallFragmentRows = DefaultSmallFragmentRows;
        /// Kept versions of main whose manifest the folder does not hold.
        QList<qint64> missingManifests;
    };

    static api::GetTableHealthResponse of(const Input &input);
};

} // namespace lance::format
