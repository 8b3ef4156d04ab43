// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"

#include <QCoreApplication>

namespace lance::staging {

/// How a staged operation reads in the Pending Changes list and in undo history.
class OperationSummary
{
    Q_DECLARE_TR_FUNCTIONS(OperationSummary)

public:
    /// "Declare table", "Create version", "Delete versions" or "Deregister table".
    static QString kindName(const api::CommitTableOperation &operation);
    /// The table's identifier joined with `delimiter`.
    static QString target(const api::CommitTableOperation &operation, const QString &delimiter);
    /// What the operation does beyond its kind and table: "version 7, manifest …/7.manifest,
    /// 1.2 kB"; "versions 3–5"; "versions 3 through the latest". `elide` shortens a manifest
    /// path to its file name (the tooltip shows it whole).
    static QString summary(const api::CommitTableOperation &operation, bool elide = true);
    /// "versions 3–5", "version 3", "versions 3 through the latest", joined with ", ".
    static QString ranges(const QList<api::VersionRange> &ranges);
    /// "Declare table sales$orders": kind and table, for undo history.
    static QString describe(const api::CommitTableOperation &operation, const QString &delimiter);
};

} // namespace lance::staging
