// SPDX-License-Identifier: Apache-2.0
// PlanTableCleanup and CleanupTable, this product's extension: the cleanup of a table's old
// versions, previewed, then applied only as previewed. The spec deletes version records
// (DeleteTableVersions) but no file: every data, deletion, index, manifest and transaction file
// stays. Lance's own `cleanup_old_versions` removes files without a preview.
#pragma once

#include "api/CommonTypes.h"
#include "api/HealthMessages.h"
#include "api/Identifier.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace lance::api {

/// Which old versions of a table's main branch go. A version goes when it meets every
/// condition given (at least one is); the latest, a tagged version and a branch's source never
/// go. Versions whose catalog records were deleted go whatever the policy: the catalog keeps
/// them no more, and their files are what DeleteTableVersions left behind.
struct CleanupPolicy
{
    std::optional<qint64> olderThanSeconds; //!< committed longer ago than this
    std::optional<qint64> keepLatest;       //!< not among the newest N recorded versions
    std::optional<qint64> beforeVersion;    //!< numbered below this
    /// Also files no version references that are newer than the safety window (7 days, as
    /// Lance's cleanup counts it): they may belong to a commit in progress.
    bool deleteUnverified = false;

    bool operator==(const CleanupPolicy &) const = default;
};

/// A version of main, and why it stays or goes.
struct CleanupVersion
{
    qint64 version = 0;
    std::optional<qint64> timestampMillis; //!< its commit time, when its manifest is read
    /// Kept: "latest", "newer" (newer than the catalog's latest: a commit that may not have
    /// landed), "tag", "branch_source", "outside_policy". Removed: "policy", "unrecorded"
    /// (its catalog record was deleted).
    QString reason;
    QString detail;        //!< the tags or branches that keep it
    bool recorded = false; //!< the catalog has a record of it

    bool operator==(const CleanupVersion &) const = default;
};

/// A file the cleanup removes.
struct CleanupFile
{
    QString path; //!< relative to the table's folder
    QString kind; //!< "data", "deletion", "index", "manifest", "transaction"
    qint64 size = 0;
    /// The newest removed version that used it; none for a file no version references (left
    /// by a write that failed, or by a cleanup that stopped).
    std::optional<qint64> lastUsedVersion;
    std::optional<qint64> modifiedMillis;

    bool operator==(const CleanupFile &) const = default;
};

/// `POST /v1/table/{id}/cleanup/plan` (extension): what a cleanup with `policy` would do now.
/// Reads only.
struct PlanTableCleanupRequest
{
    Identifier id;
    CleanupPolicy policy;
    StringMap context;

    bool operator==(const PlanTableCleanupRequest &) const = default;
};

struct PlanTableCleanupResponse
{
    std::optional<qint64> latestVersion;
    QList<CleanupVersion> removedVersions; //!< ascending
    QList<CleanupVersion> keptVersions;    //!< ascending
    QList<CleanupFile> files;              //!< what goes, by path
    FileTally freed;                       //!< the sum of `files`
    /// Files no kept version needs that stay: newer than the safety window or than the oldest
    /// version kept, as Lance keeps them (a write may be in progress).
    FileTally keptRecent;
    QStringList warnings;
    /// Names this plan: CleanupTable applies it only while the table would be cleaned the same.
    QString planId;
    StringMap context;

    bool operator==(const PlanTableCleanupResponse &) const = default;
};

/// `POST /v1/table/{id}/cleanup` (extension): applies the plan `planId` names. The removed
/// versions' records go in one commit (a `cleanup_old_versions` record in the history, with
/// what it frees); then their files, the manifests last, so that a run that stops leaves only
/// files no kept version references, which the next run removes. A table that would now be
/// cleaned differently (a commit, a new tag) is a conflict: nothing is removed.
struct CleanupTableRequest
{
    Identifier id;
    CleanupPolicy policy;
    QString planId;
    StringMap context;

    bool operator==(const CleanupTableRequest &) const = default;
};

struct CleanupTableResponse
{
    std::optional<QString> transactionId; //!< none when no record was removed
    qint64 versionsRemoved = 0;
    FileTally removed; //!< the files removed, with their bytes
    /// The files that could not be removed, each with why; the next cleanup tries them again.
    QStringList failedFiles;
    StringMap context;

    bool operator==(const CleanupTableResponse &) const = default;
};

} // namespace lance::api
