// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CatalogTreeController.h"

#include "catalog/CatalogTreeModel.h"
#include "catalog/NameMatcher.h"
#include "ui/catalog/CatalogTreeView.h"
#include "ui/catalog/CatalogViewModel.h"

#include <QScopedValueRollback>

namespace lance::ui {

using catalog::CatalogNode;
using catalog::CatalogTreeModel;
using Kind = CatalogNode::Kind;
using LoadState = CatalogNode::LoadState;

namespace {

Kind kindOf(const QModelIndex &index)
{
    return Kind(index.data(CatalogTreeModel::KindRole).toInt());
}

} // namespace

CatalogTreeController::CatalogTreeController(CatalogTreeModel *tree, CatalogViewModel *shown,
                                             CatalogTreeView *view, QObject *parent)
    : QObject(parent)
    , m_tree(tree)
    , m_shown(shown)
    , m_view(view)
{
    connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &CatalogTreeController::onViewCurrentChanged);
    connect(view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &CatalogTreeController::stateChanged);
    connect(view, &CatalogTreeView::retryRequested, this,
            [this](const QModelIndex &index) { m_tree->retry(m_shown->mapToSource(index)); });
    // Expanding a namespace again is how to go on after Cancel held it.
    connect(view, &QTreeView::expanded, shown, &CatalogViewModel::release);

    connect(tree, &CatalogTreeModel::childrenLoaded, this,
            &CatalogTreeController::onChildrenLoaded);
    connect(tree, &CatalogTreeModel::refreshFinished, this,
            &CatalogTreeController::onRefreshFinished);
    connect(tree, &CatalogTreeModel::identifierFound, this,
            &CatalogTreeController::onIdentifierFound);
    connect(tree, &CatalogTreeModel::identifierNotFound, this,
            &CatalogTreeController::onIdentifierNotFound);
    // Load All and Retry follow the namespaces' state; the root's only shows in its rows.
    connect(tree, &CatalogTreeModel::loadFailed, this, &CatalogTreeController::onTreeChanged);
    connect(tree, &QAbstractItemModel::rowsRemoved, this, &CatalogTreeController::onTreeChanged);
    connect(tree, &QAbstractItemModel::dataChanged, this, &CatalogTreeController::onTreeChanged);
}

QModelIndexList CatalogTreeController::selectedRows() const
{
    QModelIndexList rows = m_view ? m_view->selectionModel()->selectedRows() : QModelIndexList();
    rows.removeIf([](const QModelIndex &row) {
        return kindOf(row) != Kind::Namespace && kindOf(row) != Kind::Table;
    });
    return rows;
}

QModelIndex CatalogTreeController::currentSourceIndex() const
{
    return m_view ? m_shown->mapToSource(m_view->currentIndex()) : QModelIndex();
}

QModelIndex CatalogTreeController::targetIndex() const
{
    const QModelIndex current = currentSourceIndex();
    if (!current.isValid() || CatalogTreeModel::kindOf(current) == Kind::Namespace) {
        return current;
    }
    return current.parent();
}

const CatalogNode *CatalogTreeController::targetNamespace() const
{
    return m_tree->namespaceNode(targetIndex());
}

bool CatalogTreeController::canLoadAll() const
{
    const CatalogNode *target = targetNamespace();
    return target && target->hasMore() && target->loadState() != LoadState::Failed
           && !target->loadAllRequested();
}

bool CatalogTreeController::canRetry() const
{
    const QModelIndex current = currentSourceIndex();
    const CatalogNode *target = targetNamespace();
    return (current.isValid() && CatalogTreeModel::kindOf(current) == Kind::Error)
           || (target && target->loadState() == LoadState::Failed);
}

void CatalogTreeController::select(const api::Identifier &id)
{
    m_pendingSelect = id;
    m_tree->ensureLoaded(id); // may answer at once, when the way is loaded
}

void CatalogTreeController::onIdentifierFound(const api::Identifier &id, const QModelIndex &index)
{
    if (m_pendingSelect != id) {
        return; // someone else's ensureLoaded()
    }
    m_pendingSelect.reset();
    showSourceIndex(index);
}

