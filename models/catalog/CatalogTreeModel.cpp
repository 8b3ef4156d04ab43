// SPDX-License-Identifier: Apache-2.0
#include "catalog/CatalogTreeModel.h"

#include "activity/ActivityTracker.h"
#include "catalog/CatalogPathWalk.h"
#include "catalog/CatalogRowData.h"
#include "catalog/DeclaredOnlyCheck.h"

#include <QScopedValueRollback>

#include <type_traits>

namespace lance::catalog {

using Kind = CatalogNode::Kind;
using LoadState = CatalogNode::LoadState;
using Listing = CatalogNode::Listing;

namespace {

// Index internal pointers are the parent namespace of the row, so a table needs no node.
CatalogNode *parentNodeOf(const QModelIndex &index)
{
    return static_cast<CatalogNode *>(index.internalPointer());
}

} // namespace

CatalogTreeModel::CatalogTreeModel(api::CatalogService *service, QString delimiter,
                                   activity::ActivityTracker *tracker, QObject *parent)
    : QAbstractItemModel(parent)
    , m_service(service)
    , m_delimiter(std::move(delimiter))
    , m_tracker(tracker)
    , m_root(std::make_unique<CatalogNode>())
{}

CatalogTreeModel::~CatalogTreeModel() = default;

void CatalogTreeModel::setPageSize(int pageSize)
{
    m_pageSize = std::max(1, pageSize);
}

QModelIndex CatalogTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const CatalogNode *node = nodeFor(parent);
    if (column != 0 || row < 0 || !node || row >= node->childCount()) {
        return {};
    }
    return createIndex(row, 0, node);
}

QModelIndex CatalogTreeModel::parent(const QModelIndex &child) const
{
    return child.isValid() ? indexFor(parentNodeOf(child)) : QModelIndex();
}

int CatalogTreeModel::rowCount(const QModelIndex &parent) const
{
    const CatalogNode *node = parent.column() > 0 ? nullptr : nodeFor(parent);
    return node ? node->childCount() : 0;
}

int CatalogTreeModel::columnCount(const QModelIndex &) const
{
    return 1;
}

bool CatalogTreeModel::hasChildren(const QModelIndex &parent) const
{
    // A namespace not listed yet may have children: the view shows an expander, and expanding
    // it calls fetchMore().
    const CatalogNode *node = nodeFor(parent);
    return node && (node->childCount() > 0 || node->hasMore());
}

Qt::ItemFlags CatalogTreeModel::flags(const QModelIndex &index) const
{
    return index.isValid() ? CatalogRowData::flags(int(kindOf(index))) : Qt::NoItemFlags;
}

QVariant CatalogTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section == 0 && orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        return tr("Name");
    }
    return {};
}

QVariant CatalogTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) {
        return {};
    }
    const CatalogNode *parent = parentNodeOf(index);
    const int row = index.row();
    switch (parent->kindOfRow(row)) {
    case Kind::Namespace:
        return CatalogRowData::namespaceData(*parent->namespaceAt(row), role, m_delimiter);
    case Kind::Table:
        return CatalogRowData::tableData(*parent, row - parent->namespaceCount(), role,
                                         m_delimiter);
    case Kind::Loading:
    case Kind::Error:
        break;
    }
    return CatalogRowData::syntheticData(*parent, role);
}

bool CatalogTreeModel::canFetchMore(const QModelIndex &parent) const
{
    // Not while a page is on its way, and not after a failure: views would retry on every
    // scroll; retry() is the person's decision.
    const CatalogNode *node = m_updating ? nullptr : nodeFor(parent);
    return node && node->hasMore() && node->loadState() != LoadState::Loading
           && node->loadState() != LoadState::Failed;
}

void CatalogTreeModel::fetchMore(const QModelIndex &parent)
{
    CatalogNode *node = m_updating ? nullptr : nodeFor(parent);
    if (!node || node->loadState() == LoadState::Loading
        || node->loadState() == LoadState::Failed) {
        return;
    }
    startPage(node);
}

void CatalogTreeModel::loadAll(const QModelIndex &index)
{
    CatalogNode *node = nodeFor(index);
    if (!node || !node->hasMore()) {
        return;
    }
    node->setLoadAllRequested(true);
    startPage(node); // does nothing while a page is on its way; afterPage() goes on from there
}

