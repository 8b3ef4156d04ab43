// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

#include <QList>

class QAbstractProxyModel;
class QModelIndex;
class QTreeView;

namespace lance::catalog {
class CatalogTreeModel;
}

namespace lance::ui {

/// Which namespaces of the catalog tree are expanded, by identifier: what survives the rows
/// being replaced. Refresh resets the tree, and a filter hides rows whose expansion the view
/// then forgets; the workspace captures the expansion before and restores it as the rows come
/// back.
///
/// The view's model is `proxy` (the filter), whose source is `tree`.
class CatalogExpansion
{
public:
    /// The namespaces expanded in `view` now, also inside collapsed ones.
    static CatalogExpansion capture(const QTreeView &view);

    bool isEmpty() const { return m_pending.isEmpty(); }
    const QList<api::Identifier> &pending() const { return m_pending; }
    void clear() { m_pending.clear(); }

    /// Expands the remembered namespaces that are loaded and shown now and forgets them; the
    /// others wait for a later call (their rows have not arrived yet).
    void restore(QTreeView &view, const QAbstractProxyModel &proxy,
                 const catalog::CatalogTreeModel &tree);

private:
    void collect(const QTreeView &view, const QModelIndex &parent);

    QList<api::Identifier> m_pending; //!< parents before their children
};

} // namespace lance::ui
