// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/Identifier.h"

#include <QModelIndex>
#include <QObject>

#include <memory>
#include <optional>

class QSettings;

namespace lance::activity {
class ActivityTracker;
}
namespace lance::api {
class CatalogService;
}
namespace lance::connection {
class CatalogConnection;
}
namespace lance::details {
class VendedAccess;
}
namespace lance::ui {
class CatalogWorkspace;
class WindowHost;
} // namespace lance::ui

namespace lance::ui {

class CatalogProbe;

/// One open catalog in the window: its connection, the probe that asks whether it is empty,
/// and, once it is not, the CatalogWorkspace (tree, details, versions) on it.
///
/// An empty catalog shows no workspace: the window's empty state offers the next steps, and
/// check() asks again after one of them (a namespace created). When the first page of the
/// tree is in, the session selects something so that the details pane shows real content at
/// once: the identifier it was asked to restore if it still exists, else the first table it
/// finds (expanding at most a few namespaces on the way). treeReady() and detailsReady() tell
/// `--screenshot` when the window shows all that.
///
/// Destroying the session destroys the workspace before the connection, so no model outlives
/// the service it talks to.
class CatalogSession : public QObject
{
    Q_OBJECT

public:
    /// `settings`: where the connection's path mapping is kept (drop::PathMappingStore); none:
    /// no mapping.
    CatalogSession(std::unique_ptr<connection::CatalogConnection> connection, WindowHost &window,
                   activity::ActivityTracker &tracker, int pageSize, QSettings *settings = nullptr,
                   QObject *parent = nullptr);
    ~CatalogSession() override;

    connection::CatalogConnection &connection() const { return *m_connection; }
    api::CatalogService &catalog() const;
    /// Where this machine reads each table's manifests: its files here, through the path
    /// mapping, or on its store with what the server vends. The Versions view's model, the
    /// Schema tab and Compare read through it.
    details::VendedAccess &manifests() const { return *m_manifests; }
    /// Null while the catalog is empty or has not answered yet.
    CatalogWorkspace *workspace() const { return m_workspace.get(); }

    /// What to select when the tree shows (the identifier selected when the app last closed).
    void setRestoreIdentifier(const std::optional<api::Identifier> &id) { m_restore = id; }

    /// Asks the catalog (again) whether it is empty; checked() or failed() follows.
    void check();
    void cancel();

signals:
    void checked(bool empty);
    void failed(const lance::api::ApiError &error);
    /// The first page of the tree (or its failure) is shown.
    void treeReady();
    /// The selected object's details are shown, or there was nothing to select.
    void detailsReady();
    /// The selection in the tree changed (nothing selected: no value).
    void currentChanged(const std::optional<lance::api::Identifier> &id);

private:
    void onChecked(bool empty);
    void createWorkspace();
    void onFirstPage();
    void selectInitial();
    /// Selects the first loaded table, or loads one more namespace on the way to one.
    void findFirstTable();
    void onChildrenLoaded(const QModelIndex &parent);
    void settleDetails();

    std::unique_ptr<connection::CatalogConnection> m_connection;
    std::unique_ptr<details::VendedAccess> m_manifests; //!< asks m_connection: goes first
    WindowHost &m_window;
    activity::ActivityTracker &m_tracker;
    int m_pageSize;
    CatalogProbe *m_probe = nullptr;
    std::unique_ptr<CatalogWorkspace> m_workspace;
    std::optional<api::Identifier> m_restore;
    int m_searchSteps = 0;        //!< namespaces expanded while looking for a first table
    bool m_searching = false;     //!< findFirstTable() waits for a namespace's rows
    bool m_detailsPending = true; //!< detailsReady() not emitted yet
};

} // namespace lance::ui
