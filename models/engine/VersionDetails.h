// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/TableMessages.h"
#include "format/ManifestContents.h"

#include <QCoreApplication>

namespace lance::engine {

/// What the manifest of a recorded version says (schema, fragments, totals), for DescribeTable
/// with `load_detailed_metadata` and for the version views. Read where the catalog can reach
/// the file (a local path or `file://`), and kept in a process-wide cache by path, size and
/// modification time: Lance never rewrites a manifest, so nothing else invalidates an entry.
/// Any thread.
class VersionDetails
{
    Q_DECLARE_TR_FUNCTIONS(VersionDetails)

public:
    /// The decoded manifest of `version`; InvalidInput with the reason when it cannot be read
    /// (on object storage, missing, damaged).
    static api::Result<format::ManifestContents> read(const api::TableVersion &version);
    /// Fills the spec's detailed fields of `response` from `contents`: `version`, `schema`,
    /// `stats`, and `metadata` with the keys LanceDB's listVersions() reports.
    static void describe(const format::ManifestContents &contents,
                         api::DescribeTableResponse &response);
};

} // namespace lance::engine
