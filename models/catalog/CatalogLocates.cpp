// SPDX-License-Identifier: Apache-2.0
#include "catalog/CatalogLocates.h"

#include "catalog/CatalogNode.h"
#include "catalog/CatalogPathWalk.h"

#include <utility>

namespace lance::catalog {

QList<CatalogLocates::Ended> CatalogLocates::advance(CatalogNode *root, const QString &delimiter,
                                                     const Describe &describe,
                                                     const std::function<void(CatalogNode *)> &load)
{
    // `load` inserts rows, and views react to that by fetching: walks they start meanwhile are
    // appended to m_waiting and kept after those still going.
    const QList<api::Identifier> walking = std::exchange(m_waiting, {});
    QList<api::Identifier> blocked;
    QList<Ended> ended;
    for (const api::Identifier &id : walking) {
        const CatalogPathWalk walk = CatalogPathWalk::walk(root, id);
        switch (walk.outcome) {
        case CatalogPathWalk::Outcome::Found:
            ended.append({id, walk.node, walk.row, {}});
            break;
        case CatalogPathWalk::Outcome::Missing: {
            const api::Identifier missing(id.names().mid(0, walk.node->id().depth() + 1));
            const QString name = missing.toString(delimiter);
            ended.append({id, walk.node, -1,
                          missing == id ? tr("%1 does not exist.").arg(name)
                                        : tr("There is no namespace %1.").arg(name)});
            break;
        }
        case CatalogPathWalk::Outcome::Failed:
            ended.append({id, walk.node, -1,
                          tr("%1 could not be listed: %2")
                              .arg(describe(walk.node), walk.node->error()->userMessage())});
            break;
        case CatalogPathWalk::Outcome::Blocked:
            blocked.append(id);
            load(walk.node);
            break;
        }
    }
    m_waiting = blocked + m_waiting;
    return ended;
}

QList<CatalogLocates::Ended> CatalogLocates::cancelWaitingOn(CatalogNode *root,
                                                             const CatalogNode *node,
                                                             const Describe &describe)
{
    QList<Ended> ended;
    QList<api::Identifier> still;
    for (const api::Identifier &id : std::as_const(m_waiting)) {
        if (CatalogPathWalk::walk(root, id).node == node) {
            ended.append({id, nullptr, -1, tr("Loading %1 was cancelled.").arg(describe(node))});
        } else {
            still.append(id);
        }
    }
    m_waiting = still;
    return ended;
}

} // namespace lance::catalog
