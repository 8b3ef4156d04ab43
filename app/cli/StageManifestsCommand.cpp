// SPDX-License-Identifier: Apache-2.0
#include "StageManifestsCommand.h"

#include "api/JsonCodec.h"
#include "client/PageCollector.h"
#include "details/ManifestAccess.h"
#include "storage/StorageUri.h"

#include <QTextStream>

namespace lance::cli {

using drop::ManifestDropPlanner;

void StageManifestsCommand::start()
{
    const auto table = identifierArgument(0, false);
    if (!table) {
        fail(table.error());
        return;
    }
    m_table = *table;
    for (const QString &given : invocation().arguments.mid(1)) {
        (storage::StorageUri::namesStoreObject(given) ? m_uris : m_files).append(given);
        if (ManifestDropPlanner::isDatasetFolder(given)) {
            m_dataset = given;
        }
    }
    if (!m_uris.isEmpty() && (!m_files.isEmpty() || !context().service)) {
        fail(api::ApiError::invalidInput(
            m_files.isEmpty()
                ? tr("%1 is on an object store: give --url or --local, whose server says where "
                     "%2 is and how to read it.")
                      .arg(m_uris.first(), m_table.toString(invocation().delimiter))
                : tr("Give either files of this machine or URIs of a store, not both: %1 and %2.")
                      .arg(m_files.first(), m_uris.first())));
        return;
    }
    if (m_dataset && m_files.size() > 1) {
        fail(api::ApiError::invalidInput(
            tr("%1 is a Lance dataset folder, which declares %2 with all its versions: give it "
               "alone, without other files.")
                .arg(*m_dataset, m_table.toString(invocation().delimiter))));
        return;
    }

    // A dataset declares TABLE in its namespace: the namespace's tables are what it must not
    // clash with. Manifests add to TABLE: its versions are what they must not repeat.
    if (m_dataset) {
        auto target = ManifestDropPlanner::Target::inNamespace(m_table.parent());
        target.delimiter = invocation().delimiter;
        if (!context().service) {
            finishPlan(std::move(target));
            return;
        }
        api::ListTablesRequest request;
        request.id = m_table.parent();
        client::PageCollector::collectAll(
            service(), request, this,
            [this, target](api::Result<api::ListTablesResponse> result) mutable {
                if (!result) {
                    fail(result.error());
                    return;
                }
                target.knownTables = result->tables;
                finishPlan(std::move(target));
            });
        return;
    }
    auto target = ManifestDropPlanner::Target::table(m_table);
    target.delimiter = invocation().delimiter;
    if (!context().service) {
        finishPlan(std::move(target));
        return;
    }
    api::ListTableVersionsRequest request;
    request.id = m_table;
    client::PageCollector::collectAll(
        service(), request, this,
        [this, target](api::Result<api::ListTableVersionsResponse> result) mutable {
            if (!result) {
                fail(result.error());
                return;
            }
            for (const api::TableVersion &version : std::as_const(result->versions)) {
                target.knownVersions.insert(version.version);
            }
            if (!m_uris.isEmpty()) {
                planUris(std::move(target));
                return;
            }
            finishPlan(std::move(target));
        });
}

void StageManifestsCommand::finishPlan(ManifestDropPlanner::Target target)
{
    const drop::PathMapping &mapping = invocation().pathMapping;
    ManifestDropPlanner planner(std::move(target), mapping.isEmpty()
                                                       ? drop::PathMapper::local()
                                                       : drop::PathMapper::remote(mapping));
    if (m_dataset) {
        planner.setTableName(*m_dataset, m_table.name());
    }
    // Manifests are kilobytes: reading them here, between two requests, holds nothing up.
    print(planner.plan(m_files));
}

void StageManifestsCommand::planUris(ManifestDropPlanner::Target target)
{
    withManifestAccess(m_table,
                       [this, target = std::move(target)](const details::ManifestAccess &access) {
                           // The URIs are the server's names for the objects: no mapping applies.
                           print(ManifestDropPlanner(target, drop::PathMapper::local())
                                     .plan(access.readAllOnStore(m_uris)));
                       });
}

void StageManifestsCommand::print(const drop::ManifestDropPlan &plan)
{
    for (const QString &skipped : plan.notes) {
        note(skipped);
    }
    if (plan.hasProblems()) {
        for (const QString &problem : plan.problemMessages()) {
            note(problem);
        }
        fail(api::ApiError::invalidInput(tr("Nothing printed: the problems above stop the batch.")),
             plan.needsMapping()
                 ? tr("Name the files as the server sees them with --map LOCAL=URI.")
                 : QString());
        return;
    }
    if (plan.operations.isEmpty()) {
        fail(api::ApiError::invalidInput(
            tr("There is no manifest to stage among the files given.")));
        return;
    }
    printJson(api::json::encode(plan.toBatchCommitRequest()));
    succeed();
}

} // namespace lance::cli
