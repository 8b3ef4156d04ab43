// SPDX-License-Identifier: Apache-2.0
#include "staging/CancelOutRule.h"

#include <QSet>

#include <algorithm>

namespace lance::staging {

namespace {

using api::VersionRange;

bool inRange(qint64 version, const VersionRange &range)
{
    return version >= range.startVersion
           && (range.endVersion == VersionRange::ThroughLatest || version < range.endVersion);
}

bool isUsable(const VersionRange &range)
{
    return range.startVersion >= 0
           && (range.endVersion == VersionRange::ThroughLatest
               || range.endVersion > range.startVersion);
}

} // namespace

QList<int> CancelOutRule::cancelledRows(const QList<StagedOperation> &staged,
                                        const api::CommitTableOperation &operation,
                                        const KnownState &known)
{
    if (const auto *deregister = std::get_if<api::DeregisterTableRequest>(&operation)) {
        return cancelledByDeregister(staged, *deregister, known);
    }
    if (const auto *remove = std::get_if<api::BatchDeleteTableVersionsRequest>(&operation)) {
        return cancelledByDelete(staged, *remove, known);
    }
    return {};
}

QList<int> CancelOutRule::cancelledByDeregister(const QList<StagedOperation> &staged,
                                                const api::DeregisterTableRequest &deregister,
                                                const KnownState &known)
{
    if (known.tableExists(deregister.id) == true) {
        return {}; // the declaration was a mistake on an existing table; deregister that one
    }
    QList<int> declares;
    for (int row = 0; row < staged.size(); ++row) {
        const api::CommitTableOperation &operation = staged.at(row).operation;
        if (api::commitOperationTarget(operation) != deregister.id) {
            continue;
        }
        if (!std::holds_alternative<api::DeclareTableRequest>(operation)) {
            return {}; // versions or a deregistration staged too: not "only declared"
        }
        declares.append(row);
    }
    return declares;
}

QList<int> CancelOutRule::cancelledByDelete(const QList<StagedOperation> &staged,
                                            const api::BatchDeleteTableVersionsRequest &remove,
                                            const KnownState &known)
{
    if (remove.ranges.isEmpty()
        || !std::all_of(remove.ranges.cbegin(), remove.ranges.cend(), isUsable)) {
        return {};
    }
    QList<int> creates;
    QSet<qint64> createdVersions;
    bool declaredHere = false;
    for (int row = 0; row < staged.size(); ++row) {
        const api::CommitTableOperation &operation = staged.at(row).operation;
        if (api::commitOperationTarget(operation) != remove.id) {
            continue;
        }
        declaredHere = declaredHere || std::holds_alternative<api::DeclareTableRequest>(operation);
        const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation);
        if (!create
            || KnownState::branchKey(create->branch) != KnownState::branchKey(remove.branch)) {
            continue;
        }
        for (const VersionRange &range : remove.ranges) {
            if (inRange(create->version, range)) {
                creates.append(row);
                createdVersions.insert(create->version);
                break;
            }
        }
    }
    if (creates.isEmpty()) {
        return {};
    }
    // What else the ranges could cover: the known versions of the delete's own branch, if
    // they are known. A table this batch declares has no other branch.
    static const QSet<qint64> None;
    const bool onMain = KnownState::branchKey(remove.branch).isEmpty();
    const QSet<qint64> *versions = onMain && declaredHere && known.tableExists(remove.id) != true
                                       ? &None
                                       : known.versionsOf(remove.id, remove.branch);
    for (const VersionRange &range : remove.ranges) {
        if (versions) {
            for (const qint64 version : *versions) {
                if (inRange(version, range)) {
                    return {}; // an existing version would be deleted too
                }
            }
            continue;
        }
        if (range.endVersion == VersionRange::ThroughLatest) {
            return {}; // unknown versions above the staged ones may exist
        }
        // Unknown versions: every version of the range must be one the batch creates.
        for (qint64 version = range.startVersion; version < range.endVersion; ++version) {
            if (!createdVersions.contains(version)) {
                return {};
            }
        }
    }
    return creates;
}

} // namespace lance::staging
