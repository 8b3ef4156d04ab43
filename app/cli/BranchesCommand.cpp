// SPDX-License-Identifier: Apache-2.0
#include "BranchesCommand.h"

#include "TextTable.h"
#include "client/PageCollector.h"

#include <QDateTime>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

void BranchesCommand::start()
{
    const auto table = identifierArgument(0, false);
    if (!table) {
        fail(table.error());
        return;
    }
    api::ListTableBranchesRequest request;
    request.id = *table;
    request.limit = ListAllPageSize;
    client::PageCollector::collectAll(
        service(), request, this,
        [this, name = table->toString(invocation().delimiter)](
            api::Result<api::ListTableBranchesResponse> result) {
            if (finishedPlainly(result)) {
                return;
            }
            if (result->branches.isEmpty()) {
                note(tr("%1 has no branches besides main.").arg(name));
                succeed();
                return;
            }
            TextTable listing({tr("BRANCH"), tr("FROM"), tr("AT VERSION"), tr("CREATED")});
            for (auto it = result->branches.cbegin(); it != result->branches.cend(); ++it) {
                listing.addRow(
                    {it.key(), it->parentBranch.value_or(u"main"_s),
                     QString::number(it->parentVersion),
                     QDateTime::fromSecsSinceEpoch(it->createAt, Qt::UTC).toString(Qt::ISODate)});
            }
            listing.print(out());
            succeed();
        });
}

} // namespace lance::cli
