// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/common/WindowHost.h"

#include <QHash>
#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <memory>

class QStatusBar;

namespace lance::ui {
class CatalogPane;
class MessageBanner;
class WindowActions;
} // namespace lance::ui

namespace lance::test {

/// The WindowHost a feature controller is tested with, instead of the main window: a real
/// MessageBanner, CatalogPane and WindowActions in a plain widget (offscreen), each pane a
/// child of it, and what the feature asked of the window recorded for the test to read.
class HeadlessWindow : public ui::WindowHost
{
public:
    HeadlessWindow();
    ~HeadlessWindow() override;

    ui::MessageBanner &banner() override { return *m_banner; }
    void showStatus(const QString &text, int timeoutMs = 0) override;
    void clearStatus() override { m_status.clear(); }
    void addStatusWidget(QWidget *widget) override;
    void setModified(bool modified) override { m_modified = modified; }
    void setCloseGuard(std::function<bool()> guard) override { m_closeGuard = std::move(guard); }
    ui::WindowActions &actions() override { return *m_actions; }
    void setPane(Pane pane, QWidget *widget) override;
    ui::CatalogPane &catalogPane() override { return *m_catalogPane; }
    QWidget *dialogParent() override { return m_root.get(); }

    /// The status message shown now; empty once cleared.
    const QString &status() const { return m_status; }
    /// Every status message shown, oldest first.
    const QStringList &statusHistory() const { return m_statusHistory; }
    bool isModified() const { return m_modified; }
    /// What the close guard answers; true when there is none.
    bool mayClose() const { return !m_closeGuard || m_closeGuard(); }
    bool hasCloseGuard() const { return bool(m_closeGuard); }
    /// The widget put in `pane`, or null.
    QWidget *pane(Pane pane) const { return m_panes.value(int(pane)); }
    /// The banner's text while it shows, else empty.
    QString bannerText() const;

private:
    std::unique_ptr<QWidget> m_root;
    ui::MessageBanner *m_banner = nullptr;
    ui::CatalogPane *m_catalogPane = nullptr;
    ui::WindowActions *m_actions = nullptr;
    QStatusBar *m_statusBar = nullptr;
    QHash<int, QPointer<QWidget>> m_panes;
    QString m_status;
    QStringList m_statusHistory;
    bool m_modified = false;
    std::function<bool()> m_closeGuard;
};

} // namespace lance::test