void CatalogTreeController::onIdentifierNotFound(const api::Identifier &id, const QString &reason)
{
    if (m_pendingSelect == id) {
        m_pendingSelect.reset();
        emit notFound(reason);
    }
}

void CatalogTreeController::showSourceIndex(const QModelIndex &source)
{
    if (!m_view) {
        return;
    }
    if (!source.isValid()) { // the root: no row to select
        m_view->selectionModel()->clear();
        setCurrent(std::nullopt, false);
        return;
    }
    if (!m_shown->mapFromSource(source).isValid() && !m_shown->filterText().isEmpty()) {
        emit filterClearRequested(); // the filter hides what was asked for
        setFilterText({});
    }
    const QModelIndex shown = m_shown->mapFromSource(source);
    if (!shown.isValid()) {
        return;
    }
    for (QModelIndex parent = shown.parent(); parent.isValid(); parent = parent.parent()) {
        m_view->expand(parent);
    }
    m_view->selectionModel()->setCurrentIndex(shown, QItemSelectionModel::ClearAndSelect
                                                         | QItemSelectionModel::Rows);
    m_view->scrollTo(shown, QAbstractItemView::PositionAtCenter);
}

void CatalogTreeController::selectQuietly(const QModelIndex &shown)
{
    const QScopedValueRollback quiet(m_quiet, true);
    if (shown.isValid()) {
        m_view->selectionModel()->setCurrentIndex(shown, QItemSelectionModel::ClearAndSelect
                                                             | QItemSelectionModel::Rows);
    } else {
        m_view->selectionModel()->clear();
    }
}

void CatalogTreeController::onViewCurrentChanged(const QModelIndex &current)
{
    if (m_quiet) {
        return; // the filter or Refresh moved the selection, not the person
    }
    const QModelIndex source = m_shown->mapToSource(current);
    const Kind kind = source.isValid() ? CatalogTreeModel::kindOf(source) : Kind::Loading;
    if (kind == Kind::Namespace || kind == Kind::Table) {
        const api::Identifier id = m_tree->identifierAt(source);
        if (m_refreshSelection != id) {
            m_refreshSelection.reset(); // chosen while refreshing: do not jump back
        }
        setCurrent(id, kind == Kind::Table);
    } else {
        setCurrent(std::nullopt, false);
    }
}

void CatalogTreeController::setCurrent(const std::optional<api::Identifier> &id, bool table)
{
    if (id == m_current && table == m_currentIsTable) {
        emit stateChanged();
        return;
    }
    m_current = id;
    m_currentIsTable = id && table;
    emit currentChanged(m_current, m_currentIsTable);
    emit stateChanged();
}

void CatalogTreeController::setFilterText(const QString &text)
{
    if (!m_view) {
        return;
    }
    const bool wasFiltering = !m_shown->filterText().isEmpty();
    if (!wasFiltering && !text.isEmpty()) {
        m_filterExpansion = CatalogExpansion::capture(*m_view);
    }
    {
        // Rows hidden by the filter move the view's current row; the details stay.
        const QScopedValueRollback quiet(m_quiet, true);
        m_shown->setFilterText(text);
        if (text.isEmpty() && wasFiltering) {
            m_view->collapseAll(); // what the filter expanded, before what the person had
            m_filterExpansion.restore(*m_view, *m_shown, *m_tree);
            m_filterExpansion.clear();
        }
    }
    selectQuietly(m_current ? m_shown->mapFromSource(m_tree->indexForId(*m_current))
                            : QModelIndex());
    expandMatches();
    updatePlaceholder();
    if (const QModelIndex current = m_view->currentIndex(); current.isValid()) {
        m_view->scrollTo(current);
    }
    emit stateChanged();
}

void CatalogTreeController::expandMatches()
{
    if (m_view && !m_shown->filterText().isEmpty()) {
        expandMatchesUnder({});
    }
}