void CatalogTreeModel::retry(const QModelIndex &index)
{
    CatalogNode *node
        = index.isValid() && kindOf(index) == Kind::Error ? parentNodeOf(index) : nodeFor(index);
    if (node && node->loadState() == LoadState::Failed) {
        startPage(node);
    }
}

void CatalogTreeModel::refresh()
{
    m_refreshPlan.addLoaded(*m_root);
    {
        const QScopedValueRollback updating(m_updating, true);
        beginResetModel();
        ++m_generation;
        m_root = std::make_unique<CatalogNode>(); // the old nodes cancel what they had in flight
        endResetModel();
    }
    m_refreshing = true;
    if (m_refreshPlan.contains({})) {
        startPage(m_root.get());
    }
    advanceLocates();
    checkRefreshFinished();
}

void CatalogTreeModel::ensureLoaded(const api::Identifier &id)
{
    if (id.isRoot()) {
        emit identifierFound(id, {});
        return;
    }
    m_locates.add(id);
    advanceLocates();
}

QModelIndex CatalogTreeModel::indexForId(const api::Identifier &id) const
{
    const CatalogPathWalk walk = CatalogPathWalk::walk(m_root.get(), id);
    return walk.outcome == CatalogPathWalk::Outcome::Found ? createIndex(walk.row, 0, walk.node)
                                                           : QModelIndex();
}

bool CatalogTreeModel::hasListedAllOf(const api::Identifier &id) const
{
    const QModelIndex index = indexForId(id);
    if (!id.isRoot() && !index.isValid()) {
        return false;
    }
    const CatalogNode *node = nodeFor(index);
    return node && node->loadState() == CatalogNode::LoadState::Loaded && !node->hasMore();
}

api::Identifier CatalogTreeModel::identifierAt(const QModelIndex &index) const
{
    if (!index.isValid()) {
        return {};
    }
    const CatalogNode *parent = parentNodeOf(index);
    switch (parent->kindOfRow(index.row())) {
    case Kind::Namespace:
        return parent->namespaceAt(index.row())->id();
    case Kind::Table:
        return parent->id().child(parent->tables().at(index.row() - parent->namespaceCount()));
    case Kind::Loading:
    case Kind::Error:
        break;
    }
    return parent->id();
}

CatalogNode::Kind CatalogTreeModel::kindOf(const QModelIndex &index)
{
    return index.isValid() ? parentNodeOf(index)->kindOfRow(index.row()) : Kind::Namespace;
}

std::optional<api::ApiError> CatalogTreeModel::lastError(const QModelIndex &index) const
{
    const CatalogNode *node
        = index.isValid() && kindOf(index) == Kind::Error ? parentNodeOf(index) : nodeFor(index);
    return node ? node->error() : std::nullopt;
}

const CatalogNode *CatalogTreeModel::namespaceNode(const QModelIndex &index) const
{
    return nodeFor(index);
}

CatalogNode *CatalogTreeModel::nodeFor(const QModelIndex &index) const
{
    if (!index.isValid()) {
        return m_root.get();
    }
    CatalogNode *parent = parentNodeOf(index);
    return index.row() < parent->namespaceCount() ? parent->namespaceAt(index.row()) : nullptr;
}

QModelIndex CatalogTreeModel::indexFor(const CatalogNode *node) const
{
    if (!node || node->isRoot()) {
        return {};
    }
    return createIndex(node->row(), 0, node->parent());
}

QModelIndex CatalogTreeModel::syntheticIndex(const CatalogNode *node) const
{
    return createIndex(node->loadedCount(), 0, node);
}

CatalogTreeModel::NodeRef CatalogTreeModel::refFor(const CatalogNode *node) const
{
    return {QPersistentModelIndex(indexFor(node)), node->isRoot(), m_generation};
}

CatalogNode *CatalogTreeModel::resolve(const NodeRef &ref) const
{
    // A refresh replaced every node: the answer belongs to a tree that is gone.
    if (ref.generation != m_generation) {
        return nullptr;
    }
    if (ref.root) {
        return m_root.get();
    }
    return ref.index.isValid() ? nodeFor(ref.index) : nullptr;
}

