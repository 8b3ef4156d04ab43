// SPDX-License-Identifier: Apache-2.0
#include "catalog/CatalogRefreshPlan.h"

#include "catalog/CatalogNode.h"

namespace lance::catalog {

namespace {

bool isBelow(const QStringList &id, const QStringList &ancestor)
{
    return id.size() > ancestor.size()
           && std::equal(ancestor.cbegin(), ancestor.cend(), id.cbegin());
}

} // namespace

std::optional<CatalogRefreshPlan::Target> CatalogRefreshPlan::target(const QStringList &id) const
{
    const auto found = m_targets.constFind(id);
    if (found == m_targets.cend()) {
        return std::nullopt;
    }
    return *found;
}

void CatalogRefreshPlan::add(const QStringList &id, Target target)
{
    Target &planned = m_targets[id];
    planned.rows = std::max(planned.rows, target.rows);
    planned.all = planned.all || target.all;
}

void CatalogRefreshPlan::addLoaded(const CatalogNode &root)
{
    if (root.loadedCount() == 0 && root.loadState() == CatalogNode::LoadState::NotLoaded) {
        return; // never expanded: nothing below it was loaded either
    }
    add(root.id().names(), {root.loadedCount(), !root.hasMore() || root.loadAllRequested()});
    for (int i = 0; i < root.namespaceCount(); ++i) {
        addLoaded(*root.namespaceAt(i));
    }
}

QList<QStringList> CatalogRefreshPlan::childrenOf(const QStringList &id) const
{
    QList<QStringList> children;
    for (auto it = m_targets.cbegin(); it != m_targets.cend(); ++it) {
        if (it.key().size() == id.size() + 1 && isBelow(it.key(), id)) {
            children.append(it.key());
        }
    }
    return children;
}

void CatalogRefreshPlan::removeSubtree(const QStringList &id)
{
    m_targets.removeIf([&id](QHash<QStringList, Target>::iterator entry) {
        return entry.key() == id || isBelow(entry.key(), id);
    });
}

void CatalogRefreshPlan::continueAt(CatalogNode *node,
                                    const std::function<void(CatalogNode *)> &load)
{
    const QStringList id = node->id().names();
    if (!contains(id)) {
        return;
    }
    // Planned namespaces start loading as soon as they are listed, in parallel.
    for (const QStringList &child : childrenOf(id)) {
        const int row = node->indexOfNamespace(child.last());
        if (row >= 0 && node->namespaceAt(row)->loadState() == CatalogNode::LoadState::NotLoaded) {
            load(node->namespaceAt(row));
        }
    }
    const auto isListed = [node](const QString &name) {
        return node->indexOfNamespace(name) >= 0;
    };
    if (node->hasMore()
        && wantsMore(id, node->loadedCount(), node->listing() == CatalogNode::Listing::Namespaces,
                     isListed)) {
        load(node);
        return;
    }
    reached(id, isListed);
}

} // namespace lance::catalog
