// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <optional>

namespace lance::format {

/// The spellings of a local path in Lance's metadata: an absolute path, a `file://` URI
/// (`table_uri`), and an object-store path, the absolute path without its leading `/` (what
/// Lance's object store calls a path, and what `manifest_path` holds).
///
/// "Inside" is decided on physical paths: the existing part of a path is canonicalised (so
/// `..` and symlinks are resolved as the file system resolves them) and only the part that does
/// not exist yet is cleaned as text.
class LocalPaths
{
public:
    LocalPaths() = delete;

    /// The local folder a table location names: an absolute path, a `file://` URI, or a path
    /// relative to `base` (a catalog root); nothing for a remote location (`s3://…`, any other
    /// scheme).
    static std::optional<QString> tableFolder(const QString &location, const QString &base);
    /// The local file a manifest path names: an absolute path, a `file://` URI, or an
    /// object-store path (absolute without the leading `/`); nothing for other schemes.
    static std::optional<QString> manifestFile(const QString &manifestPath);
    static QString objectStorePath(const QString &localPath);
    /// How a person reads `path` (a manifest path, a location): a local file as its absolute
    /// path (`tmp/t.lance/…` becomes `/tmp/t.lance/…`, `file:///x` becomes `/x`), anything with
    /// a scheme (`s3://…`) as the full URI it is.
    static QString readable(const QString &path);
    static QString fileUri(const QString &localPath);
    /// The physical, clean form of the absolute `path` (see the class comment).
    static QString resolved(const QString &path);
    /// True when `path` lies strictly inside `folder`, both resolved.
    static bool isInside(const QString &path, const QString &folder);

private:
    static bool hasScheme(const QString &text);
};

} // namespace lance::format
