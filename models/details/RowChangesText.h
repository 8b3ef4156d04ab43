// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "details/ManifestAccess.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace lance::details {

/// The rows two versions do not share, worded for the Compare Versions report: how many only
/// the older holds (gone in the newer) and only the newer holds, each with its sample as one
/// line a row (`_rowid`, then each column's value, compact). Pure.
class RowChangesText
{
    Q_DECLARE_TR_FUNCTIONS(RowChangesText)

public:
    /// `fromName`, `toName`: "version 8", "staged version 9", "an empty table".
    static QString text(const ManifestAccess::RowComparison &comparison, const QString &fromName,
                        const QString &toName);
    /// The rows of `page`, one line each, indented: `_rowid` (the stable id where the table
    /// has them), then each column's value, compact.
    static QStringList sampleLines(const rows::VersionRows::Page &page);
};

} // namespace lance::details
