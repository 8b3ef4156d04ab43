// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/Identifier.h"
#include "api/RequestHandle.h"
#include "catalog/CompactNameList.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

namespace lance::catalog {

/// A namespace in CatalogTreeModel, the root included: what has been listed of its children
/// and how far the listing got.
///
/// Children are the child namespaces (nodes owned here) followed by the tables. Tables are not
/// nodes: they are names in a CompactNameList, because a namespace may hold 100,000 of them.
/// While a page is on its way, or after a listing failed, one synthetic row follows the tables
/// ("Loading…" or the error), so row numbers are: namespaces, then tables, then that row.
///
/// Listing order: every page of ListNamespaces, then every page of ListTables. The node only
/// holds state; CatalogTreeModel sends the requests and announces row changes.
class CatalogNode
{
    Q_GADGET

public:
    /// What a row of the tree is.
    enum class Kind {
        Namespace,
        Table,
        Loading, //!< synthetic: a page is on its way
        Error,   //!< synthetic: the last listing failed; Retry restarts it
    };
    Q_ENUM(Kind)

    /// How far a namespace's children are.
    enum class LoadState {
        NotLoaded, //!< nothing asked yet
        Loading,   //!< a page is on its way (the "Loading…" row is shown)
        Loaded,    //!< idle; more pages may remain (CatalogTreeModel::HasMoreRole)
        Failed,    //!< the last page failed (the error row is shown)
    };
    Q_ENUM(LoadState)

    /// Which listing the next page continues.
    enum class Listing { Namespaces, Tables, Done };

    CatalogNode() = default; //!< the root namespace
    CatalogNode(QString name, CatalogNode *parent, int row);
    ~CatalogNode();

    CatalogNode(const CatalogNode &) = delete;
    CatalogNode &operator=(const CatalogNode &) = delete;

    const QString &name() const { return m_name; }
    CatalogNode *parent() const { return m_parent; }
    bool isRoot() const { return m_parent == nullptr; }
    int row() const { return m_row; } //!< the row in the parent
    api::Identifier id() const;

    int namespaceCount() const { return int(m_namespaces.size()); }
    int tableCount() const { return int(m_tables.size()); }
    int loadedCount() const { return namespaceCount() + tableCount(); }
    bool hasSyntheticRow() const;
    int childCount() const { return loadedCount() + (hasSyntheticRow() ? 1 : 0); }
    Kind kindOfRow(int row) const;

    CatalogNode *namespaceAt(int index) const { return m_namespaces[size_t(index)].get(); }
    int indexOfNamespace(const QString &name) const;
    const CompactNameList &tables() const { return m_tables; }
    void appendNamespaces(const QStringList &names);
    void appendTables(const QStringList &names);

    LoadState loadState() const { return m_loadState; }
    void setLoadState(LoadState state) { m_loadState = state; }
    Listing listing() const { return m_listing; }
    const std::optional<QString> &pageToken() const { return m_pageToken; }
    /// Records where the listing stands after a page: an empty or missing token ends it.
    void advance(const std::optional<QString> &nextToken);
    bool hasMore() const { return m_listing != Listing::Done; }

    const std::optional<api::ApiError> &error() const { return m_error; }
    void setError(std::optional<api::ApiError> error) { m_error = std::move(error); }

    /// A page request was sent and its answer has not arrived. Tracked apart from the handle,
    /// whose work may be gone before its answer is delivered.
    bool pageInFlight() const { return m_awaitingPage; }
    void setPageRequest(const api::RequestHandle &handle);
    void pageAnswered();

    /// "Load all": keep asking for pages until the listing is complete.
    bool loadAllRequested() const { return m_loadAll; }
    void setLoadAllRequested(bool loadAll) { m_loadAll = loadAll; }
    /// The row count the "Loading…" row reports; updated after rows are in, never during.
    int reportedCount() const { return m_reportedCount; }
    void setReportedCount(int count) { m_reportedCount = count; }

    /// Declared-only marks: unknown until the data-only listing completed.
    bool declaredOnlyKnown() const { return m_declaredKnown; }
    std::optional<bool> isDeclaredOnly(int table) const;
    void setDeclaredOnly(std::vector<bool> declaredOnly);
    void setDeclaredCheck(const api::RequestHandle &handle) { m_declaredCheck = handle; }

private:
    QString m_name;
    CatalogNode *m_parent = nullptr;
    int m_row = 0;
    std::vector<std::unique_ptr<CatalogNode>> m_namespaces;
    CompactNameList m_tables;
    std::vector<bool> m_declaredOnly; //!< one bit a table, once known
    std::optional<QString> m_pageToken;
    std::optional<api::ApiError> m_error;
    api::RequestHandle m_pageRequest;
    api::RequestHandle m_declaredCheck;
    LoadState m_loadState = LoadState::NotLoaded;
    Listing m_listing = Listing::Namespaces;
    int m_reportedCount = 0;
    bool m_awaitingPage = false;
    bool m_loadAll = false;
    bool m_declaredKnown = false;
};

} // namespace lance::catalog
