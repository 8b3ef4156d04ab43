// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/common/WindowHost.h"
#include "ui/window/EmptyStatePanel.h"

#include <QMainWindow>

#include <functional>

class QDockWidget;
class QMenuBar;
class QSettings;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QToolBar;

namespace lance::ui {

class ActivityIndicator;
class CatalogPane;
class EnvironmentBand;
class MessageBanner;
class WindowActions;

/// The browser's main window. It only composes; each part is its own class and whoever
/// implements a feature fills a pane and connects to the window's actions:
///
///   menu bar, toolbar, EnvironmentBand              (the connection, across the window)
///   MessageBanner                                   (inline errors with Retry and Details)
///   CatalogPane | detailsTabs (Details, Versions)   or the EmptyStatePanel in their place
///   Request Log and History docks (bottom, tabbed; History closed until asked for),
///   Pending Changes dock (right)
///   status bar with the ActivityIndicator
///
/// Window geometry, dock and toolbar state, the splitter and the current tab are saved to the
/// QSettings given (group "MainWindow") when the window closes, and restored on construction.
/// Docks and toolbars added later need a unique objectName to be saved with them.
/// The title is "<catalog>[*]": setModified(true) marks unsaved (staged) work.
///
/// Features reach the window through WindowHost only; what else is public here is for the
/// composition root (BrowserApplication) and the window's own tests.
class MainWindow : public QMainWindow, public WindowHost
{
    Q_OBJECT

public:
    explicit MainWindow(QSettings &settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    EnvironmentBand *environmentBand() const { return m_band; }
    MessageBanner *messageBanner() const { return m_banner; }
    EmptyStatePanel *emptyStatePanel() const { return m_emptyState; }
    ActivityIndicator *activityIndicator() const { return m_activity; }
    QTabWidget *detailsTabs() const { return m_detailsTabs; }
    QMenuBar *windowMenuBar() const { return m_menuBar; } //!< the same as menuBar()
    QToolBar *toolBar() const { return m_toolBar; }
    /// The dock of Pane::RequestLog, Pane::PendingChanges or Pane::History; null for the
    /// other panes.
    QDockWidget *dock(Pane pane) const;

    // WindowHost
    MessageBanner &banner() override { return *m_banner; }
    void showStatus(const QString &text, int timeoutMs = 0) override;
    void clearStatus() override;
    void addStatusWidget(QWidget *widget) override;
    void setModified(bool modified) override { setWindowModified(modified); }
    void setCloseGuard(std::function<bool()> guard) override { m_closeGuard = std::move(guard); }
    WindowActions &actions() override { return *m_actions; }
    /// Puts `widget` in `pane` in place of its placeholder; the window takes ownership.
    void setPane(Pane pane, QWidget *widget) override;
    CatalogPane &catalogPane() override { return *m_catalogPane; }
    QWidget *dialogParent() override { return this; }
    /// Shows the empty-state panel instead of the tree and details.
    void showEmptyState(EmptyStatePanel::Situation situation, const QString &catalogName = {});
    void showCatalog();
    bool isShowingEmptyState() const;

    /// The window title: `title` plus the modified mark.
    void setCatalogTitle(const QString &title);
    void setReadOnly(bool readOnly);

    /// The saved geometry, docks and splitter; at a first start, firstLayout() for the screen
    /// the window is on.
    void restoreLayout();
    void saveLayout();
    /// The size and docks of a first start on a screen with `available` room: never past it,
    /// the docks and the tree each a share a narrow window can spare. Public for the tests of
    /// small screens, which cannot change the screen they run on.
    void firstLayout(const QSize &available);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createTopArea();
    QWidget *createCentralArea();
    QDockWidget *createDock(const QString &objectName, const QString &title,
                            const QString &placeholder, Qt::DockWidgetArea area);
    void createStatusBar();
    void connectActions();
    void onAboutTriggered();
    void onShortcutsTriggered();

    QSettings &m_settings;
    WindowActions *m_actions = nullptr;
    QMenuBar *m_menuBar = nullptr;
    QToolBar *m_toolBar = nullptr;
    EnvironmentBand *m_band = nullptr;
    MessageBanner *m_banner = nullptr;
    QStackedWidget *m_centralStack = nullptr;
    QSplitter *m_splitter = nullptr;
    CatalogPane *m_catalogPane = nullptr;
    QTabWidget *m_detailsTabs = nullptr;
    EmptyStatePanel *m_emptyState = nullptr;
    QDockWidget *m_requestLogDock = nullptr;
    QDockWidget *m_pendingChangesDock = nullptr;
    QDockWidget *m_historyDock = nullptr;

    ActivityIndicator *m_activity = nullptr;
    std::function<bool()> m_closeGuard;
};

} // namespace lance::ui
