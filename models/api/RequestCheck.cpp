// SPDX-License-Identifier: Apache-2.0
#include "api/RequestCheck.h"

#include "api/TagNames.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace lance::api {

QString RequestCheck::describe(const Identifier &id)
{
    QStringList quoted;
    for (const QString &name : id.names()) {
        quoted.append(u"\"%1\""_s.arg(name));
    }
    return u"[%1]"_s.arg(quoted.join(u", "_s));
}

Result<void> RequestCheck::checkId(const Identifier &id, Target target, const QString &delimiter)
{
    if (target == Target::Table && id.isRoot()) {
        return ApiError::invalidInput(
            tr("A table identifier needs at least one name; the root namespace is not a table."));
    }
    const Result<void> checked = id.check(delimiter);
    if (checked.hasValue()) {
        return {};
    }
    const QString message = target == Target::Table
                                ? tr("The table identifier %1 is not valid: %2")
                                : tr("The namespace identifier %1 is not valid: %2");
    // One multi-argument call: a name containing "%2" must stay as it is.
    return ApiError::invalidInput(message.arg(describe(id), checked.error().userMessage()));
}

Result<void> RequestCheck::checkFields(const CreateTableTagRequest &request, const QString &)
{
    return TagNames::check(request.tag);
}

Result<void> RequestCheck::checkFields(const UpdateTableTagRequest &request, const QString &)
{
    return TagNames::check(request.tag);
}

Result<void> RequestCheck::checkTag(const QString &tag)
{
    if (tag.isEmpty()) {
        return ApiError::invalidInput(tr("The tag name is empty."));
    }
    return {};
}

// Batch routes have no path id, so every nested table is checked, and its position named.
Result<void> RequestCheck::checkBatchEntry(const Identifier &id, const QString &delimiter,
                                           qsizetype index)
{
    if (id.isRoot()) {
        return ApiError::invalidInput(
            tr("Entry %1 of the batch has no table identifier; every entry needs the table it "
               "acts on.")
                .arg(index + 1));
    }
    if (const Result<void> checked = id.check(delimiter); !checked.hasValue()) {
        return ApiError::invalidInput(
            tr("The table identifier %1 in entry %2 of the batch is not valid: %3")
                // One multi-argument call: a name containing "%2" must stay as it is.
                .arg(describe(id), QString::number(index + 1), checked.error().userMessage()));
    }
    return {};
}

Result<void> RequestCheck::checkFields(const RegisterTableRequest &request, const QString &)
{
    if (request.location.isEmpty()) {
        return ApiError::invalidInput(
            tr("The table location is empty; registering a table needs the location of its "
               "data."));
    }
    return {};
}

Result<void> RequestCheck::checkFields(const RenameTableRequest &request, const QString &delimiter)
{
    if (const Result<void> checked = Identifier::checkName(request.newTableName, delimiter);
        !checked.hasValue()) {
        return ApiError::invalidInput(
            tr("The new table name \"%1\" is not valid: %2")
                // One multi-argument call: a name containing "%2" must stay as it is.
                .arg(request.newTableName, checked.error().userMessage()));
    }
    if (request.newNamespaceId) {
        if (const Result<void> checked = request.newNamespaceId->check(delimiter);
            !checked.hasValue()) {
            return ApiError::invalidInput(
                tr("The namespace identifier %1 to move the table to is not valid: %2")
                    .arg(describe(*request.newNamespaceId), checked.error().userMessage()));
        }
    }
    return {};
}

Result<void> RequestCheck::checkFields(const BatchCreateTableVersionsRequest &request,
                                       const QString &delimiter)
{
    if (request.entries.isEmpty()) {
        return ApiError::invalidInput(
            tr("The batch has no entries; there are no table versions to create."));
    }
    for (qsizetype i = 0; i < request.entries.size(); ++i) {
        if (Result<void> checked = checkBatchEntry(request.entries.at(i).id, delimiter, i);
            !checked.hasValue()) {
            return checked;
        }
    }
    return {};
}

Result<void> RequestCheck::checkFields(const BatchCommitTablesRequest &request,
                                       const QString &delimiter)
{
    if (request.operations.isEmpty()) {
        return ApiError::invalidInput(
            tr("The batch has no operations; there is nothing to commit."));
    }
    for (qsizetype i = 0; i < request.operations.size(); ++i) {
        const Identifier &table = commitOperationTarget(request.operations.at(i));
        if (Result<void> checked = checkBatchEntry(table, delimiter, i); !checked.hasValue()) {
            return checked;
        }
    }
    return {};
}

} // namespace lance::api
