// SPDX-License-Identifier: Apache-2.0
#include "HeadlessWindow.h"

#include "ui/common/MessageBanner.h"
#include "ui/window/CatalogPane.h"
#include "ui/window/WindowActions.h"

#include <QStatusBar>
#include <QVBoxLayout>

namespace lance::test {

HeadlessWindow::HeadlessWindow()
    : m_root(std::make_unique<QWidget>())
{
    auto *layout = new QVBoxLayout(m_root.get());
    m_banner = new ui::MessageBanner(m_root.get());
    m_catalogPane = new ui::CatalogPane(m_root.get());
    m_statusBar = new QStatusBar(m_root.get());
    layout->addWidget(m_banner);
    layout->addWidget(m_catalogPane);
    layout->addWidget(m_statusBar);
    m_actions = new ui::WindowActions(m_root.get());
}

HeadlessWindow::~HeadlessWindow() = default;

void HeadlessWindow::showStatus(const QString &text, int timeoutMs)
{
    m_status = text;
    m_statusHistory << text;
    m_statusBar->showMessage(text, timeoutMs);
}

void HeadlessWindow::addStatusWidget(QWidget *widget)
{
    m_statusBar->addPermanentWidget(widget);
}

void HeadlessWindow::setPane(Pane pane, QWidget *widget)
{
    if (pane == Pane::Catalog) {
        m_catalogPane->setView(widget);
    } else {
        // As the window does: the new widget replaces (and deletes) what the pane held.
        delete m_panes.value(int(pane));
        widget->setParent(m_root.get());
    }
    m_panes.insert(int(pane), widget);
}

QString HeadlessWindow::bannerText() const
{
    return m_banner->isHidden() ? QString() : m_banner->text();
}

} // namespace lance::test
