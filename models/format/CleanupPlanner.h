// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CleanupMessages.h"
#include "api/Result.h"
#include "format/ReferenceIndex.h"
#include "storage/ObjectStore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QMap>

#include <optional>

namespace lance::format {

/// Which versions of a table's main branch a cleanup removes, and which files go with them,
/// computed as Lance's `cleanup_old_versions` does (`rust/lance/src/dataset/cleanup.rs`), with
/// what a catalog keeps besides:
/// - kept: the catalog's latest version and any newer manifest (a commit that may not have
///   landed), tagged versions (the catalog's tags and Lance's), the versions branches start
///   from, every branch's versions, and recorded versions outside the policy; removed: recorded
///   versions inside it, and versions the catalog no longer records;
/// - a file a kept version references stays (a branch's reads of main resolved through its base
///   paths: Lance's own cleanup removes those);
/// - of the rest, in `data/`, `_deletions/`, `_indices/<uuid>/` and `_transactions/` of the
///   table's own folders, a file goes when a removed version used it ("verified"), or when it
///   is older than the oldest version kept and than the safety window (7 days; any age when the
///   policy deletes unverified files): a file no version names may be a write in progress.
///   Lance applies the first age to verified files too, so an old tag keeps the files of every
///   later version it removes; those are no write's, and go here;
///   `_versions/.tmp*` goes unless new;
/// - the removed versions' manifests go.
/// Pure: any thread.
class CleanupPlanner
{
    Q_DECLARE_TR_FUNCTIONS(CleanupPlanner)

public:
    /// Lance's `UNVERIFIED_THRESHOLD_DAYS`: a file no manifest names may be a write in
    /// progress until it is this old.
    static constexpr qint64 SafetyWindowSeconds = qint64{7} * 24 * 3600;

    struct Input
    {
        /// What every manifest read names; must outlive the call.
        const ReferenceIndex *index = nullptr;
        QMap<qint64, ReferenceIndex::Version> main; //!< every manifest of main, by version
        QList<ReferenceIndex::Version> branches;    //!< every manifest of every branch
        QList<qint64> recorded;                     //!< main's versions the catalog records
        QMap<qint64, QStringList> tags;             //!< main's tagged versions, with the tags
        QMap<qint64, QStringList> branchStarts;     //!< main's versions branches start from
        QList<storage::ObjectMeta> listing;         //!< keys relative to the table's folder
        QDateTime now;
    };

    /// InvalidInput when the policy names no condition or an impossible one.
    static api::Result<void> check(const api::CleanupPolicy &policy);
    /// The plan (its `planId` names what it removes); the policy must have passed check().
    static api::PlanTableCleanupResponse plan(const Input &input, const api::CleanupPolicy &policy);
};

} // namespace lance::format
