// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/CatalogFilterModel.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <memory>

namespace lance::catalog {
class CatalogTreeModel;
}

namespace lance::ui {

/// What the catalog tree view shows: the tree through CatalogFilterModel, and namespaces whose
/// page was cancelled held back from paging.
///
/// Views page by themselves: QTreeView asks for more whenever the end of a list shows, and so
/// does CatalogTreeView. After Cancel (ActivityTracker), the namespace's "Loading…" row goes
/// and nothing stops the view from asking again at once, which would make Cancel useless. So a
/// namespace whose loading ended without a row since its last page, while more remain, is held:
/// canFetchMore() answers false for it until release() (the person expands it again or asks for
/// Load All) or a Refresh resets the tree.
class CatalogViewModel : public catalog::CatalogFilterModel
{
    Q_OBJECT

public:
    explicit CatalogViewModel(catalog::CatalogTreeModel *tree, QObject *parent = nullptr);

    bool canFetchMore(const QModelIndex &parent) const override;
    /// Only while openFetch() holds: QTreeView fetches a page on its own each time it lays out
    /// an expanded item (and as many as a viewport could hold), which would list every page of
    /// an expanded namespace whether anyone scrolls to its end or not. CatalogTreeView opens it
    /// where a person's view asks for more (the visible end of a namespace, an empty expanded
    /// one).
    void fetchMore(const QModelIndex &parent) override;
    /// Lets fetchMore() through until the returned object is destroyed.
    [[nodiscard]] std::shared_ptr<void> openFetch();

    /// Whether the namespace `parent` (of this model; invalid: the root) is held.
    bool isHeld(const QModelIndex &parent) const;
    /// Lets the namespace `parent` page again.
    void release(const QModelIndex &parent);

private:
    int m_fetchOpen = 0; //!< openFetch() holders
    QStringList keyOf(const QModelIndex &treeIndex) const;
    void onTreeRowsInserted(const QModelIndex &parent, int first, int last);
    void onTreeRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last);
    void notePage(const QModelIndex &parent);

    catalog::CatalogTreeModel *m_tree;
    QHash<QStringList, int> m_rowsAtLastPage; //!< by namespace id, while it loads
    QSet<QStringList> m_held;
};

} // namespace lance::ui