// Expands `parent` when a name below it matches, and answers whether one does. Matches in
// namespaces that are loaded but collapsed are in the filter's rows already (it keeps their
// ancestors); the view only needs to open the way to them.
bool CatalogTreeController::expandMatchesUnder(const QModelIndex &parent)
{
    const catalog::NameMatcher matcher(m_shown->filterText());
    bool found = false;
    const int rows = m_shown->rowCount(parent);
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = m_shown->index(row, 0, parent);
        const Kind kind = kindOf(index);
        if (kind != Kind::Namespace && kind != Kind::Table) {
            continue;
        }
        const bool inside = kind == Kind::Namespace && expandMatchesUnder(index);
        found = inside || matcher.matches(QStringView(index.data().toString())) || found;
    }
    if (found && parent.isValid()) {
        m_view->expand(parent);
    }
    return found;
}

void CatalogTreeController::refresh()
{
    if (!m_view) {
        return;
    }
    // While filtering, the expansion is the filter's; the person's is in m_filterExpansion.
    if (m_shown->filterText().isEmpty()) {
        m_refreshExpansion = CatalogExpansion::capture(*m_view);
    }
    m_refreshSelection = m_current;
    m_pendingSelect.reset();
    m_tree->refresh();
    emit stateChanged();
}

void CatalogTreeController::onChildrenLoaded()
{
    if (!m_view) {
        return;
    }
    if (!m_refreshExpansion.isEmpty()) {
        m_refreshExpansion.restore(*m_view, *m_shown, *m_tree);
    }
    if (m_refreshSelection) {
        const QModelIndex shown = m_shown->mapFromSource(m_tree->indexForId(*m_refreshSelection));
        if (shown.isValid()) {
            m_refreshSelection.reset();
            selectQuietly(shown); // the same object: nothing to load again
            m_view->scrollTo(shown);
        }
    }
    if (!m_tree->isRefreshing()) {
        expandMatches(); // a page of a collapsed namespace (Load All) may hold matches
    }
    onTreeChanged();
}

void CatalogTreeController::onRefreshFinished()
{
    if (m_view) {
        m_refreshExpansion.restore(*m_view, *m_shown, *m_tree);
    }
    m_refreshExpansion.clear();
    if (m_refreshSelection) {
        m_refreshSelection.reset(); // it is gone from the catalog
        setCurrent(std::nullopt, false);
    }
    expandMatches();
    onTreeChanged();
}

void CatalogTreeController::onTreeChanged()
{
    if (!m_firstPageShown) {
        const CatalogNode *root = m_tree->namespaceNode({});
        // Rows, a failure, or the end of loading (an empty catalog, or Cancel).
        if (root->loadedCount() > 0 || root->loadState() != LoadState::Loading) {
            m_firstPageShown = true;
            emit firstPageLoaded();
        }
    }
    updatePlaceholder();
    emit stateChanged();
}

void CatalogTreeController::loadAll()
{
    const QModelIndex target = targetIndex();
    m_shown->release(m_shown->mapFromSource(target));
    m_tree->loadAll(target);
    if (target.isValid() && m_view) {
        m_view->expand(m_shown->mapFromSource(target));
    }
    emit stateChanged();
}

void CatalogTreeController::retry()
{
    const QModelIndex current = currentSourceIndex();
    m_tree->retry(current.isValid() && CatalogTreeModel::kindOf(current) == Kind::Error
                      ? current
                      : targetIndex());
}

void CatalogTreeController::updatePlaceholder()
{
    if (!m_view) {
        return;
    }
    const CatalogNode *root = m_tree->namespaceNode({});
    QString text;
    if (!m_shown->filterText().isEmpty()) {
        text = tr("No loaded namespace or table matches “%1”.\n\nThe filter looks at what is "
                  "loaded; Go to Identifier (Ctrl+L) finds the rest.")
                   .arg(m_shown->filterText());
    } else if (m_shown->isHeld({})) {
        text = tr("Listing was cancelled.\n\nRefresh (F5) lists the catalog again.");
    } else if (root->loadState() == LoadState::Loaded && root->loadedCount() == 0) {
        text = tr("This catalog holds no namespace and no table yet.");
    }
    m_view->setPlaceholderText(text);
}

} // namespace lance::ui
