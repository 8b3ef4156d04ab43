// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/TableMessages.h"
#include "format/ManifestContents.h"

namespace lance::format {

/// What GetTableStats answers of one version, from its manifest alone, computed as LanceDB's
/// `table.stats()` does (TestLanceHistory compares every version of a recorded history):
/// - `num_rows`: live rows; `num_indices`: distinct index names;
/// - fragment lengths: physical rows (deleted rows included), sorted, the p-th percentile being
///   the element at `count * p / 100`, the mean rounded down;
/// - a fragment is small below 100,000 physical rows;
/// - `total_bytes`: the data files' sizes plus the index files' sizes, as LanceDB 0.39 reports.
///   LanceDB 0.31 counted the bytes of each column on disk instead, which needs the data files
///   themselves; a manifest cannot give that number.
/// Lance's own directory namespace differs in small ways (live rows as lengths, small below
/// 1,024 rows, percentiles at `(count - 1) * p / 100`); LanceDB is what stewards compare with.
class TableStatistics
{
public:
    static constexpr qint64 SmallFragmentRows = 100'000;

    static api::GetTableStatsResponse of(const ManifestContents &manifest);
};

} // namespace lance::format
