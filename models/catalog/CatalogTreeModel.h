// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "catalog/CatalogLocates.h"
#include "catalog/CatalogNode.h"
#include "catalog/CatalogRefreshPlan.h"

#include <QAbstractItemModel>
#include <QPersistentModelIndex>
#include <QPointer>

#include <memory>

namespace lance::activity {
class ActivityTracker;
}

namespace lance::catalog {

/// The catalog as a lazy tree, a faithful mirror of the server: the invisible root is the root
/// namespace; a namespace's children are its child namespaces, then its tables, each listed
/// page by page (`limit` = pageSize()) when a view calls fetchMore(). One column: the name.
///
/// While a page is on its way a synthetic "Loading…" row sits last under the namespace; when a
/// listing fails an error row replaces it (retry() starts the listing again from where it
/// failed). A cancelled page (ActivityTracker's Cancel) leaves no row and can be fetched again.
///
/// Once a namespace's tables are all listed, a second listing with `include_declared=false`
/// runs in the background and DeclaredOnlyRole marks the tables it did not return (declared,
/// no data yet); declaredOnlyChecked() tells when. Servers that ignore the flag mark nothing.
///
/// Everything runs on the GUI thread and never blocks. Answers are matched to their namespace by
/// QPersistentModelIndex and a generation that refresh() bumps, so answers for namespaces that
/// vanished are dropped. Every request is handed to the ActivityTracker, when there is one.
/// `service` (and `tracker`) must outlive the model.
class CatalogTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Role : int {
        IdRole
        = Qt::UserRole + 1, //!< QStringList: names below the root (invalid on synthetic rows)
        KindRole,           //!< int: CatalogNode::Kind
        LoadStateRole,      //!< int: CatalogNode::LoadState of a namespace's children
        ErrorRole,          //!< QString: ApiError::userMessage() on the error row and its namespace
        ErrorDetailsRole,   //!< QString: ApiError::details(), for "Details…"
        DeclaredOnlyRole,   //!< bool on tables once known; invalid while the check has not run
        FullIdRole,         //!< QString: the identifier joined with delimiter()
        HasMoreRole,        //!< bool: a namespace with pages not loaded yet (enables "Load all")
        LoadedCountRole,    //!< int: a namespace's loaded rows (namespaces and tables)
    };
    Q_ENUM(Role)

    static constexpr int DefaultPageSize = 1000;

    explicit CatalogTreeModel(api::CatalogService *service,
                              QString delimiter = api::Identifier::DefaultDelimiter,
                              activity::ActivityTracker *tracker = nullptr,
                              QObject *parent = nullptr);
    ~CatalogTreeModel() override;

    const QString &delimiter() const { return m_delimiter; }
    int pageSize() const { return m_pageSize; }
    /// Items per request from now on (at least 1).
    void setPageSize(int pageSize);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    /// Asks for the next page of `parent`; returns at once if one is on its way.
    void fetchMore(const QModelIndex &parent) override;

    /// Loads every remaining page of the namespace `index` (invalid: the root), one after the
    /// other; the "Loading…" row stays until the last one is in.
    void loadAll(const QModelIndex &index);
    /// Restarts the failed listing of the namespace `index`, or of the error row's namespace.
    void retry(const QModelIndex &index);
    /// Reloads everything that was loaded: the tree is reset, then every namespace that had
    /// loaded rows loads as many again (all of them if it had all). Views restore expansion
    /// and selection by identifier: childrenLoaded() tells when rows arrived, indexForId()
    /// finds them; refreshFinished() when the reloading is over.
    void refresh();
    bool isRefreshing() const { return m_refreshing; }
    /// Loads the namespaces on the way to `id` page by page, until it is found
    /// (identifierFound) or certainly absent or unreachable (identifierNotFound).
    void ensureLoaded(const api::Identifier &id);

    /// The row of a loaded namespace or table, or an invalid index; never loads anything.
    QModelIndex indexForId(const api::Identifier &id) const;
    /// True when every child of the namespace `id` (the root included) has been listed: no
    /// page is missing, so a name not among them does not exist as far as the tree knows.
    bool hasListedAllOf(const api::Identifier &id) const;
    /// The identifier of a namespace or table row (the root for an invalid index).
    api::Identifier identifierAt(const QModelIndex &index) const;
    static CatalogNode::Kind kindOf(const QModelIndex &index);
    /// The failure of the namespace `index` (or of the error row's namespace), if it failed.
    std::optional<api::ApiError> lastError(const QModelIndex &index) const;

    /// The namespace `index` (invalid: the root), read-only, or null for other rows. For
    /// CatalogFilterModel, which matches names without building strings.
    const CatalogNode *namespaceNode(const QModelIndex &index) const;

signals:
    /// Rows arrived under `parent` (invalid: the root); a page was added.
    void childrenLoaded(const QModelIndex &parent);
    /// A listing of `parent` failed; the error row is shown under it.
    void loadFailed(const QModelIndex &parent, const QString &message);
    /// The declared-only marks of `parent`'s tables are known.
    void declaredOnlyChecked(const QModelIndex &parent);
    void refreshFinished();
    void identifierFound(const api::Identifier &id, const QModelIndex &index);
    /// `reason` is translated: the name that does not exist, or the failure on the way.
    void identifierNotFound(const api::Identifier &id, const QString &reason);

private:
    /// A namespace that may vanish before its answer arrives.
    struct NodeRef
    {
        QPersistentModelIndex index;
        bool root = false;
        quint64 generation = 0;
    };

    CatalogNode *nodeFor(const QModelIndex &index) const;
    QModelIndex indexFor(const CatalogNode *node) const;
    QModelIndex syntheticIndex(const CatalogNode *node) const;
    NodeRef refFor(const CatalogNode *node) const;
    CatalogNode *resolve(const NodeRef &ref) const;
    QString describe(const CatalogNode *node) const;
    void track(const QString &description, const api::RequestHandle &handle);

    void startPage(CatalogNode *node);
    void sendPage(CatalogNode *node);
    template <typename Response> void onPage(const NodeRef &ref, api::Result<Response> result);
    void addRows(CatalogNode *node, const QStringList &names, const std::optional<QString> &next);
    void afterPage(CatalogNode *node, bool namespacesJustListed, bool rowsAdded);
    void finishLoading(CatalogNode *node);
    void failPage(CatalogNode *node, const api::ApiError &error);
    void dropPage(CatalogNode *node);
    void startDeclaredCheck(CatalogNode *node);
    void continueRefresh(CatalogNode *node);
    void checkRefreshFinished();
    void advanceLocates();
    void reportLocates(const QList<CatalogLocates::Ended> &ended);

    api::CatalogService *m_service;
    QString m_delimiter;
    QPointer<activity::ActivityTracker> m_tracker;
    std::unique_ptr<CatalogNode> m_root;
    quint64 m_generation = 0;
    int m_pageSize = DefaultPageSize;
    CatalogRefreshPlan m_refreshPlan;
    bool m_refreshing = false;
    /// Inside a structural change: views and QAbstractItemModelTester walk the model from its
    /// signals, and a fetchMore() from there would nest a second change in the first.
    bool m_updating = false;
    CatalogLocates m_locates; //!< ensureLoaded() calls still walking
};

} // namespace lance::catalog
