// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CatalogExpansion.h"

#include "catalog/CatalogTreeModel.h"

#include <QAbstractProxyModel>
#include <QTreeView>

namespace lance::ui {

using Kind = catalog::CatalogNode::Kind;
using catalog::CatalogTreeModel;

CatalogExpansion CatalogExpansion::capture(const QTreeView &view)
{
    CatalogExpansion expansion;
    if (view.model()) {
        expansion.collect(view, view.rootIndex());
    }
    return expansion;
}

void CatalogExpansion::collect(const QTreeView &view, const QModelIndex &parent)
{
    const QAbstractItemModel &model = *view.model();
    const int rows = model.rowCount(parent);
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        // Namespaces come first: the first table ends the walk, however many tables follow.
        if (Kind(index.data(CatalogTreeModel::KindRole).toInt()) != Kind::Namespace) {
            break;
        }
        if (view.isExpanded(index)) {
            m_pending.append(api::Identifier(index.data(CatalogTreeModel::IdRole).toStringList()));
        }
        // Also under a collapsed namespace: the view remembers what was open inside it.
        collect(view, index);
    }
}

void CatalogExpansion::restore(QTreeView &view, const QAbstractProxyModel &proxy,
                               const CatalogTreeModel &tree)
{
    QList<api::Identifier> waiting;
    for (const api::Identifier &id : std::as_const(m_pending)) {
        const QModelIndex shown = proxy.mapFromSource(tree.indexForId(id));
        if (shown.isValid()) {
            view.expand(shown);
        } else {
            waiting.append(id);
        }
    }
    m_pending = waiting;
}

} // namespace lance::ui
