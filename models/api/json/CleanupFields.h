// SPDX-License-Identifier: Apache-2.0
// The JSON fields of PlanTableCleanup and CleanupTable (an extension; api/CleanupMessages.h),
// described as MessageFields.h describes the spec's messages.
#pragma once

#include "api/CleanupMessages.h"
#include "api/json/HealthFields.h"

#include <tuple>

namespace lance::api::json::detail {

template <> struct Fields<CleanupPolicy>
{
    static constexpr auto list = std::tuple{
        field("older_than_seconds", &CleanupPolicy::olderThanSeconds, Minimum::Zero),
        field("keep_latest", &CleanupPolicy::keepLatest, Minimum::Zero),
        field("before_version", &CleanupPolicy::beforeVersion, Minimum::Zero),
        field("delete_unverified", &CleanupPolicy::deleteUnverified),
    };
};

template <> struct Fields<CleanupVersion>
{
    static constexpr auto list = std::tuple{
        field("version", &CleanupVersion::version, Minimum::Zero),
        field("timestamp_millis", &CleanupVersion::timestampMillis),
        field("reason", &CleanupVersion::reason),
        field("detail", &CleanupVersion::detail),
        field("recorded", &CleanupVersion::recorded),
    };
};

template <> struct Fields<CleanupFile>
{
    static constexpr auto list = std::tuple{
        field("path", &CleanupFile::path),
        field("kind", &CleanupFile::kind),
        field("size", &CleanupFile::size, Minimum::Zero),
        field("last_used_version", &CleanupFile::lastUsedVersion, Minimum::Zero),
        field("modified_millis", &CleanupFile::modifiedMillis),
    };
};

template <> struct Fields<PlanTableCleanupRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &PlanTableCleanupRequest::id),
        field("policy", &PlanTableCleanupRequest::policy),
        field("context", &PlanTableCleanupRequest::context),
    };
};

template <> struct Fields<PlanTableCleanupResponse>
{
    static constexpr auto list = std::tuple{
        field("latest_version", &PlanTableCleanupResponse::latestVersion, Minimum::Zero),
        field("removed_versions", &PlanTableCleanupResponse::removedVersions),
        field("kept_versions", &PlanTableCleanupResponse::keptVersions),
        field("files", &PlanTableCleanupResponse::files),
        field("freed", &PlanTableCleanupResponse::freed),
        field("kept_recent", &PlanTableCleanupResponse::keptRecent),
        field("warnings", &PlanTableCleanupResponse::warnings),
        field("plan_id", &PlanTableCleanupResponse::planId),
        field("context", &PlanTableCleanupResponse::context),
    };
};

template <> struct Fields<CleanupTableRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &CleanupTableRequest::id),
        field("policy", &CleanupTableRequest::policy),
        field("plan_id", &CleanupTableRequest::planId),
        field("context", &CleanupTableRequest::context),
    };
};

template <> struct Fields<CleanupTableResponse>
{
    static constexpr auto list = std::tuple{
        field("transaction_id", &CleanupTableResponse::transactionId),
        field("versions_removed", &CleanupTableResponse::versionsRemoved, Minimum::Zero),
        field("removed", &CleanupTableResponse::removed),
        field("failed_files", &CleanupTableResponse::failedFiles),
        field("context", &CleanupTableResponse::context),
    };
};

} // namespace lance::api::json::detail
