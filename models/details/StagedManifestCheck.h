// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"
#include "details/ManifestAccess.h"
#include "format/ManifestCheck.h"

#include <QCoreApplication>

#include <optional>

namespace lance::details {

/// What the catalog will refuse of a CreateTableVersion's manifest, said while it is staged
/// rather than after the commit: a manifest outside a `_versions/` folder (of the request's
/// branch, `tree/<branch>/_versions/`), one that is missing, unreadable or holds another
/// version. Judged only where this machine reaches the file (ManifestAccess): a server's path
/// not found here is left to the catalog. Reads the file synchronously (a manifest is
/// kilobytes).
class StagedManifestCheck
{
    Q_DECLARE_TR_FUNCTIONS(StagedManifestCheck)

public:
    StagedManifestCheck() = delete;

    /// Why `request`'s manifest cannot become its version, or nothing. `sameMachine`: the
    /// catalog reads this machine's files (the embedded catalog), so a path missing here is
    /// missing for it too.
    static std::optional<QString> problem(const ManifestAccess &access,
                                          const api::CreateTableVersionRequest &request,
                                          bool sameMachine);
    /// The same of a manifest named by its URI on the table's store (`access` with the
    /// table's store, VendedAccess): outside the table's `_versions/`, missing, unreadable as a
    /// manifest, or of another version. Nothing when the store cannot tell (it cannot be
    /// reached, refuses, or the version is a branch's): that is left to the catalog, and a
    /// passing failure never blocks a commit. Asks the store: any thread but the GUI's.
    static std::optional<QString> problemOnStore(const ManifestAccess &access,
                                                 const api::CreateTableVersionRequest &request);

private:
    /// What a manifest `shown` so that ManifestCheck judged as `checked` means for staging it as
    /// `version`.
    static std::optional<QString>
    verdict(const api::Result<format::ManifestCheck::Checked> &checked, const QString &shown,
            qint64 version);
};

} // namespace lance::details
