// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "details/ObjectDetails.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

class QAction;
class QTreeView;

namespace lance::activity {
class ActivityTracker;
}

namespace lance::catalog {
class CatalogFilterModel;
class CatalogTreeModel;
class TableVersionModel;
} // namespace lance::catalog

namespace lance::details {
class DetailsLoader;
}

namespace lance::ui {

class BranchSelector;
class CatalogTreeController;
class CatalogTreeView;
class CatalogViewModel;
class DetailsPanel;
class HealthFollower;
class WindowHost;
class MessageBoxPrompter;
class Prompter;
class VersionsPanel;

/// One open catalog in the browser window: the lazy tree with its filter (Pane::Catalog), the
/// selected object's details (Pane::Details) and a table's versions (Pane::Versions), and the
/// window's catalog commands: Copy, Copy Full Identifier, Copy Location, Filter, Go to
/// Identifier, Refresh and Load All, kept enabled to match the selection.
///
/// On construction it fills the panes (the window owns the widgets), clears the filter box and
/// asks for the root's first page. Selecting a namespace loads its description; a table, its
/// description and its versions. Refresh reloads what was loaded and puts the expansion and
/// the selection back by identifier. Nothing blocks; every request is handed to `tracker`.
///
/// Destroying it disconnects everything; the panes stay until the next workspace replaces
/// them. It disables the commands it enabled, unless a newer workspace already took the panes.
/// `service` and `tracker` must outlive it.
class CatalogWorkspace : public QObject
{
    Q_OBJECT

public:
    CatalogWorkspace(WindowHost &window, api::CatalogService &service, QString delimiter,
                     activity::ActivityTracker *tracker, int pageSize = 1000,
                     QObject *parent = nullptr);
    ~CatalogWorkspace() override;

    /// Loads the namespaces on the way to `id`, then selects it and scrolls to it (clearing a
    /// filter that hides it). A failure shows in the window's message banner.
    void select(const api::Identifier &id);
    /// The namespace or table whose details are shown, if any.
    std::optional<api::Identifier> currentIdentifier() const;
    /// The current item when it is a table.
    std::optional<api::Identifier> currentTable() const;
    /// The current namespace, or the current table's; the root when nothing is current.
    api::Identifier currentNamespace() const;
    /// The tables selected in the tree (Shift and Ctrl select several), in the tree's order.
    QList<api::Identifier> selectedTables() const;

    catalog::CatalogTreeModel *treeModel() const { return m_tree; }
    /// The view's model: the filter, which also holds namespaces whose page was cancelled.
    catalog::CatalogFilterModel *filterModel() const;
    catalog::TableVersionModel *versionModel() const { return m_versions; }
    QTreeView *treeView() const;
    DetailsPanel *detailsPanel() const;
    /// The delimiter identifiers are written with here.
    const QString &delimiter() const { return m_delimiter; }
    /// What fills the details' Health tab.
    HealthFollower *healthFollower() const { return m_health; }
    VersionsPanel *versionsPanel() const;
    /// The branch list above the Versions view.
    BranchSelector *branchSelector() const;
    /// Retry of the context menu (the window has no such action).
    QAction *retryAction() const { return m_retryAction; }
    /// The details loaded for the current object, if they are in.
    const std::optional<details::ObjectDetails> &loadedDetails() const { return m_loaded; }

    /// Asks `prompter` (Go to Identifier) from now on; null goes back to dialogs. Not owned.
    void setPrompter(Prompter *prompter);

    // The window's commands, also callable directly.
    void copy();
    void copyIdentifier();
    void copyLocation();
    void goToIdentifier();
    void refresh();
    /// Reads the current table's details and versions again, the tree left as it is: after a
    /// change to that table alone (a cleanup of its old versions).
    void readTableAgain();
    /// Refresh after a commit that removed `gone` (deregistered tables): when one of them is
    /// selected, the selection moves to its namespace first, so nothing is asked about a table
    /// that is no longer there (no failure in the request log the steward did not cause).
    void refreshAfterRemoving(const QList<api::Identifier> &gone);
    void loadAll();
    void retry();
    /// Where the current table's files are (its location, else its URI), from the details
    /// already read; nothing before they are, or for a namespace.
    std::optional<QString> loadedLocation() const;

signals:
    /// The root's first page (or its failure) is shown.
    void firstPageLoaded();
    /// The current object's details loaded or failed.
    void detailsSettled();
    void currentChanged(const std::optional<lance::api::Identifier> &id);

private:
    void createWidgets(WindowHost &window);
    void connectWindow(WindowHost &window);
    void connectModels();
    void setCurrent(const std::optional<api::Identifier> &id, bool table);
    void updateActions();
    void disableActions();
    Prompter &prompter();

    WindowHost *m_window; //!< valid while m_windowAlive is set
    QPointer<QWidget> m_windowAlive;
    QString m_delimiter;
    catalog::CatalogTreeModel *m_tree = nullptr;
    CatalogViewModel *m_filter = nullptr;
    catalog::TableVersionModel *m_versions = nullptr;
    details::DetailsLoader *m_details = nullptr;
    CatalogTreeController *m_controller = nullptr;
    QPointer<CatalogTreeView> m_view;
    QPointer<DetailsPanel> m_detailsPanel;
    HealthFollower *m_health = nullptr;
    QPointer<VersionsPanel> m_versionsPanel;
    QPointer<BranchSelector> m_branchSelector;
    QAction *m_retryAction = nullptr;
    std::unique_ptr<MessageBoxPrompter> m_dialogs;
    Prompter *m_prompter = nullptr;
    std::optional<details::ObjectDetails> m_loaded;
};

} // namespace lance::ui
