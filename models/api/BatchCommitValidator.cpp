// SPDX-License-Identifier: Apache-2.0
#include "api/BatchCommitValidator.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace lance::api {

namespace {

// The problem with one operation on its own, without looking at the rest of the batch.
std::optional<QString> checkDeclare(const DeclareTableRequest &request)
{
    if (request.location && request.location->trimmed().isEmpty()) {
        return BatchCommitValidator::tr("the location is empty; leave it out to let the "
                                        "catalog choose one.");
    }
    return std::nullopt;
}

std::optional<QString> checkCreateVersion(const CreateTableVersionRequest &request)
{
    if (request.version < 0) {
        return BatchCommitValidator::tr("the version %1 is negative.").arg(request.version);
    }
    if (request.manifestPath.trimmed().isEmpty()) {
        return BatchCommitValidator::tr("the manifest path is empty.");
    }
    if (request.manifestSize && *request.manifestSize < 0) {
        return BatchCommitValidator::tr("the manifest size %1 is negative.")
            .arg(*request.manifestSize);
    }
    return std::nullopt;
}

std::optional<QString> checkDeleteVersions(const BatchDeleteTableVersionsRequest &request)
{
    if (request.ranges.isEmpty()) {
        return BatchCommitValidator::tr("no version ranges are given.");
    }
    for (qsizetype i = 0; i < request.ranges.size(); ++i) {
        const VersionRange &range = request.ranges.at(i);
        if (range.startVersion < 0) {
            return BatchCommitValidator::tr("ranges[%1] starts at %2; versions start at 0.")
                .arg(i)
                .arg(range.startVersion);
        }
        if (range.endVersion != VersionRange::ThroughLatest
            && range.endVersion <= range.startVersion) {
            return BatchCommitValidator::tr(
                       "ranges[%1] ends at %2, not after its start %3 (the end is exclusive; "
                       "-1 means through the latest version).")
                .arg(i)
                .arg(range.endVersion)
                .arg(range.startVersion);
        }
    }
    return std::nullopt;
}

std::optional<QString> checkOperation(const CommitTableOperation &operation,
                                      const QString &delimiter)
{
    const Identifier &id = commitOperationTarget(operation);
    if (id.isRoot()) {
        return BatchCommitValidator::tr("the table identifier is missing.");
    }
    if (const auto problem = id.check(delimiter); !problem.hasValue()) {
        return BatchCommitValidator::tr("the table identifier is invalid: %1")
            .arg(problem.error().userMessage());
    }
    if (const auto *declare = std::get_if<DeclareTableRequest>(&operation)) {
        return checkDeclare(*declare);
    }
    if (const auto *create = std::get_if<CreateTableVersionRequest>(&operation)) {
        return checkCreateVersion(*create);
    }
    if (const auto *remove = std::get_if<BatchDeleteTableVersionsRequest>(&operation)) {
        return checkDeleteVersions(*remove);
    }
    return std::nullopt;
}

} // namespace

QString BatchCommitValidator::describeOperation(qsizetype index,
                                                const CommitTableOperation &operation,
                                                const QString &delimiter)
{
    // Counted from 1, as the Pending Changes panel and the review number their rows; the wire
    // (failed_operation_index) and JSON paths (operations[2].version) count from 0.
    const Identifier &id = commitOperationTarget(operation);
    if (id.isRoot()) {
        return tr("operation %1 (%2)").arg(index + 1).arg(commitOperationKey(operation));
    }
    return tr("operation %1 (%2 of %3)")
        .arg(index + 1)
        .arg(commitOperationKey(operation), id.toString(delimiter));
}

Result<void> BatchCommitValidator::check(const BatchCommitTablesRequest &request,
                                         const QString &delimiter)
{
    if (request.operations.isEmpty()) {
        return ApiError::invalidInput(tr("The batch has no operations."));
    }
    // Keys of what the batch creates, to find an operation that repeats an earlier one.
    QSet<QString> declared;
    QSet<QString> createdVersions;
    for (qsizetype i = 0; i < request.operations.size(); ++i) {
        const CommitTableOperation &operation = request.operations.at(i);
        // Described only when refused: formatting it for each of 10,000 good operations cost
        // a batch commit more than its checks.
        const auto where = [&] {
            return describeOperation(i, operation, delimiter);
        };
        if (auto problem = checkOperation(operation, delimiter)) {
            return ApiError::invalidInput(u"%1: %2"_s.arg(where(), *problem));
        }
        const QString table = commitOperationTarget(operation).names().join(QChar(0));
        if (std::holds_alternative<DeclareTableRequest>(operation)) {
            if (declared.contains(table)) {
                return ApiError::invalidInput(
                    tr("%1: the table is declared twice in this batch.").arg(where()));
            }
            declared.insert(table);
        } else if (const auto *create = std::get_if<CreateTableVersionRequest>(&operation)) {
            const QString key = table + u'\n' + create->branch.value_or(QString()) + u'\n'
                                + QString::number(create->version);
            if (createdVersions.contains(key)) {
                return ApiError::invalidInput(tr("%1: version %2 is created twice in this batch.")
                                                  .arg(where())
                                                  .arg(create->version));
            }
            createdVersions.insert(key);
        }
    }
    return {};
}

} // namespace lance::api
