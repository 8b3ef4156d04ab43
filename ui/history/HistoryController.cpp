// SPDX-License-Identifier: Apache-2.0
#include "ui/history/HistoryController.h"

#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "history/TransactionHistoryModel.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/common/WindowHost.h"
#include "ui/history/HistoryPanel.h"

#include <QDockWidget>
#include <QTableView>

namespace lance::ui {

using history::TransactionHistoryModel;

HistoryController::HistoryController(WindowHost &window, CatalogSession &session, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_model(new TransactionHistoryModel(this))
{
    const QString delimiter = session.connection().delimiter();
    m_panel = new HistoryPanel(m_model, delimiter);
    window.setPane(WindowHost::Pane::History, m_panel);
    connect(m_panel, &HistoryPanel::refreshRequested, this, &HistoryController::reload);
    connect(m_panel, &HistoryPanel::tableOnlyToggled, this, &HistoryController::followSelection);
    connect(&session, &CatalogSession::currentChanged, this, &HistoryController::followSelection);
    connect(m_model, &TransactionHistoryModel::stateChanged, this,
            &HistoryController::selectPending);
    // Read when the dock is first shown (it starts closed), not with every catalog that opens,
    // and again after a commit only if it is open then or once it opens.
    m_dock = qobject_cast<QDockWidget *>(m_panel->parentWidget());
    if (m_dock) {
        connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
            if (visible && m_stale) {
                reload();
            }
        });
    }
    reload();
}

bool HistoryController::isShown() const
{
    return !m_dock || m_dock->isVisible(); // a window without the dock shows the panel itself
}

HistoryPanel *HistoryController::panel() const
{
    return m_panel;
}

void HistoryController::reload()
{
    if (!isShown()) {
        m_stale = true;
        return;
    }
    m_stale = false;
    if (!m_serviceSet) {
        m_serviceSet = true;
        m_model->setService(m_session.connection().service(), m_session.connection().delimiter());
    } else {
        m_model->reload();
    }
}

void HistoryController::showTransaction(const QString &id)
{
    m_pendingSelection = id;
    // The whole catalog's history: the transaction may touch another table than the selected.
    if (m_panel && m_panel->tableOnly()) {
        m_model->setTable(std::nullopt);
    }
    m_stale = true;
    if (m_dock) {
        m_dock->show();
        m_dock->raise(); // reads the history through visibilityChanged when it was hidden
    }
    if (m_stale) {
        reload();
    }
}

void HistoryController::followSelection()
{
    if (!m_panel || !m_panel->tableOnly()) {
        m_model->setTable(std::nullopt);
        return;
    }
    // The table the Versions view shows is the one selected in the tree.
    const CatalogWorkspace *workspace = m_session.workspace();
    m_model->setTable(workspace ? workspace->versionModel()->table() : std::nullopt);
}

void HistoryController::selectPending()
{
    if (m_pendingSelection.isEmpty() || m_model->state() != TransactionHistoryModel::State::Loaded
        || !m_panel) {
        return;
    }
    if (m_panel->select(m_pendingSelection)) {
        m_panel->tableView()->setFocus();
    }
    m_pendingSelection.clear();
}

} // namespace lance::ui
