// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "format/ManifestContents.h"
#include "format/TransactionContents.h"
#include "format/VersionDiff.h"

#include <optional>

namespace lance::format {

/// Compares two decoded manifests of one table. Linear in their fragments and files (hashes by
/// id and path), so two versions of 10,000 fragments compare in milliseconds. Pure, any thread.
class VersionDiffer
{
public:
    VersionDiffer() = delete;

    /// What changed from `from` to `to`. `transaction` is `to`'s own: it names the operation
    /// (used only when `to` directly follows `from`) and tells rewritten rows from appended
    /// and deleted ones.
    static VersionDiff compare(const ManifestContents &from, const ManifestContents &to,
                               const std::optional<TransactionContents> &transaction = {});
};

} // namespace lance::format
