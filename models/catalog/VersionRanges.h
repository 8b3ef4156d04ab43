// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

#include <QCoreApplication>
#include <QList>

namespace lance::catalog {

/// Turns the versions a person selected in the versions view into the contiguous ranges of a
/// BatchDeleteTableVersions request, and back into words.
///
/// On the wire a range is `start <= v < end` (the spec: start inclusive, end exclusive) and
/// `end_version: -1` means through the latest; people read "3–5" as 3, 4 and 5, so every
/// conversion to and from words adds or takes the one.
///
/// Contiguity is judged against the versions that exist, not against the integers: with
/// versions 1, 2, 5 and 6 known, selecting 2 and 5 is the one range 2-5 (no version between
/// them exists to be spared), while selecting 1 and 5 with 2 left out gives two ranges. So
/// the request deletes exactly what was selected and sends as few ranges as it can.
class VersionRanges
{
    Q_DECLARE_TR_FUNCTIONS(VersionRanges)

public:
    /// The wire ranges covering `selected`, each as long as it can be without covering a version of
    /// `known` that is not selected. Selected versions missing from `known` are still covered.
    /// When `throughLatest` is true and the newest known version is selected, the last range
    /// ends with VersionRange::ThroughLatest (-1), so versions written meanwhile go too.
    static QList<api::VersionRange> fromSelection(QList<qint64> selected, QList<qint64> known,
                                                  bool throughLatest = false);
    /// The versions of `known` that `ranges` delete.
    static QList<qint64> covered(const QList<api::VersionRange> &ranges,
                                 const QList<qint64> &known);
    /// The wire range holding versions `first` through `last`, both included.
    static api::VersionRange inclusive(qint64 first, qint64 last);
    /// "3", "3–5", "7 through the latest" (as people count: both ends included); ranges joined
    /// with ", ".
    static QString describe(const QList<api::VersionRange> &ranges);
};

} // namespace lance::catalog
