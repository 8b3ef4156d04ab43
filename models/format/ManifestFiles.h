// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

#include <QtGlobal>

#include <optional>

namespace lance::format {

/// The manifest files of a Lance table's `_versions/` folder: their names in the V1 and V2
/// schemes, and their facts as an object store reports them. Reads only; moving a staged
/// manifest into place is the catalog engine's (engine::NoReplaceMove).
class ManifestFiles
{
public:
    static inline const QString VersionsFolder = QStringLiteral("_versions");

    struct Name
    {
        qint64 version = 0;
        api::ManifestNamingScheme scheme = api::ManifestNamingScheme::V2;
    };

    struct Facts
    {
        qint64 size = 0;
        qint64 mtimeMillis = 0;
        QString
            eTag; //!< `<inode hex>-<mtime micros hex>-<size hex>`, as object_store's local store
    };

    /// The version a final manifest name stands for: `^\d+\.manifest$` only (not detached
    /// `d…`, staged `*.manifest-<uuid>` or `latest_version_hint.json`). A 20-digit value of at
    /// least 2^63 is V2 (version = 2^64-1-value), anything else V1 (version = value).
    static std::optional<Name> parseName(const QString &fileName);
    /// `{version}.manifest` (V1) or `{2^64-1-version, 20 digits}.manifest` (V2).
    static QString finalName(qint64 version, api::ManifestNamingScheme scheme);

    /// Size, time and e-tag of a regular file; nothing if it is missing or not a file.
    static std::optional<Facts> stat(const QString &path);
    /// Every version in `<tableFolder>/_versions/`, ascending, as catalog records with
    /// object-store paths. Unreadable or missing folders give nothing.
    static QList<api::TableVersion> versionsIn(const QString &tableFolder);
    /// The catalog record of the manifest `path` of `version`: its time is the commit time
    /// the manifest records, or the file's when it records none (or is not readable).
    /// `readFrom` is where the manifest is now, when that is not yet `path` (a staged file
    /// that moves there after the commit).
    static api::TableVersion record(qint64 version, const QString &path, const Facts &facts,
                                    const QString &readFrom = {});
};

} // namespace lance::format
