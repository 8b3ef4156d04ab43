// SPDX-License-Identifier: Apache-2.0
#include "TagCommand.h"

#include "api/JsonCodec.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

void TagCommand::start()
{
    const QString action = invocation().arguments.at(0);
    const bool needsVersion = action == u"create" || action == u"move";
    if (!needsVersion && action != u"delete") {
        fail(api::ApiError::invalidInput(
            tr("tag: \"%1\" is not create, move or delete.").arg(action)));
        return;
    }
    if (invocation().arguments.size() != (needsVersion ? 4 : 3)) {
        fail(api::ApiError::invalidInput(needsVersion
                                             ? tr("tag %1 needs TABLE TAG VERSION.").arg(action)
                                             : tr("tag delete needs TABLE TAG, no version.")));
        return;
    }
    const auto table = identifierArgument(1, false);
    if (!table) {
        fail(table.error());
        return;
    }
    const QString tag = invocation().arguments.at(2);
    if (tag.isEmpty()) {
        fail(api::ApiError::invalidInput(tr("tag: the tag name is empty.")));
        return;
    }
    const QString name = table->toString(invocation().delimiter);
    if (action == u"delete") {
        api::DeleteTableTagRequest request;
        request.id = *table;
        request.tag = tag;
        service().call(request, this, [this, tag, name](auto result) {
            finishWith(result, tr("Deleted tag %1 of %2.").arg(tag, name));
        });
        return;
    }
    const auto version = versionArgument(3);
    if (!version) {
        fail(version.error());
        return;
    }
    if (action == u"create") {
        api::CreateTableTagRequest request;
        request.id = *table;
        request.tag = tag;
        request.version = *version;
        service().call(request, this, [this, tag, name, v = *version](auto result) {
            finishWith(result, tr("Tagged version %1 of %2 as %3.").arg(v).arg(name, tag));
        });
    } else {
        api::UpdateTableTagRequest request;
        request.id = *table;
        request.tag = tag;
        request.version = *version;
        service().call(request, this, [this, tag, name, v = *version](auto result) {
            finishWith(result, tr("Moved tag %1 of %2 to version %3.").arg(tag, name).arg(v));
        });
    }
}

} // namespace lance::cli
