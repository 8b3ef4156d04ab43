// SPDX-License-Identifier: Apache-2.0
#include "RestoreCommand.h"

#include "api/JsonCodec.h"

#include <QTextStream>

namespace lance::cli {

void RestoreCommand::start()
{
    const auto table = identifierArgument(0, false);
    if (!table) {
        fail(table.error());
        return;
    }
    const auto version = versionArgument(1);
    if (!version) {
        fail(version.error());
        return;
    }
    api::RestoreTableRequest request;
    request.id = *table;
    request.version = *version;
    const QString name = table->toString(invocation().delimiter);
    service().call(request, this,
                   [this, name, v = *version](api::Result<api::RestoreTableResponse> result) {
                       if (finishedPlainly(result)) {
                           return;
                       }
                       out() << tr("Restored version %1 of %2 as its new latest version "
                                   "(transaction %3).")
                                    .arg(v)
                                    .arg(name, result->transactionId.value_or(tr("unnamed")))
                             << u'\n';
                       succeed();
                   });
}

} // namespace lance::cli
