// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "ui/catalog/CatalogExpansion.h"

#include <QModelIndexList>
#include <QObject>
#include <QPointer>

#include <optional>

namespace lance::catalog {
class CatalogNode;
class CatalogTreeModel;
} // namespace lance::catalog

namespace lance::ui {

class CatalogTreeView;
class CatalogViewModel;

/// How the catalog tree behaves for a person, over CatalogTreeView: which namespace or table is
/// selected (current()), selecting one by identifier, the filter, Refresh, Load All and Retry.
///
/// The selection is what the details show, so only the person moves it: rows the filter hides
/// or Refresh replaces do not change current(), and the same object is selected again once its
/// row is back. Typing a filter remembers what was expanded, opens the way to every loaded
/// match (also in collapsed namespaces) and puts the expansion back when the filter is cleared.
/// Refresh keeps the expansion and the selection by identifier.
///
/// `tree` and `shown` must outlive it; the view may be destroyed first (with its window).
class CatalogTreeController : public QObject
{
    Q_OBJECT

public:
    CatalogTreeController(catalog::CatalogTreeModel *tree, CatalogViewModel *shown,
                          CatalogTreeView *view, QObject *parent = nullptr);

    /// The selected namespace or table, if any.
    const std::optional<api::Identifier> &current() const { return m_current; }
    bool currentIsTable() const { return m_currentIsTable; }
    /// The selected namespace and table rows, of the view's model.
    QModelIndexList selectedRows() const;
    /// What Load All and Retry act on: the selected namespace, else the selected row's
    /// namespace, else the root.
    const catalog::CatalogNode *targetNamespace() const;
    bool canLoadAll() const;
    bool canRetry() const;

    /// Loads the namespaces on the way to `id`, then selects its row and scrolls to it.
    void select(const api::Identifier &id);
    void setFilterText(const QString &text);
    void refresh();
    void loadAll();
    void retry();

signals:
    void currentChanged(const std::optional<lance::api::Identifier> &id, bool table);
    /// The root's first page (or its failure, or its cancellation) is shown.
    void firstPageLoaded();
    /// select() could not find `id`; `reason` is translated.
    void notFound(const QString &reason);
    /// select() found a row the filter hides; the filter is cleared after this signal.
    void filterClearRequested();
    /// The selection or a namespace's loading changed: commands may change state.
    void stateChanged();

private:
    void onViewCurrentChanged(const QModelIndex &current);
    void onChildrenLoaded();
    void onRefreshFinished();
    void onIdentifierFound(const api::Identifier &id, const QModelIndex &index);
    void onIdentifierNotFound(const api::Identifier &id, const QString &reason);
    void onTreeChanged();
    void setCurrent(const std::optional<api::Identifier> &id, bool table);
    void showSourceIndex(const QModelIndex &source);
    void selectQuietly(const QModelIndex &shown);
    void expandMatches();
    bool expandMatchesUnder(const QModelIndex &parent);
    void updatePlaceholder();
    QModelIndex currentSourceIndex() const;
    QModelIndex targetIndex() const;

    catalog::CatalogTreeModel *m_tree;
    CatalogViewModel *m_shown;
    QPointer<CatalogTreeView> m_view;
    std::optional<api::Identifier> m_current;
    bool m_currentIsTable = false;
    std::optional<api::Identifier> m_pendingSelect; //!< select() waiting for the tree
    CatalogExpansion m_refreshExpansion;            //!< put back while Refresh reloads
    std::optional<api::Identifier> m_refreshSelection;
    CatalogExpansion m_filterExpansion; //!< what was expanded before the filter was typed
    bool m_firstPageShown = false;
    bool m_quiet = false; //!< the selection moves for the filter or Refresh, not the person
};

} // namespace lance::ui
