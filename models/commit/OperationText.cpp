// SPDX-License-Identifier: Apache-2.0
#include "commit/OperationText.h"

#include "format/LocalPaths.h"

#include <QStringList>

#include <type_traits>

using namespace Qt::StringLiterals;

namespace lance::commit {

QString OperationText::table(const api::Identifier &id)
{
    return id.toString();
}

QString OperationText::range(const api::VersionRange &range)
{
    if (range.endVersion == api::VersionRange::ThroughLatest) {
        return tr("%1 and later").arg(range.startVersion);
    }
    // The end is exclusive on the wire; people count the last version they name.
    const qint64 last = range.endVersion - 1;
    if (last <= range.startVersion) {
        return QString::number(range.startVersion);
    }
    return tr("%1 to %2").arg(range.startVersion).arg(last);
}

QString OperationText::describe(const api::CommitTableOperation &operation)
{
    return std::visit(
        [](const auto &request) -> QString {
            using Request = std::decay_t<decltype(request)>;
            const QString name = table(request.id);
            if constexpr (std::is_same_v<Request, api::DeclareTableRequest>) {
                return tr("declare table %1").arg(name);
            } else if constexpr (std::is_same_v<Request, api::CreateTableVersionRequest>) {
                if (const auto restored = api::restoredVersionOf(request.metadata)) {
                    return tr("restore version %1 of %2 as version %3")
                        .arg(*restored)
                        .arg(name)
                        .arg(request.version);
                }
                return tr("create version %1 of %2").arg(request.version).arg(name);
            } else if constexpr (std::is_same_v<Request, api::BatchDeleteTableVersionsRequest>) {
                QStringList ranges;
                for (const api::VersionRange &each : request.ranges) {
                    ranges.append(range(each));
                }
                return tr("delete versions %1 of %2").arg(ranges.join(u", "), name);
            } else {
                static_assert(std::is_same_v<Request, api::DeregisterTableRequest>);
                return tr("deregister table %1").arg(name);
            }
        },
        operation);
}

QString OperationText::numbered(qsizetype index, const api::CommitTableOperation &operation)
{
    return tr("operation %1 (%2)").arg(index + 1).arg(describe(operation));
}

QString OperationText::result(qsizetype index, const api::CommitTableOperation &operation,
                              const api::CommitTableResult *result)
{
    const QString what = tr("%1. %2").arg(index + 1).arg(describe(operation));
    if (!result) {
        return tr("%1: no result returned").arg(what);
    }
    const QString outcome = std::visit(
        [](const auto &response) -> QString {
            using Response = std::decay_t<decltype(response)>;
            if constexpr (std::is_same_v<Response, api::DeclareTableResponse>) {
                return response.location ? tr("declared at %1").arg(*response.location)
                                         : tr("declared");
            } else if constexpr (std::is_same_v<Response, api::CreateTableVersionResponse>) {
                // The final path matters: a staged manifest is moved to its final name.
                return response.version
                           ? tr("manifest at %1")
                                 .arg(format::LocalPaths::readable(response.version->manifestPath))
                           : tr("created");
            } else if constexpr (std::is_same_v<Response, api::BatchDeleteTableVersionsResponse>) {
                if (!response.deletedCount) {
                    return tr("deleted (the server did not say how many)");
                }
                return *response.deletedCount == 0
                           ? tr("already gone, nothing deleted")
                           : tr("%n version(s) deleted", nullptr, int(*response.deletedCount));
            } else {
                static_assert(std::is_same_v<Response, api::DeregisterTableResponse>);
                return tr("deregistered");
            }
        },
        *result);
    return tr("%1: %2").arg(what, outcome);
}

QString OperationText::effects(const api::BatchCommitTablesRequest &request,
                               const QList<api::CommitTableResult> &results)
{
    int declared = 0;
    int created = 0;
    int deregistered = 0;
    qint64 deleted = 0;
    int deletes = 0;
    bool deletedKnown = true;
    for (qsizetype i = 0; i < request.operations.size() && i < results.size(); ++i) {
        const api::CommitTableResult &result = results.at(i);
        if (std::holds_alternative<api::DeclareTableResponse>(result)) {
            ++declared;
        } else if (std::holds_alternative<api::CreateTableVersionResponse>(result)) {
            ++created;
        } else if (const auto *removed
                   = std::get_if<api::BatchDeleteTableVersionsResponse>(&result)) {
            ++deletes;
            deletedKnown = deletedKnown && removed->deletedCount.has_value();
            deleted += removed->deletedCount.value_or(0);
        } else {
            ++deregistered;
        }
    }
    QStringList parts;
    if (declared > 0) {
        parts << tr("%n table(s) declared", nullptr, declared);
    }
    if (created > 0) {
        parts << tr("%n version(s) created", nullptr, created);
    }
    if (deletes > 0) {
        parts << (deletedKnown ? tr("%n version(s) deleted", nullptr, int(deleted))
                               : tr("versions deleted (not all counted by the server)"));
    }
    if (deregistered > 0) {
        parts << tr("%n table(s) deregistered", nullptr, deregistered);
    }
    return parts.join(u", "_s);
}

QStringList OperationText::unchanged(const api::BatchCommitTablesRequest &request,
                                     const QList<api::CommitTableResult> &results)
{
    QStringList lines;
    for (qsizetype i = 0; i < request.operations.size() && i < results.size(); ++i) {
        const auto *removed = std::get_if<api::BatchDeleteTableVersionsResponse>(&results.at(i));
        if (removed && removed->deletedCount == 0) {
            lines << tr("%1 found nothing to delete: the versions were already gone.")
                         .arg(numbered(i, request.operations.at(i)));
        }
    }
    return lines;
}

QStringList OperationText::results(const api::BatchCommitTablesRequest &request,
                                   const QList<api::CommitTableResult> &results)
{
    QStringList lines;
    for (qsizetype i = 0; i < request.operations.size(); ++i) {
        lines << result(i, request.operations.at(i), i < results.size() ? &results.at(i) : nullptr);
    }
    return lines;
}

} // namespace lance::commit
