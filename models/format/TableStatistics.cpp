// SPDX-License-Identifier: Apache-2.0
#include "format/TableStatistics.h"

#include <QSet>

#include <algorithm>
#include <limits>
#include <vector>

namespace lance::format {

namespace {

// Sizes come from a file and may be anything: a sum that would pass qint64 stops there.
qint64 saturatingAdd(qint64 sum, quint64 value)
{
    constexpr auto Max = quint64(std::numeric_limits<qint64>::max());
    return value >= Max - quint64(sum) ? qint64(Max) : sum + qint64(value);
}

} // namespace

api::GetTableStatsResponse TableStatistics::of(const ManifestContents &manifest)
{
    api::GetTableStatsResponse stats;
    const ManifestContents::Totals totals = manifest.totals();
    stats.numRows = std::max<qint64>(totals.rows, 0); // a damaged file may delete more than it has

    qint64 bytes = 0;
    std::vector<qint64> lengths;
    lengths.reserve(std::size_t(manifest.fragments.size()));
    qint64 lengthSum = 0;
    for (const ManifestContents::Fragment &fragment : manifest.fragments) {
        for (const ManifestContents::DataFile &file : fragment.files) {
            bytes = saturatingAdd(bytes, file.sizeBytes);
        }
        const qint64 rows = saturatingAdd(0, fragment.physicalRows);
        lengths.push_back(rows);
        lengthSum = saturatingAdd(lengthSum, fragment.physicalRows);
    }
    QSet<QString> names;
    for (const ManifestContents::Index &index : manifest.indices) {
        names.insert(index.name);
        bytes = saturatingAdd(bytes, index.filesSize);
    }
    stats.totalBytes = bytes;
    stats.numIndices = names.size();

    api::FragmentStats &fragments = stats.fragmentStats;
    fragments.numFragments = qint64(lengths.size());
    fragments.numSmallFragments = std::count_if(
        lengths.begin(), lengths.end(), [](qint64 rows) { return rows < SmallFragmentRows; });
    if (lengths.empty()) {
        return stats; // a table without fragments: every length is 0
    }
    std::sort(lengths.begin(), lengths.end());
    const std::size_t count = lengths.size();
    const auto at = [&](std::size_t percent) {
        return lengths[count * percent / 100];
    };
    fragments.lengths.min = lengths.front();
    fragments.lengths.max = lengths.back();
    fragments.lengths.mean = lengthSum / qint64(count);
    fragments.lengths.p25 = at(25);
    fragments.lengths.p50 = at(50);
    fragments.lengths.p75 = at(75);
    fragments.lengths.p99 = at(99);
    return stats;
}

} // namespace lance::format
