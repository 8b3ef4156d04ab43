// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "drop/PathMapping.h"

#include <functional>

namespace lance::drop {

/// How a catalog server is to name local files and folders: the `manifest_path` of a version and
/// the `location` of a table. Each function answers nothing for a path it cannot map, which
/// means the profile needs a PathMapping first.
///
/// Two functions because the local catalog spells the two differently: a manifest path is an
/// object-store path (absolute without its leading `/`, as CreateVersionDialog fills it), but a
/// relative location means "inside the catalog folder", so a location stays absolute.
struct PathMapper
{
    using Map = std::function<std::optional<QString>(const QString &localPath)>;

    Map manifestPath;
    Map location;

    /// The local catalog's spellings (and those of a lance-catalog-server on this machine):
    /// every absolute path maps.
    static PathMapper local();
    /// A remote catalog's: `mapping` for both; paths outside it do not map.
    static PathMapper remote(PathMapping mapping);
    /// A server on this machine: `mapping` where it covers a path (a folder the server sees
    /// elsewhere, as in a container), this machine's spellings (local()) for the rest.
    static PathMapper sameMachine(PathMapping mapping);
};

} // namespace lance::drop
