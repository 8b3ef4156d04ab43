// SPDX-License-Identifier: Apache-2.0
#include "TablesCommand.h"

#include "TextTable.h"
#include "api/JsonCodec.h"
#include "client/PageCollector.h"

#include <QTextStream>

namespace lance::cli {

void TablesCommand::start()
{
    const auto parent = identifierArgument(0, true);
    if (!parent) {
        fail(parent.error());
        return;
    }
    api::ListTablesRequest request;
    request.id = *parent;
    request.limit = ListAllPageSize;
    if (invocation().noDeclared) {
        request.includeDeclared = false;
    }
    client::PageCollector::collectAll(
        service(), request, this,
        [this, parentId = *parent](api::Result<api::ListTablesResponse> result) {
            if (!result) {
                fail(result.error());
                return;
            }
            if (invocation().json) {
                printJson(api::json::encode(withoutHeaderContext(*result)));
            } else if (result->tables.isEmpty()) {
                note(tr("No tables in %1.").arg(parentId.toString(invocation().delimiter)));
            } else {
                TextTable table({tr("NAME"), tr("IDENTIFIER")});
                for (const QString &name : result->tables) {
                    table.addRow({name, parentId.child(name).toString(invocation().delimiter)});
                }
                table.print(out());
            }
            succeed();
        });
}

} // namespace lance::cli
