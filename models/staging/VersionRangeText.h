// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

#include <QCoreApplication>
#include <QList>

#include <optional>

namespace lance::staging {

/// The version ranges of a delete as one line a person can read and type: "1-3, 5, 7-latest",
/// each range with both ends included, the way people count (VersionRange's end is exclusive
/// on the wire, and -1 is "through the latest").
///
/// parse(format(r)) == r, an empty range (end <= start, which an imported file may hold)
/// included: it reads as a range that ends before it starts ("5-4"), so a check can say so
/// rather than it silently becoming another range. Only an end of 0 or below -1 has no such
/// form: it is written as is ("3--1") and does not parse, so it cannot pass unnoticed either.
class VersionRangeText
{
    Q_DECLARE_TR_FUNCTIONS(VersionRangeText)

public:
    static QString format(const QList<api::VersionRange> &ranges);
    /// Ranges separated by commas or spaces, each "N", "N-M" (or "N–M") or "N-latest"; the
    /// word may be typed in English or as translated. Nothing when a part is none of these.
    static std::optional<QList<api::VersionRange>> parse(const QString &text);
    /// The translated word for "through the latest" in the text form.
    static QString latestWord();
};

} // namespace lance::staging
