// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CleanupMessages.h"
#include "api/Result.h"

#include <QCoreApplication>

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;
class CommitOperations;
class ManifestIndexCache;

/// PlanTableCleanup and CleanupTable (extensions): the cleanup of a table's old versions,
/// planned by format::CleanupPlanner from a TableInventory, and applied only as planned.
/// Blocking: a worker thread.
class CleanupOperations
{
    Q_DECLARE_TR_FUNCTIONS(CleanupOperations)

public:
    /// `manifests` keeps what the reads of tables' manifests found, for the next read.
    CleanupOperations(CatalogDatabase &database, const CatalogLocations &locations,
                      CommitOperations &commits, ManifestIndexCache &manifests)
        : m_database(database)
        , m_locations(locations)
        , m_commits(commits)
        , m_manifests(manifests)
    {}

    api::Result<api::PlanTableCleanupResponse> plan(const api::PlanTableCleanupRequest &request);
    /// Plans again and refuses (ConcurrentModification) unless the plan is the one previewed;
    /// then removes the versions' records in one commit and their files, manifests last.
    api::Result<api::CleanupTableResponse> apply(const api::CleanupTableRequest &request);

private:
    CatalogDatabase &m_database;
    const CatalogLocations &m_locations;
    CommitOperations &m_commits;
    ManifestIndexCache &m_manifests;
};

} // namespace lance::engine
