// SPDX-License-Identifier: Apache-2.0
#include "NamespaceCommand.h"

#include "api/JsonCodec.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

void NamespaceCommand::start()
{
    const QString action = invocation().arguments.at(0);
    if (action != u"create" && action != u"set" && action != u"drop") {
        fail(api::ApiError::invalidInput(
            tr("namespace: \"%1\" is not create, set or drop.").arg(action)));
        return;
    }
    const auto ns = identifierArgument(1, false);
    if (!ns) {
        fail(ns.error());
        return;
    }
    if (action != u"drop" && invocation().cascade) {
        fail(api::ApiError::invalidInput(tr("--cascade goes with namespace drop.")));
        return;
    }
    if (action == u"drop" && !invocation().properties.isEmpty()) {
        fail(api::ApiError::invalidInput(tr("--property goes with namespace create or set.")));
        return;
    }
    if (action != u"set" && !invocation().unsetProperties.isEmpty()) {
        fail(api::ApiError::invalidInput(tr("--unset goes with namespace set.")));
        return;
    }
    const QString name = ns->toString(invocation().delimiter);
    if (action == u"set") {
        setProperties(*ns);
        return;
    }
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

void NamespaceCommand::setProperties(const api::Identifier &ns)
{
    if (invocation().properties.isEmpty() && invocation().unsetProperties.isEmpty()) {
        fail(api::ApiError::invalidInput(
            tr("namespace set: give a --property K=V to set or an --unset K to remove.")));
        return;
    }
    api::UpdateNamespacePropertiesRequest request;
    request.id = ns;
    request.updates = invocation().properties;
    request.removals = invocation().unsetProperties;
    const QString name = ns.toString(invocation().delimiter);
    service().call(request, this,
                   [this, name](api::Result<api::UpdateNamespacePropertiesResponse> r) {
                       if (finishedPlainly(r)) {
                           return;
                       }
                       out() << tr("Namespace %1 now has these properties:").arg(name) << u'\n';
                       for (auto it = r->properties.cbegin(); it != r->properties.cend(); ++it) {
                           out() << u"  "_s << it.key() << u" = "_s << it.value() << u'\n';
                       }
                       succeed();
                   });
}

} // namespace lance::cli
