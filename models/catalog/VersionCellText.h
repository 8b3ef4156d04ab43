// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QVariant>

#include <optional>

namespace lance::catalog {

/// What a version record reads as in each column of TableVersionModel (TableVersionModel::Column):
/// the cell's text and its tooltip. For the model, and for lists of versions outside it (the
/// Delete Versions dialog) that should read the same.
class VersionCellText
{
    Q_DECLARE_TR_FUNCTIONS(VersionCellText)

public:
    VersionCellText() = delete;

    /// The text of `column`; empty for the ± column, which needs the version below
    /// (signedCount()).
    static QString text(const api::TableVersion &version, int column);
    /// The tooltip of `column`, if it has one.
    static QVariant toolTip(const api::TableVersion &version, int column);
    /// A change in rows as a column of numbers shows it: `+2`, `−1` (a real minus), `0`.
    static QString signedCount(qint64 change);
    /// The version's commit time in UTC, when it has one.
    static std::optional<QDateTime> time(const api::TableVersion &version);
    /// The time column's text: local time to the second, or to the millisecond when
    /// `withMillis` (two versions committed in the same second read apart).
    static QString timeText(const api::TableVersion &version, bool withMillis);
};

} // namespace lance::catalog