void CatalogTreeModel::startPage(CatalogNode *node)
{
    if (node->pageInFlight() || !node->hasMore()) {
        return;
    }
    const LoadState before = node->loadState();
    sendPage(node); // first: slots reacting to the signals below find the page on its way
    if (before == LoadState::NotLoaded || before == LoadState::Loaded) {
        const int row = node->childCount();
        const QScopedValueRollback updating(m_updating, true);
        beginInsertRows(indexFor(node), row, row);
        node->setLoadState(LoadState::Loading);
        endInsertRows();
    } else if (before == LoadState::Failed) {
        node->setLoadState(LoadState::Loading); // the error row becomes the "Loading…" row
        node->setError(std::nullopt);
        emit dataChanged(syntheticIndex(node), syntheticIndex(node));
    }
    if (const QModelIndex parent = indexFor(node);
        parent.isValid() && before != node->loadState()) {
        emit dataChanged(parent, parent, {LoadStateRole, ErrorRole, ErrorDetailsRole});
    }
}

void CatalogTreeModel::sendPage(CatalogNode *node)
{
    const NodeRef ref = refFor(node);
    api::RequestHandle handle;
    QString description;
    if (node->listing() == Listing::Namespaces) {
        api::ListNamespacesRequest request;
        request.id = node->id();
        request.pageToken = node->pageToken();
        request.limit = m_pageSize;
        handle = m_service->call(request, this,
                                 [this, ref](api::Result<api::ListNamespacesResponse> page) {
                                     onPage(ref, std::move(page));
                                 });
        description = tr("Listing namespaces in %1").arg(describe(node));
    } else {
        api::ListTablesRequest request;
        request.id = node->id();
        request.pageToken = node->pageToken();
        request.limit = m_pageSize;
        request.includeDeclared = true; // the mirror shows every table; the marks come later
        handle = m_service->call(request, this,
                                 [this, ref](api::Result<api::ListTablesResponse> page) {
                                     onPage(ref, std::move(page));
                                 });
        description = tr("Listing tables in %1").arg(describe(node));
    }
    node->setPageRequest(handle);
    track(description, handle);
}

template <typename Response>
void CatalogTreeModel::onPage(const NodeRef &ref, api::Result<Response> result)
{
    CatalogNode *node = resolve(ref);
    if (!node) {
        return; // refreshed meanwhile: the new tree asks again
    }
    if (!result) {
        node->pageAnswered();
        if (result.error().kind() == api::ApiError::Kind::Cancelled) {
            dropPage(node);
        } else {
            failPage(node, result.error());
        }
        return;
    }
    const bool listingNamespaces = node->listing() == Listing::Namespaces;
    const int before = node->loadedCount();
    if constexpr (std::is_same_v<Response, api::ListNamespacesResponse>) {
        addRows(node, result->namespaces, result->pageToken);
    } else {
        addRows(node, result->tables, result->pageToken);
    }
    // Answered only now: a fetch from a slot of the insertion would have asked for this page.
    node->pageAnswered();
    afterPage(node, listingNamespaces && node->listing() != Listing::Namespaces,
              node->loadedCount() > before);
}

void CatalogTreeModel::addRows(CatalogNode *node, const QStringList &names,
                               const std::optional<QString> &next)
{
    if (!names.isEmpty()) {
        // Before the tables (namespaces) or before the "Loading…" row (tables).
        const bool namespaces = node->listing() == Listing::Namespaces;
        const int first = namespaces ? node->namespaceCount() : node->loadedCount();
        const QScopedValueRollback updating(m_updating, true);
        beginInsertRows(indexFor(node), first, first + int(names.size()) - 1);
        if (namespaces) {
            node->appendNamespaces(names);
        } else {
            node->appendTables(names);
        }
        endInsertRows();
    }
    node->advance(next);
}

void CatalogTreeModel::afterPage(CatalogNode *node, bool namespacesJustListed, bool rowsAdded)
{
    if (node->listing() == Listing::Done) {
        startDeclaredCheck(node);
    }
    // An expanded namespace shows its first tables with its namespaces, not an empty list.
    if (node->hasMore() && (namespacesJustListed || node->loadAllRequested())) {
        startPage(node);
    }
    continueRefresh(node);
    advanceLocates(); // may ask this namespace for its next page too
    if (node->pageInFlight()) {
        node->setReportedCount(node->loadedCount());
        emit dataChanged(syntheticIndex(node), syntheticIndex(node));
    } else {
        finishLoading(node);
    }
    if (rowsAdded) {
        emit childrenLoaded(indexFor(node));
    }
    checkRefreshFinished();
}

