// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/VersionMessages.h"
#include "details/ManifestAccess.h"
#include "format/VersionDiffReport.h"

#include <optional>

namespace lance::details {

/// Reads the manifests of two version records (ManifestAccess) and compares them
/// (format::VersionDiffer), for the Compare Versions dialog and `lance-catalog diff`.
/// Blocking file reads: off the GUI thread.
class VersionComparer
{
public:
    VersionComparer() = delete;

    /// What changed from `from` to `to`; without `from`, what `to` holds against an empty
    /// table (the first version against what came before it). The error names the manifest
    /// that could not be read, and why.
    static api::Result<format::VersionDiffReport>
    compare(const ManifestAccess &access, const std::optional<api::TableVersion> &from,
            const api::TableVersion &to);
};

} // namespace lance::details
