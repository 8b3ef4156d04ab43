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
    const QSet<qint64> chosen(selected.cbegin(), selected.cend());
    api::VersionRange current{selected.first(), selected.first()};
    for (qsizetype i = 1; i < selected.size(); ++i) {
        const qint64 next = selected.at(i);
        const auto from = std::upper_bound(known.cbegin(), known.cend(), current.endVersion);
        const auto to = std::lower_bound(known.cbegin(), known.cend(), next);
        const bool spared
            = std::any_of(from, to, [&chosen](qint64 v) { return !chosen.contains(v); });
        if (spared) {
            ranges.append(current);
            current = {next, next};
        } else {
            current.endVersion = next;
        }
    }
    if (throughLatest && !known.isEmpty() && current.endVersion >= known.last()) {
        current.endVersion = api::VersionRange::ThroughLatest;
    }
    ranges.append(current);
    return ranges;
}

QList<qint64> VersionRanges::covered(const QList<api::VersionRange> &ranges,
                                     const QList<qint64> &known)
{
    QList<qint64> result;
    for (const qint64 version : known) {
        const bool inside = std::any_of(ranges.cbegin(), ranges.cend(), [version](const auto &r) {
            return version >= r.startVersion
                   && (r.endVersion == api::VersionRange::ThroughLatest || version <= r.endVersion);
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
        if (range.endVersion == api::VersionRange::ThroughLatest) {
            parts << tr("%1 through the latest").arg(range.startVersion);
        } else if (range.endVersion == range.startVersion) {
            parts << QString::number(range.startVersion);
        } else {
            parts << u"%1–%2"_s.arg(range.startVersion).arg(range.endVersion);
        }
    }
    return parts.join(u", "_s);
}

} // namespace lance::catalog
