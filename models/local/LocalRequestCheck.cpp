// SPDX-License-Identifier: Apache-2.0
#include "local/LocalRequestCheck.h"

#include "api/BatchCommitValidator.h"

using namespace Qt::StringLiterals;

namespace lance::local {

using Problem = LocalRequestCheck::Problem;

Problem LocalRequestCheck::checkId(const api::Identifier &id, Target target)
{
    if (target == Target::Table && id.isRoot()) {
        return api::ApiError::invalidInput(
            tr("A table identifier needs at least one name; the root namespace is not a table."));
    }
    const std::optional<QString> problem = id.check(api::Identifier::DefaultDelimiter);
    if (!problem) {
        return std::nullopt;
    }
    // Shown as a list: the string form would hide a name that contains the delimiter.
    const QString names = u"[\"%1\"]"_s.arg(id.names().join(u"\", \""_s));
    const QString message = target == Target::Table
                                ? tr("The table identifier %1 is not valid: %2")
                                : tr("The namespace identifier %1 is not valid: %2");
    // One multi-argument call: a name containing "%2" must stay as it is.
    return api::ApiError::invalidInput(message.arg(names, *problem));
}

Problem LocalRequestCheck::checkTag(const api::Identifier &id, const std::optional<QString> &tag)
{
    if (auto problem = checkId(id, Target::Table)) {
        return problem;
    }
    // DescribeTable's tag is optional; where one is given it must have a name.
    if (tag && tag->isEmpty()) {
        return api::ApiError::invalidInput(tr("The tag name is empty."));
    }
    return std::nullopt;
}

Problem LocalRequestCheck::check(const api::BatchCreateTableVersionsRequest &request)
{
    if (request.entries.isEmpty()) {
        return api::ApiError::invalidInput(
            tr("The batch has no entries; there are no table versions to create."));
    }
    for (qsizetype i = 0; i < request.entries.size(); ++i) {
        if (auto problem = checkId(request.entries.at(i).id, Target::Table)) {
            return api::ApiError::invalidInput(
                tr("Entry %1 of the batch: %2").arg(QString::number(i + 1), problem->detail()));
        }
    }
    return std::nullopt;
}

Problem LocalRequestCheck::check(const api::BatchCommitTablesRequest &request)
{
    return api::BatchCommitValidator::check(request, api::Identifier::DefaultDelimiter);
}

} // namespace lance::local
