// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CleanupMessages.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace lance::details {

/// A cleanup plan (PlanTableCleanup) in words, the same in the window's preview and in
/// `lance-catalog cleanup`.
class CleanupPlanText
{
    Q_DECLARE_TR_FUNCTIONS(CleanupPlanText)

public:
    /// Why a version stays or goes: "the latest", "tagged: q3-close", "branch experiment
    /// starts here", "inside the policy", "its catalog record was deleted", …
    static QString reason(const api::CleanupVersion &version);
    /// "7 versions and 24 files (15.1 KiB) go; 3 versions stay." or that nothing goes.
    static QString summary(const api::PlanTableCleanupResponse &plan);
    /// Headers (a window's; the command line's are these in capitals) and cells of the version
    /// rows (every version, ascending): version, committed,
    /// stays or goes, why.
    static QStringList versionHeaders();
    static QList<QStringList> versionRows(const api::PlanTableCleanupResponse &plan);
    /// Headers and cells of the file rows: path, kind, size, last used by.
    static QStringList fileHeaders();
    static QStringList fileRow(const api::CleanupFile &file);
    /// What applying did: "Removed 7 versions and 24 files, 15.1 KiB." and the failures.
    static QString outcome(const api::CleanupTableResponse &done);
};

} // namespace lance::details
