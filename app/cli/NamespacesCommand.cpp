// SPDX-License-Identifier: Apache-2.0
#include "NamespacesCommand.h"

#include "TextTable.h"
#include "api/JsonCodec.h"
#include "client/PageCollector.h"

#include <QTextStream>

namespace lance::cli {

void NamespacesCommand::start()
{
    const auto parent = identifierArgument(0, true);
    if (!parent) {
        fail(parent.error());
        return;
    }
    api::ListNamespacesRequest request;
    request.id = *parent;
    request.limit = ListAllPageSize;
    client::PageCollector::collectAll(
        service(), request, this,
        [this, parentId = *parent](api::Result<api::ListNamespacesResponse> result) {
            if (!result) {
                fail(result.error());
                return;
            }
            if (invocation().json) {
                printJson(api::json::encode(withoutHeaderContext(*result)));
            } else if (result->namespaces.isEmpty()) {
                note(tr("No namespaces in %1.").arg(parentId.toString(invocation().delimiter)));
            } else {
                TextTable table({tr("NAME"), tr("IDENTIFIER")});
                for (const QString &name : result->namespaces) {
                    table.addRow({name, parentId.child(name).toString(invocation().delimiter)});
                }
                table.print(out());
            }
            succeed();
        });
}

} // namespace lance::cli
