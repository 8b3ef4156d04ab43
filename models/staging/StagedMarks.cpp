// SPDX-License-Identifier: Apache-2.0
#include "staging/StagedMarks.h"

#include <algorithm>

namespace lance::staging {

bool StagedMarks::Mark::deletes(qint64 version) const
{
    return std::any_of(deletedRanges.cbegin(), deletedRanges.cend(),
                       [version](const api::VersionRange &range) {
                           return version >= range.startVersion
                                  && (range.endVersion == api::VersionRange::ThroughLatest
                                      || version < range.endVersion);
                       });
}

StagedMarks StagedMarks::fromOperations(const QList<api::CommitTableOperation> &operations)
{
    StagedMarks marks;
    for (const api::CommitTableOperation &operation : operations) {
        const QStringList &names = api::commitOperationTarget(operation).names();
        Mark &mark = marks.m_marks[names];
        ++mark.changes;
        if (std::holds_alternative<api::DeregisterTableRequest>(operation)) {
            mark.deregistered = true;
        } else if (const auto *remove
                   = std::get_if<api::BatchDeleteTableVersionsRequest>(&operation)) {
            mark.deletedRanges << remove->ranges;
        } else if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
            mark.createdRecords << api::TableVersion{create->version,      create->manifestPath,
                                                     create->manifestSize, create->eTag,
                                                     std::nullopt,         create->metadata};
            if (!mark.createdVersions.contains(create->version)) {
                mark.createdVersions << create->version;
                std::sort(mark.createdVersions.begin(), mark.createdVersions.end());
            }
        } else if (!names.isEmpty()) { // a declaration
            QStringList &declared = marks.m_declared[names.mid(0, names.size() - 1)];
            if (!declared.contains(names.last())) {
                declared << names.last();
                declared.sort();
            }
        }
    }
    return marks;
}

void StagedMarks::addRenames(const QList<api::RenameTableRequest> &renames,
                             const QString &delimiter)
{
    for (const api::RenameTableRequest &rename : renames) {
        m_marks[rename.id.names()].renamedTo = api::renamedIdentifier(rename).toString(delimiter);
    }
}

} // namespace lance::staging
