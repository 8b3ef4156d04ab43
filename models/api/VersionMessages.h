// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the table version operations (managed versioning, spec §7.1).
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

namespace lance::api {

/// `POST /v1/table/{id}/version/list` (no body; everything in the query).
struct ListTableVersionsRequest
{
    Identifier id;
    std::optional<QString> branch;
    std::optional<QString> pageToken;
    std::optional<qint64> limit;
    std::optional<bool> descending; //!< true guarantees newest first
    StringMap context;

    bool operator==(const ListTableVersionsRequest &) const = default;
};

struct ListTableVersionsResponse
{
    QList<TableVersion> versions;
    std::optional<QString> pageToken;
    StringMap context;

    bool operator==(const ListTableVersionsResponse &) const = default;
};

/// `POST /v1/table/{id}/version/create`: put-if-not-exists; 409 (code 14) if the version exists.
/// The key of a version's metadata that says which version it restores, "3": set by this
/// catalog's restores, served or staged, so that the review, the history and the Versions view
/// can say "restore of 3" without reading the manifest.
inline constexpr char RestoredFromMetadataKey[] = "restored_from_version";

/// The version a version's `metadata` says it restores; nothing for any other version.
inline std::optional<qint64> restoredVersionOf(const StringMap &metadata)
{
    bool ok = false;
    const qint64 version
        = metadata.value(QString::fromLatin1(RestoredFromMetadataKey)).toLongLong(&ok);
    return ok ? std::optional(version) : std::nullopt;
}

struct CreateTableVersionRequest
{
    Identifier id;
    qint64 version = 0;
    QString manifestPath; //!< the staged manifest; the server moves it to its final name
    std::optional<qint64> manifestSize;
    std::optional<QString> eTag;
    StringMap metadata;
    std::optional<ManifestNamingScheme> namingScheme;
    std::optional<QString> branch;
    StringMap context;

    bool operator==(const CreateTableVersionRequest &) const = default;
};

struct CreateTableVersionResponse
{
    /// The `context` entry a catalog adds when it recorded the manifest without reading it
    /// (the table lives where it cannot read): why, as a sentence. Absent: the manifest was read
    /// and holds the version.
    static constexpr QLatin1StringView UncheckedManifestKey{"manifest_unchecked"};

    std::optional<QString> transactionId;
    std::optional<TableVersion> version; //!< the final entry, with the final manifest path
    StringMap context;

    bool operator==(const CreateTableVersionResponse &) const = default;
};

/// `POST /v1/table/{id}/version/describe`: the latest version when `version` is not given.
struct DescribeTableVersionRequest
{
    Identifier id;
    std::optional<qint64> version;
    std::optional<QString> branch;
    StringMap context;

    bool operator==(const DescribeTableVersionRequest &) const = default;
};

struct DescribeTableVersionResponse
{
    TableVersion version;
    StringMap context;

    bool operator==(const DescribeTableVersionResponse &) const = default;
};

/// `POST /v1/table/{id}/version/delete`: deletes version records in the given ranges.
struct BatchDeleteTableVersionsRequest
{
    Identifier id;
    QList<VersionRange> ranges;
    std::optional<QString> branch;
    StringMap context;

    bool operator==(const BatchDeleteTableVersionsRequest &) const = default;
};

struct BatchDeleteTableVersionsResponse
{
    std::optional<qint64> deletedCount;
    std::optional<QString> transactionId;
    StringMap context;

    bool operator==(const BatchDeleteTableVersionsResponse &) const = default;
};

/// One entry of BatchCreateTableVersions; `id` names the table (there is no path id).
struct CreateTableVersionEntry
{
    Identifier id;
    qint64 version = 0;
    QString manifestPath;
    std::optional<qint64> manifestSize;
    std::optional<QString> eTag;
    StringMap metadata;
    std::optional<ManifestNamingScheme> namingScheme;
    std::optional<QString> branch;

    bool operator==(const CreateTableVersionEntry &) const = default;
};

/// `POST /v1/table/version/batch-create`: all entries or none.
struct BatchCreateTableVersionsRequest
{
    QList<CreateTableVersionEntry> entries;
    StringMap context;

    bool operator==(const BatchCreateTableVersionsRequest &) const = default;
};

struct BatchCreateTableVersionsResponse
{
    QList<TableVersion> versions; //!< in the order of the entries
    std::optional<QString> transactionId;
    StringMap context;

    bool operator==(const BatchCreateTableVersionsResponse &) const = default;
};

} // namespace lance::api
