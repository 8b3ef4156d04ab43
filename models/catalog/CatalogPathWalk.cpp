// SPDX-License-Identifier: Apache-2.0
#include "catalog/CatalogPathWalk.h"

#include "catalog/CatalogNode.h"

namespace lance::catalog {

CatalogPathWalk CatalogPathWalk::walk(CatalogNode *root, const api::Identifier &id)
{
    CatalogNode *node = root;
    const QStringList &names = id.names();
    for (qsizetype depth = 0; depth < names.size(); ++depth) {
        const QString &name = names[depth];
        const bool last = depth == names.size() - 1;
        if (const int ns = node->indexOfNamespace(name); ns >= 0) {
            if (last) {
                return {Outcome::Found, node, ns};
            }
            node = node->namespaceAt(ns);
            continue;
        }
        if (last) {
            if (const qsizetype table = node->tables().indexOf(name); table >= 0) {
                return {Outcome::Found, node, node->namespaceCount() + int(table)};
            }
        }
        // Namespaces are listed before tables, so a namespace on the way can only be missing
        // once the namespace listing is over; the last name waits for the tables too.
        const bool mayStillAppear
            = last ? node->hasMore() : node->listing() == CatalogNode::Listing::Namespaces;
        if (!mayStillAppear) {
            return {Outcome::Missing, node, -1};
        }
        const bool failed = node->loadState() == CatalogNode::LoadState::Failed;
        return {failed ? Outcome::Failed : Outcome::Blocked, node, -1};
    }
    return {Outcome::Missing, root, -1};
}

} // namespace lance::catalog
