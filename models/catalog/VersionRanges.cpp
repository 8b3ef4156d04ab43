// SPDX-License-Identifier: Apache-2.0
#include "catalog/VersionRanges.h"

#include <QSet>
#include <QStringList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::catalog {

QList<api::VersionRange> VersionRanges::fromSelection(QList<qint64> selected, QList<qint64> known,
                                                      bool throughLatest)
{
    std::sort(selected.begin(), selected.end());
    selected.erase(std::unique(selected.begin(), selected.end()), selected.end());
    std::sort(known.begin(), known.end());
    known.erase(std::unique(known.begin(), known.end()), known.end());
    QList<api::VersionRange> ranges;
    if (selected.isEmpty()) {
        return ranges;
    }
    // A version that exists between two selected ones and is not selected splits the range.
    // Spans are built with inclusive ends, the way people count, then turned into wire ranges.
    const QSet<qint64> chosen(selected.cbegin(), selected.cend());
    QList<std::pair<qint64, qint64>> spans{{selected.first(), selected.first()}};
    for (qsizetype i = 1; i < selected.size(); ++i) {
        const qint64 next = selected.at(i);
        const auto from = std::upper_bound(known.cbegin(), known.cend(), spans.last().second);
        const auto to = std::lower_bound(known.cbegin(), known.cend(), next);
        const bool spared
            = std::any_of(from, to, [&chosen](qint64 v) { return !chosen.contains(v); });
        if (spared) {
            spans.append({next, next});
        } else {
            spans.last().second = next;
        }
    }
    for (const auto &[first, last] : spans) {
        ranges.append(inclusive(first, last));
    }
    if (throughLatest && !known.isEmpty() && spans.last().second >= known.last()) {
        ranges.last().endVersion = api::VersionRange::ThroughLatest;
    }
    return ranges;
}

api::VersionRange VersionRanges::inclusive(qint64 first, qint64 last)
{
    return api::VersionRange{first, last + 1};
}

QList<qint64> VersionRanges::covered(const QList<api::VersionRange> &ranges,
                                     const QList<qint64> &known)
{
    QList<qint64> result;
    for (const qint64 version : known) {
        const bool inside = std::any_of(ranges.cbegin(), ranges.cend(), [version](const auto &r) {
            return version >= r.startVersion && (r.endVersion < 0 || version < r.endVersion);
        });
        if (inside) {
            result.append(version);
        }
    }
    return result;
}

QString VersionRanges::describe(const QList<api::VersionRange> &ranges)
{
    QStringList parts;
    for (const api::VersionRange &range : ranges) {
        if (range.endVersion < 0) {
            parts << tr("%1 through the latest").arg(range.startVersion);
        } else if (range.endVersion == range.startVersion + 1) {
            parts << QString::number(range.startVersion);
        } else if (range.endVersion <= range.startVersion) {
            parts << tr("none (%1 to before %2)").arg(range.startVersion).arg(range.endVersion);
        } else {
            parts << u"%1–%2"_s.arg(range.startVersion).arg(range.endVersion - 1);
        }
    }
    return parts.join(u", "_s);
}

} // namespace lance::catalog
