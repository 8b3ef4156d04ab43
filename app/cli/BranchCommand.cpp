// SPDX-License-Identifier: Apache-2.0
#include "BranchCommand.h"

using namespace Qt::StringLiterals;

namespace lance::cli {

void BranchCommand::start()
{
    const QString action = invocation().arguments.at(0);
    const bool create = action == u"create";
    if (!create && action != u"delete") {
        fail(
            api::ApiError::invalidInput(tr("branch: \"%1\" is not create or delete.").arg(action)));
        return;
    }
    if (!create && (invocation().arguments.size() != 3 || invocation().fromBranch)) {
        fail(api::ApiError::invalidInput(
            tr("branch delete needs TABLE NAME, no version and no --from.")));
        return;
    }
    const auto table = identifierArgument(1, false);
    if (!table) {
        fail(table.error());
        return;
    }
    const QString branch = invocation().arguments.at(2);
    const QString name = table->toString(invocation().delimiter);
    if (!create) {
        api::DeleteTableBranchRequest request;
        request.id = *table;
        request.name = branch;
        service().call(request, this, [this, branch, name](auto result) {
            finishWith(result, tr("Deleted branch %1 of %2.").arg(branch, name));
        });
        return;
    }
    api::CreateTableBranchRequest request;
    request.id = *table;
    request.name = branch;
    request.fromBranch = invocation().fromBranch;
    if (invocation().arguments.size() == 4) {
        const auto version = versionArgument(3);
        if (!version) {
            fail(version.error());
            return;
        }
        request.fromVersion = *version;
    }
    const QString from = invocation().fromBranch.value_or(u"main"_s);
    const QString at = request.fromVersion
                           ? tr("version %1 of %2").arg(*request.fromVersion).arg(from)
                           : tr("the latest version of %1").arg(from);
    service().call(request, this, [this, branch, name, at](auto result) {
        finishWith(result, tr("Created branch %1 of %2 at %3.").arg(branch, name, at));
    });
}

} // namespace lance::cli
