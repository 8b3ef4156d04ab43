// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CleanupController.h"

#include "details/TableHealthLoader.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/CleanupDialog.h"
#include "ui/catalog/HealthFollower.h"
#include "ui/catalog/VersionsTarget.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>

namespace lance::ui {

using Id = WindowActions::Id;

CleanupController::CleanupController(WindowHost &window, CatalogSession &session, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
{
    connect(window.actions().action(Id::CleanUpVersions), &QAction::triggered, this,
            &CleanupController::cleanUp);
    connect(&session, &CatalogSession::treeReady, this, &CleanupController::updateActions);
    connect(&session, &CatalogSession::currentChanged, this, &CleanupController::updateActions);
    updateActions();
}

void CleanupController::updateActions()
{
    const CatalogWorkspace *workspace = m_session.workspace();
    m_window.actions()
        .action(Id::CleanUpVersions)
        ->setEnabled(workspace && workspace->currentTable() && !m_dialog);
}

void CleanupController::cleanUp()
{
    CatalogWorkspace *workspace = m_session.workspace();
    const api::Result<VersionsTarget> shown = VersionsTarget::shown(m_session);
    if (!workspace || !shown) {
        m_window.showStatus(tr("Select the table to clean up in the tree."),
                            WindowHost::StatusMessageMs);
        return;
    }
    const std::optional<api::Identifier> table = shown->table;
    if (m_dialog) {
        m_dialog->raise();
        return;
    }
    const QString name = table->toString(workspace->delimiter());
    m_dialog = new CleanupDialog(m_session.catalog(), *table, name, workspace->loadedLocation(),
                                 m_window.dialogParent());
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &CleanupDialog::cleanedUp, this, [this, name](const QString &outcome) {
        m_window.showStatus(tr("%1: %2").arg(name, outcome), WindowHost::StatusMessageMs);
        // What the table holds now: its versions, details and health.
        if (CatalogWorkspace *open = m_session.workspace()) {
            open->readTableAgain();
            open->healthFollower()->loader()->reload();
        }
    });
    // Closed: it deletes itself (WA_DeleteOnClose), and another may open.
    connect(m_dialog, &QDialog::finished, this, [this] {
        m_dialog.clear();
        updateActions();
    });
    m_dialog->open();
    updateActions();
}

} // namespace lance::ui