void CatalogTreeModel::finishLoading(CatalogNode *node)
{
    const QModelIndex parent = indexFor(node);
    const int row = node->loadedCount();
    // A cancelled first page leaves the namespace as if never asked.
    const bool untouched = row == 0 && node->listing() == Listing::Namespaces && !node->pageToken();
    {
        const QScopedValueRollback updating(m_updating, true);
        beginRemoveRows(parent, row, row);
        node->setLoadState(untouched ? LoadState::NotLoaded : LoadState::Loaded);
        endRemoveRows();
    }
    node->setReportedCount(row);
    if (!node->hasMore()) {
        node->setLoadAllRequested(false);
    }
    if (parent.isValid()) {
        emit dataChanged(parent, parent, {LoadStateRole, HasMoreRole, LoadedCountRole});
    }
}

void CatalogTreeModel::failPage(CatalogNode *node, const api::ApiError &error)
{
    node->setError(error);
    node->setLoadState(LoadState::Failed); // the "Loading…" row becomes the error row
    emit dataChanged(syntheticIndex(node), syntheticIndex(node));
    const QModelIndex parent = indexFor(node);
    if (parent.isValid()) {
        emit dataChanged(parent, parent, {LoadStateRole, ErrorRole, ErrorDetailsRole});
    }
    m_refreshPlan.removeSubtree(node->id().names());
    advanceLocates(); // walks waiting for this namespace report the failure
    emit loadFailed(parent, error.userMessage());
    checkRefreshFinished();
}

void CatalogTreeModel::dropPage(CatalogNode *node)
{
    // Someone pressed Cancel: stop quietly, including what was waiting for this namespace.
    node->setLoadAllRequested(false);
    m_refreshPlan.removeSubtree(node->id().names());
    reportLocates(m_locates.cancelWaitingOn(
        m_root.get(), node, [this](const CatalogNode *each) { return describe(each); }));
    finishLoading(node);
    checkRefreshFinished();
}

void CatalogTreeModel::startDeclaredCheck(CatalogNode *node)
{
    if (node->tableCount() == 0) {
        node->setDeclaredOnly({});
        emit declaredOnlyChecked(indexFor(node));
        return;
    }
    const NodeRef ref = refFor(node);
    const api::RequestHandle handle = DeclaredOnlyCheck::start(
        *m_service, node->id(), m_pageSize, this, [this, ref](api::Result<QStringList> withData) {
            CatalogNode *checked = resolve(ref);
            if (!checked || !withData) {
                return; // the marks stay unknown: a background check is not worth an error row
            }
            checked->setDeclaredOnly(DeclaredOnlyCheck::marks(checked->tables(), *withData));
            const QModelIndex parent = indexFor(checked);
            if (checked->tableCount() > 0) {
                emit dataChanged(index(checked->namespaceCount(), 0, parent),
                                 index(checked->loadedCount() - 1, 0, parent),
                                 {DeclaredOnlyRole, Qt::ToolTipRole});
            }
            emit declaredOnlyChecked(parent);
        });
    node->setDeclaredCheck(handle);
    track(tr("Checking which tables in %1 hold data").arg(describe(node)), handle);
}

void CatalogTreeModel::continueRefresh(CatalogNode *node)
{
    m_refreshPlan.continueAt(node, [this](CatalogNode *next) { startPage(next); });
}

void CatalogTreeModel::checkRefreshFinished()
{
    if (m_refreshing && m_refreshPlan.isEmpty()) {
        m_refreshing = false;
        emit refreshFinished();
    }
}

void CatalogTreeModel::advanceLocates()
{
    reportLocates(m_locates.advance(
        m_root.get(), m_delimiter, [this](const CatalogNode *node) { return describe(node); },
        [this](CatalogNode *node) { startPage(node); }));
}

void CatalogTreeModel::reportLocates(const QList<CatalogLocates::Ended> &ended)
{
    for (const CatalogLocates::Ended &walk : ended) {
        if (walk.row >= 0) {
            emit identifierFound(walk.id, createIndex(walk.row, 0, walk.node));
        } else {
            emit identifierNotFound(walk.id, walk.reason);
        }
    }
}

QString CatalogTreeModel::describe(const CatalogNode *node) const
{
    return node->isRoot() ? tr("the root namespace") : node->id().toString(m_delimiter);
}

void CatalogTreeModel::track(const QString &description, const api::RequestHandle &handle)
{
    if (m_tracker) {
        m_tracker->track(description, handle);
    }
}

} // namespace lance::catalog
