// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QStringList>

#include <functional>
#include <optional>

namespace lance::catalog {

class CatalogNode;

/// What CatalogTreeModel::refresh() has still to load again: for each namespace that had loaded
/// anything before the refresh (by identifier, since the nodes are gone), how many rows it had
/// and whether it had everything. A namespace leaves the plan when it has loaded as much again,
/// when it fails, or when its parent has listed its namespaces without it (it was dropped).
class CatalogRefreshPlan
{
public:
    struct Target
    {
        int rows = 0;     //!< rows it had loaded (namespaces and tables)
        bool all = false; //!< it had loaded every page (or "Load all" was running)
    };

    bool isEmpty() const { return m_targets.isEmpty(); }
    bool contains(const QStringList &id) const { return m_targets.contains(id); }
    std::optional<Target> target(const QStringList &id) const;
    /// Adds `id`, keeping the larger target if it is already planned.
    void add(const QStringList &id, Target target);
    /// Adds every namespace of the tree below `root` (included) that loaded anything.
    void addLoaded(const CatalogNode &root);

    /// Whether the namespace `id`, with `loadedRows` rows so far, needs another page: fewer
    /// rows than before, everything before, or (while `listingNamespaces`) a planned child
    /// namespace that `isLoaded` does not find yet.
    template <typename IsLoaded>
    bool wantsMore(const QStringList &id, int loadedRows, bool listingNamespaces,
                   IsLoaded isLoaded) const
    {
        const auto found = m_targets.constFind(id);
        if (found == m_targets.cend()) {
            return false;
        }
        if (found->all || loadedRows < found->rows) {
            return true;
        }
        if (listingNamespaces) {
            for (const QStringList &child : childrenOf(id)) {
                if (!isLoaded(child.last())) {
                    return true;
                }
            }
        }
        return false;
    }

    /// The planned namespaces directly inside `id`.
    QList<QStringList> childrenOf(const QStringList &id) const;
    /// `id` is back as far as before: it leaves the plan, and so do the planned namespaces
    /// inside it that `isLoaded` does not find (they were dropped meanwhile).
    template <typename IsLoaded> void reached(const QStringList &id, IsLoaded isLoaded)
    {
        for (const QStringList &child : childrenOf(id)) {
            if (!isLoaded(child.last())) {
                removeSubtree(child);
            }
        }
        remove(id);
    }
    /// The next step for `node`, which has just loaded a page: `load` each planned child
    /// namespace that has not started, then `load` `node` itself again while it wants more;
    /// once it has as much as before it leaves the plan (see reached()).
    void continueAt(CatalogNode *node, const std::function<void(CatalogNode *)> &load);
    /// Removes `id` and everything planned below it.
    void removeSubtree(const QStringList &id);
    void remove(const QStringList &id) { m_targets.remove(id); }
    void clear() { m_targets.clear(); }

private:
    QHash<QStringList, Target> m_targets;
};

} // namespace lance::catalog
