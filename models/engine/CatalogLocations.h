// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

#include <optional>

namespace lance::engine {

/// Where a catalog's tables live on disk. A root table `t` lives in `<root>/t.lance`, a table
/// `a$b$t` in `<root>/a/b/t.lance`, as Lance's directory namespace lays out root tables. The
/// spellings of a local path (URI, object-store path) are format::LocalPaths'.
class CatalogLocations
{
public:
    /// ".lance", the ending of a table folder's name: the default location of a table, and
    /// how a folder found in the root is taken for one.
    static inline const QString TableSuffix = QStringLiteral(".lance");

    /// `root`: the absolute, canonical catalog folder.
    explicit CatalogLocations(QString root);

    const QString &root() const { return m_root; }
    QString databaseFile() const;
    QString defaultLocation(const api::Identifier &table) const;

    /// The local folder a table location names: an absolute path, a `file://` URI, or a path
    /// relative to the root; nothing for a remote location (`s3://…`, any other scheme).
    std::optional<QString> localPath(const QString &location) const;
    /// True when `path` lies strictly inside the root (never the root itself).
    bool isInsideRoot(const QString &path) const;

private:
    QString m_root;
};

} // namespace lance::engine
