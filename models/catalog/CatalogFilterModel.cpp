// SPDX-License-Identifier: Apache-2.0
#include "catalog/CatalogFilterModel.h"

#include "catalog/CatalogTreeModel.h"

namespace lance::catalog {

using Kind = CatalogNode::Kind;

CatalogFilterModel::CatalogFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    // A match shows its ancestors (recursive) and a matching namespace keeps its content
    // browsable (auto-accept): what people expect from a filter box over a tree.
    setRecursiveFilteringEnabled(true);
    setAutoAcceptChildRows(true);
}

void CatalogFilterModel::setSourceModel(QAbstractItemModel *source)
{
    m_identityChain.clear();
    m_tree = nullptr;
    QAbstractItemModel *model = source;
    while (auto *identity = qobject_cast<QIdentityProxyModel *>(model)) {
        m_identityChain.append(identity);
        model = identity->sourceModel();
    }
    m_tree = qobject_cast<CatalogTreeModel *>(model);
    QSortFilterProxyModel::setSourceModel(source);
}

void CatalogFilterModel::setFilterText(const QString &text)
{
    if (text == m_matcher.needle()) {
        return;
    }
    m_matcher = NameMatcher(text);
    invalidateFilter();
    emit filterTextChanged(text);
}

bool CatalogFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_matcher.isEmpty()) {
        return true;
    }
    if (!m_tree) {
        return acceptsDisplayed(sourceRow, sourceParent);
    }
    QModelIndex treeParent = sourceParent;
    for (const QPointer<QIdentityProxyModel> &identity : m_identityChain) {
        if (!identity) {
            return acceptsDisplayed(sourceRow, sourceParent);
        }
        treeParent = identity->mapToSource(treeParent);
    }
    const CatalogNode *node = m_tree->namespaceNode(treeParent);
    if (!node || sourceRow >= node->childCount()) {
        return false;
    }
    switch (node->kindOfRow(sourceRow)) {
    case Kind::Namespace:
        return m_matcher.matches(QStringView(node->namespaceAt(sourceRow)->name()));
    case Kind::Table:
        return m_matcher.matches(node->tables().utf8At(sourceRow - node->namespaceCount()));
    case Kind::Loading:
    case Kind::Error:
        break;
    }
    // Accepting it would make its namespace match; so only when something else shows the
    // namespace: a match inside it here, a match of the namespace or an ancestor through
    // auto-accept. The root is always shown.
    return node->isRoot() || anyLoadedNameMatches(*node, m_matcher);
}

bool CatalogFilterModel::acceptsDisplayed(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const QVariant kind = index.data(CatalogTreeModel::KindRole);
    if (kind.isValid() && Kind(kind.toInt()) != Kind::Namespace
        && Kind(kind.toInt()) != Kind::Table) {
        return !sourceParent.isValid();
    }
    return m_matcher.matches(QStringView(index.data().toString()));
}

CatalogFilterModel::MatchCount CatalogFilterModel::matchCount() const
{
    MatchCount counted;
    if (const CatalogNode *root = m_tree ? m_tree->namespaceNode(QModelIndex()) : nullptr) {
        count(*root, m_matcher, counted);
    }
    return counted;
}

void CatalogFilterModel::count(const CatalogNode &node, const NameMatcher &matcher,
                               MatchCount &into)
{
    into.loaded += node.loadedCount();
    for (int i = 0; i < node.tableCount(); ++i) {
        into.matching += matcher.matches(node.tables().utf8At(i)) ? 1 : 0;
    }
    for (int i = 0; i < node.namespaceCount(); ++i) {
        const CatalogNode &child = *node.namespaceAt(i);
        into.matching += matcher.matches(QStringView(child.name())) ? 1 : 0;
        count(child, matcher, into);
    }
}

bool CatalogFilterModel::anyLoadedNameMatches(const CatalogNode &node, const NameMatcher &matcher)
{
    for (int i = 0; i < node.tableCount(); ++i) {
        if (matcher.matches(node.tables().utf8At(i))) {
            return true;
        }
    }
    for (int i = 0; i < node.namespaceCount(); ++i) {
        const CatalogNode &child = *node.namespaceAt(i);
        if (matcher.matches(QStringView(child.name())) || anyLoadedNameMatches(child, matcher)) {
            return true;
        }
    }
    return false;
}

} // namespace lance::catalog
