// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/NameMatcher.h"

#include <QIdentityProxyModel>
#include <QPointer>
#include <QSortFilterProxyModel>

namespace lance::catalog {

class CatalogNode;
class CatalogTreeModel;

/// The tree filter (Ctrl+F): rows whose name contains the text, case-insensitively, with their
/// ancestors (also in namespaces that are loaded but collapsed) and everything inside a
/// matching namespace, so it can still be browsed. "Loading…" and error rows stay under
/// namespaces shown for what they hold. Only loaded names match: the filter never loads.
///
/// The source is a CatalogTreeModel, directly or through QIdentityProxyModels (the staging
/// overlay): names are then read from the tree's nodes without building strings, which keeps
/// one keystroke over 100,000 tables within a frame. Any other source is matched on
/// Qt::DisplayRole. Paging (canFetchMore/fetchMore) passes through to the source.
class CatalogFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit CatalogFilterModel(QObject *parent = nullptr);

    /// Also finds the CatalogTreeModel below identity proxies; set the chain up first.
    void setSourceModel(QAbstractItemModel *source) override;

    const QString &filterText() const { return m_matcher.needle(); }
    /// Filters from now on; an empty text shows every row.
    void setFilterText(const QString &text);

    struct MatchCount
    {
        int matching = 0; //!< loaded namespaces and tables whose own name matches
        int loaded = 0;   //!< loaded namespaces and tables
    };
    /// For the filter box's "N of M": a walk of what is loaded (the same the filter makes).
    MatchCount matchCount() const;

signals:
    void filterTextChanged(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool acceptsDisplayed(int sourceRow, const QModelIndex &sourceParent) const;
    static bool anyLoadedNameMatches(const CatalogNode &node, const NameMatcher &matcher);
    static void count(const CatalogNode &node, const NameMatcher &matcher, MatchCount &into);

    NameMatcher m_matcher;
    QPointer<CatalogTreeModel> m_tree;
    /// From the source down to the tree; each maps an index by row and internal pointer.
    QList<QPointer<QIdentityProxyModel>> m_identityChain;
};

} // namespace lance::catalog
