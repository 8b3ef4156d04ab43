// SPDX-License-Identifier: Apache-2.0
#include "NamespaceCommand.h"

#include "api/JsonCodec.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

void NamespaceCommand::start()
{
    const QString action = invocation().arguments.at(0);
    if (action != u"create" && action != u"drop") {
        fail(api::ApiError::invalidInput(
            tr("namespace: \"%1\" is not create or drop.").arg(action)));
        return;
    }
    const auto ns = identifierArgument(1, false);
    if (!ns) {
        fail(ns.error());
        return;
    }
    if (action == u"create" ? invocation().cascade : !invocation().properties.isEmpty()) {
        fail(api::ApiError::invalidInput(action == u"create"
                                             ? tr("--cascade goes with namespace drop.")
                                             : tr("--property goes with namespace create.")));
        return;
    }
    const QString name = ns->toString(invocation().delimiter);
    if (action == u"create") {
        api::CreateNamespaceRequest request;
        request.id = *ns;
        request.properties = invocation().properties;
        service().call(request, this, [this, name](api::Result<api::CreateNamespaceResponse> r) {
            if (!r) {
                fail(r.error());
                return;
            }
            if (invocation().json) {
                printJson(api::json::encode(withoutHeaderContext(*r)));
            } else {
                out() << tr("Created namespace %1.").arg(name) << u'\n';
            }
            succeed();
        });
        return;
    }
    api::DropNamespaceRequest request;
    request.id = *ns;
    request.behavior = invocation().cascade ? api::DropNamespaceBehavior::Cascade
                                            : api::DropNamespaceBehavior::Restrict;
    service().call(request, this, [this, name](api::Result<api::DropNamespaceResponse> r) {
        if (!r) {
            fail(r.error(), invocation().cascade
                                ? QString()
                                : tr("To drop it with everything in it, add --cascade."));
            return;
        }
        if (invocation().json) {
            printJson(api::json::encode(withoutHeaderContext(*r)));
        } else {
            out() << (invocation().cascade
                          ? tr("Dropped namespace %1 and the catalog entries in it; no table "
                               "data was deleted.")
                                .arg(name)
                          : tr("Dropped namespace %1.").arg(name))
                  << u'\n';
        }
        succeed();
    });
}

} // namespace lance::cli
