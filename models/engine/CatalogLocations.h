// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

#include <optional>

namespace lance::engine {

/// Where a catalog's tables live on disk, and the three spellings of a local path.
///
/// A root table `t` lives in `<root>/t.lance`, a table `a$b$t` in `<root>/a/b/t.lance`, as
/// Lance's directory namespace lays out root tables. A local path is also written as a
/// `file://` URI (table_uri) and as an object-store path, the absolute path without its leading
/// `/` (what Lance's object store calls a path, and what `manifest_path` holds).
///
/// "Inside" is decided on physical paths: the existing part of a path is canonicalised (so
/// `..` and symlinks are resolved as the file system resolves them) and only the part that does
/// not exist yet is cleaned as text.
class CatalogLocations
{
public:
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

    /// The local file a manifest path names: an absolute path, a `file://` URI, or an
    /// object-store path (absolute without the leading `/`); nothing for other schemes.
    static std::optional<QString> manifestLocalPath(const QString &manifestPath);
    static QString objectStorePath(const QString &localPath);
    static QString fileUri(const QString &localPath);
    /// The physical, clean form of the absolute `path` (see the class comment).
    static QString resolved(const QString &path);
    /// True when `path` lies strictly inside `folder`, both resolved.
    static bool isInside(const QString &path, const QString &folder);

private:
    static bool hasScheme(const QString &text);

    QString m_root;
};

} // namespace lance::engine
