// SPDX-License-Identifier: Apache-2.0
#include "RenameCommand.h"

#include "api/JsonCodec.h"

#include <QTextStream>

namespace lance::cli {

void RenameCommand::start()
{
    const auto table = identifierArgument(0, false);
    if (!table) {
        fail(table.error());
        return;
    }
    const auto target = identifierArgument(1, false);
    if (!target) {
        fail(target.error());
        return;
    }
    const QString delimiter = invocation().delimiter;
    service().call(api::renameRequest(*table, *target), this,
                   [this, from = table->toString(delimiter), to = target->toString(delimiter)](
                       api::Result<api::RenameTableResponse> result) {
                       if (finishedPlainly(result)) {
                           return;
                       }
                       out() << tr("Renamed %1 to %2 (transaction %3).")
                                    .arg(from, to, result->transactionId.value_or(tr("unnamed")))
                             << u'\n';
                       succeed();
                   });
}

} // namespace lance::cli
