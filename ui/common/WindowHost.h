// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace lance::ui {

class CatalogPane;
class MessageBanner;
class WindowActions;

/// What a feature (its controller, the catalog's workspace) may ask of the window it lives in,
/// and nothing more: the banner, a passing status message, the title's modified mark, the
/// actions it serves, a pane to fill, a parent for its dialogs. MainWindow is one; tests use
/// HeadlessWindow (tests/support), so each controller is tested without the whole application.
class WindowHost
{
public:
    /// The places a feature can fill: the tree's pane, the two tabs beside it, the three docks.
    enum class Pane { Catalog, Details, Versions, RequestLog, PendingChanges, History };
    /// How long a passing status message stays ("Created the namespace sales").
    static constexpr int StatusMessageMs = 8000;

    virtual ~WindowHost() = default;

    /// Inline messages with Retry and Details.
    virtual MessageBanner &banner() = 0;
    /// A status message; 0 ms keeps it until clearStatus() or the next one.
    virtual void showStatus(const QString &text, int timeoutMs = 0) = 0;
    virtual void clearStatus() = 0;
    /// Adds `widget` to the right of the status bar, which takes ownership; deleting it
    /// removes it.
    virtual void addStatusWidget(QWidget *widget) = 0;
    /// The title's mark of unsaved (staged) work.
    virtual void setModified(bool modified) = 0;
    /// Asked before the window closes; false keeps it open. An empty function removes it.
    virtual void setCloseGuard(std::function<bool()> guard) = 0;
    /// The window's menu and toolbar actions.
    virtual WindowActions &actions() = 0;
    /// Puts `widget` in `pane` in place of what was there; the window takes ownership.
    virtual void setPane(Pane pane, QWidget *widget) = 0;
    /// The catalog's pane: the filter box and the place of the tree.
    virtual CatalogPane &catalogPane() = 0;
    /// The parent of the feature's dialogs. Its destruction ends the host too: a feature that
    /// may outlive the window (a workspace at shutdown) watches it with a QPointer.
    virtual QWidget *dialogParent() = 0;
};

} // namespace lance::ui
