// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "activity/ActivityTracker.h"
#include "api/CatalogService.h"

#include <QAbstractItemModelTester>
#include <QSettings>
#include <QSignalSpy>
#include <QSize>
#include <QStyleOptionViewItem>
#include <QTemporaryDir>

#include <memory>
#include <vector>

class QTreeView;

namespace lance::ui {
class CatalogWorkspace;
class MainWindow;
} // namespace lance::ui

namespace lance::test {

/// The browser window with one catalog open, as a person sees it: a real MainWindow (its
/// settings in a temporary INI file) shown offscreen, with a CatalogWorkspace over `service`,
/// every request going through tracker(), and QAbstractItemModelTester (fetch-more off, so it
/// pages nothing) on the models the views show. Rows are found by name through the tree view's
/// model and driven through the view: clicks, keys, scrolling.
class WorkspaceHarness
{
public:
    static constexpr int TimeoutMs = 20000;

    explicit WorkspaceHarness(api::CatalogService &service, int pageSize = 5,
                              QSize windowSize = QSize(1100, 760));
    ~WorkspaceHarness();
    WorkspaceHarness(const WorkspaceHarness &) = delete;
    WorkspaceHarness &operator=(const WorkspaceHarness &) = delete;

    ui::MainWindow &window() const { return *m_window; }
    ui::CatalogWorkspace &workspace() const { return *m_workspace; }
    activity::ActivityTracker &tracker() { return m_tracker; }
    QTreeView &tree() const;
    /// Waits for CatalogWorkspace::firstPageLoaded, counted from construction.
    [[nodiscard]] bool waitForFirstPage();
    int firstPageCount() const { return int(m_firstPage->size()); }
    QAbstractItemModel &shown() const; //!< the tree view's model

    /// The shown row of `path` (names below the root); invalid when not shown.
    QModelIndex row(const QStringList &path) const;
    /// The names of the namespace and table rows under `parent`, in row order.
    QStringList names(const QModelIndex &parent = {}) const;
    bool isLoading(const QModelIndex &parent) const;
    /// The "Loading…" or error row under `parent`, if there is one.
    QModelIndex syntheticRow(const QModelIndex &parent) const;
    [[nodiscard]] bool waitUntilLoaded(const QModelIndex &parent) const;

    /// Expands `path` in the view and waits for its page.
    [[nodiscard]] bool expand(const QStringList &path);
    /// Scrolls the row into view and clicks it.
    [[nodiscard]] bool click(const QModelIndex &index);
    /// Clicks `path` and waits for its details to settle.
    [[nodiscard]] bool select(const QStringList &path);

    /// How the tree paints `index` (CatalogItemDelegate's style option): checked without pixels.
    static QStyleOptionViewItem styleOf(const QModelIndex &index);

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QSettings> m_settings;
    activity::ActivityTracker m_tracker; //!< outlives the workspace and its models
    std::unique_ptr<ui::MainWindow> m_window;
    std::unique_ptr<ui::CatalogWorkspace> m_workspace;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
    std::unique_ptr<QSignalSpy> m_firstPage;
};

} // namespace lance::test
