// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"
#include "details/ManifestAccess.h"

#include <QCoreApplication>
#include <QStringList>

#include <functional>

namespace lance::details {

/// The rows a staged delete of versions takes out of reach, for the commit review: those the
/// deleted versions hold and no version that stays does (ManifestAccess::rowsOnlyIn()), read
/// off the GUI thread, with a sample of them. So a steward sees, before the commit, which rows
/// no one will be able to check out again.
class LeavingRowsReader
{
    Q_DECLARE_TR_FUNCTIONS(LeavingRowsReader)

public:
    LeavingRowsReader() = delete;
    /// Rows shown of those that leave.
    static constexpr qsizetype SampleSize = 5;
    /// Whether `access` reaches the manifests of all of `versions`: only then are rows compared
    /// (one it cannot read would make rows look gone that stay).
    static bool reachesAll(const ManifestAccess &access, const QList<api::TableVersion> &versions);
    /// Reads the rows `leaving` hold and none of `staying` does; `done` runs once, on the GUI
    /// thread, while `context` lives.
    static void start(ManifestAccess access, QList<api::TableVersion> leaving,
                      QList<api::TableVersion> staying, QObject *context,
                      std::function<void(api::Result<ManifestAccess::LeavingRows>)> done);
    /// The count and how rows were matched, or why they could not be read.
    static QString sentence(const api::Result<ManifestAccess::LeavingRows> &read);
    /// The sample, one line a row (none when the read failed).
    static QStringList sampleLines(const api::Result<ManifestAccess::LeavingRows> &read);
};

} // namespace lance::details
