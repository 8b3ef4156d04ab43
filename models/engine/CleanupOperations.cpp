// SPDX-License-Identifier: Apache-2.0
#include "engine/CleanupOperations.h"

#include "api/RecordKinds.h"
#include "engine/CatalogNames.h"
#include "engine/CommitOperations.h"
#include "engine/ConcurrentEach.h"
#include "engine/EngineLogging.h"
#include "engine/TableInventory.h"
#include "engine/TableStores.h"
#include "format/CleanupPlanner.h"

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

namespace {

struct Planned
{
    api::PlanTableCleanupResponse plan;
    std::optional<TableInventory> inventory;
};

Result<Planned> planFor(CatalogDatabase &database, const CatalogLocations &locations,
                        ManifestIndexCache &manifests, const api::Identifier &table,
                        const api::CleanupPolicy &policy)
{
    if (const auto problem = CatalogNames::checkTable(table); !problem.hasValue()) {
        return problem.error();
    }
    if (const auto problem = format::CleanupPlanner::check(policy); !problem.hasValue()) {
        return problem.error();
    }
    auto inventory = TableInventory::read(database, locations, table, &manifests);
    if (!inventory) {
        return inventory.error();
    }
    format::CleanupPlanner::Input input;
    input.index = inventory->index.get();
    input.main = inventory->main;
    input.branches = inventory->branches;
    for (const api::TableVersion &record : std::as_const(inventory->records)) {
        input.recorded << record.version;
    }
    input.tags = inventory->tags;
    input.branchStarts = inventory->branchStarts;
    input.listing = inventory->listing;
    input.now = QDateTime::currentDateTimeUtc();
    Planned out;
    out.plan = format::CleanupPlanner::plan(input, policy);
    out.inventory = std::move(*inventory);
    return out;
}

// The removed recorded versions as ranges of consecutive numbers (end exclusive).
QList<api::VersionRange> rangesOf(const QList<api::CleanupVersion> &versions)
{
    QList<api::VersionRange> ranges;
    for (const api::CleanupVersion &version : versions) {
        if (!version.recorded) {
            continue;
        }
        if (!ranges.isEmpty() && ranges.last().endVersion == version.version) {
            ranges.last().endVersion = version.version + 1;
        } else {
            ranges.append({version.version, version.version + 1});
        }
    }
    return ranges;
}

} // namespace

Result<api::PlanTableCleanupResponse>
CleanupOperations::plan(const api::PlanTableCleanupRequest &request)
{
    auto planned = planFor(m_database, m_locations, m_manifests, request.id, request.policy);
    if (!planned) {
        return planned.error();
    }
    return planned->plan;
}

Result<api::CleanupTableResponse> CleanupOperations::apply(const api::CleanupTableRequest &request)
{
    auto planned = planFor(m_database, m_locations, m_manifests, request.id, request.policy);
    if (!planned) {
        return planned.error();
    }
    const api::PlanTableCleanupResponse &plan = planned->plan;
    if (request.planId.isEmpty() || plan.planId != request.planId) {
        return ApiError::catalog(
            ErrorCode::ConcurrentModification,
            tr("Table %1 would not be cleaned up as previewed: it changed since (a commit, a "
               "tag, a branch, or files written or removed). Nothing was removed; preview the "
               "cleanup again.")
                .arg(CatalogNames::display(request.id)));
    }
    api::CleanupTableResponse response;
    // The records first, in one commit: from then on the catalog keeps none of these versions,
    // and a run that stops before every file is gone leaves only what no kept version needs.
    const QList<api::VersionRange> ranges = rangesOf(plan.removedVersions);
    if (!ranges.isEmpty()) {
        api::BatchDeleteTableVersionsRequest records;
        records.id = request.id;
        records.ranges = ranges;
        const api::StringMap freeing{{u"files_to_remove"_s, QString::number(plan.freed.files)},
                                     {u"bytes_to_free"_s, QString::number(plan.freed.bytes)}};
        const auto committed = m_commits.commitOne(
            records, {api::RecordKinds::text(api::RecordKinds::CleanupOldVersions), {}, freeing});
        if (!committed) {
            return committed.error();
        }
        const auto &deleted = std::get<api::BatchDeleteTableVersionsResponse>(*committed);
        response.transactionId = deleted.transactionId;
        response.versionsRemoved = deleted.deletedCount.value_or(0);
    }
    // Then the files, the manifests last: a manifest left behind by a run that stopped names
    // a version without a record, which the next run removes with whatever it used.
    // A store's removals wait on the network: 32 at once, each kind after the other.
    constexpr qsizetype StoreRemovals = 32;
    const TableFolder &folder = planned->inventory->folder;
    for (const bool manifests : {false, true}) {
        QList<api::CleanupFile> files;
        for (const api::CleanupFile &file : plan.files) {
            if ((file.kind == u"manifest"_s) == manifests) {
                files << file;
            }
        }
        QList<std::optional<QString>> failures(files.size());
        concurrentEach(files.size(), folder.isLocal() ? 1 : StoreRemovals, [&](qsizetype i) {
            const api::CleanupFile &file = files.at(i);
            const auto removed
                = folder.store().remove(folder.key(file.path), storage::CallControl());
            if (!removed && removed.error().kind() != storage::StorageError::Kind::NotFound) {
                failures[i] = tr("%1: %2").arg(file.path, removed.error().message());
            }
        });
        for (qsizetype i = 0; i < files.size(); ++i) {
            if (failures.at(i)) {
                response.failedFiles << *failures.at(i);
            } else {
                ++response.removed.files;
                response.removed.bytes += files.at(i).size;
            }
        }
    }
    if (!response.failedFiles.isEmpty()) {
        qCWarning(lcEngine).noquote()
            << tr("The cleanup of %1 could not remove %2 files; the next cleanup tries again.")
                   .arg(CatalogNames::display(request.id))
                   .arg(response.failedFiles.size());
    }
    return response;
}

} // namespace lance::engine
