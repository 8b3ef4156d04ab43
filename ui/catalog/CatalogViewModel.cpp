// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CatalogViewModel.h"

#include "catalog/CatalogTreeModel.h"

#include <QPointer>

namespace lance::ui {

using catalog::CatalogNode;
using catalog::CatalogTreeModel;
using Kind = CatalogNode::Kind;

CatalogViewModel::CatalogViewModel(CatalogTreeModel *tree, QObject *parent)
    : CatalogFilterModel(parent)
    , m_tree(tree)
{
    setSourceModel(tree);
    connect(tree, &QAbstractItemModel::rowsInserted, this, &CatalogViewModel::onTreeRowsInserted);
    connect(tree, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            &CatalogViewModel::onTreeRowsAboutToBeRemoved);
    // A page in while more are coming (Load All, or namespaces then tables): the "Loading…"
    // row's count changes, and the namespace is told.
    connect(tree, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &topLeft) {
        if (CatalogTreeModel::kindOf(topLeft) == Kind::Loading) {
            notePage(topLeft.parent());
        }
    });
    connect(tree, &CatalogTreeModel::childrenLoaded, this, &CatalogViewModel::notePage);
    connect(tree, &QAbstractItemModel::modelReset, this, [this] {
        m_rowsAtLastPage.clear();
        m_held.clear();
    });
}

QStringList CatalogViewModel::keyOf(const QModelIndex &treeIndex) const
{
    return m_tree->identifierAt(treeIndex).names();
}

bool CatalogViewModel::canFetchMore(const QModelIndex &parent) const
{
    return !isHeld(parent) && CatalogFilterModel::canFetchMore(parent);
}

void CatalogViewModel::fetchMore(const QModelIndex &parent)
{
    if (m_fetchOpen > 0 && !isHeld(parent)) {
        CatalogFilterModel::fetchMore(parent);
    }
}

std::shared_ptr<void> CatalogViewModel::openFetch()
{
    ++m_fetchOpen;
    return {nullptr, [model = QPointer<CatalogViewModel>(this)](void *) {
                if (model) {
                    --model->m_fetchOpen;
                }
            }};
}

bool CatalogViewModel::isHeld(const QModelIndex &parent) const
{
    return !m_held.isEmpty() && m_held.contains(keyOf(mapToSource(parent)));
}

void CatalogViewModel::release(const QModelIndex &parent)
{
    if (!m_held.isEmpty()) {
        m_held.remove(keyOf(mapToSource(parent)));
    }
}

void CatalogViewModel::notePage(const QModelIndex &parent)
{
    if (const CatalogNode *node = m_tree->namespaceNode(parent)) {
        m_rowsAtLastPage.insert(keyOf(parent), node->loadedCount());
    }
}

void CatalogViewModel::onTreeRowsInserted(const QModelIndex &parent, int first, int last)
{
    Q_UNUSED(first)
    // The "Loading…" row appears: a page of `parent` is on its way.
    if (CatalogTreeModel::kindOf(m_tree->index(last, 0, parent)) == Kind::Loading) {
        notePage(parent);
    }
}

void CatalogViewModel::onTreeRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last)
{
    Q_UNUSED(last)
    const CatalogNode *node = m_tree->namespaceNode(parent);
    if (!node || CatalogTreeModel::kindOf(m_tree->index(first, 0, parent)) != Kind::Loading) {
        return;
    }
    // Loading ends. Without a row since the last page and with more to come, the page was
    // cancelled (a page that lists nothing ends the listing).
    const QStringList key = keyOf(parent);
    if (node->hasMore() && node->loadedCount() == m_rowsAtLastPage.value(key, -1)) {
        m_held.insert(key);
    }
    m_rowsAtLastPage.remove(key);
}

} // namespace lance::ui
