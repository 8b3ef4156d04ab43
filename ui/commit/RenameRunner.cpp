// SPDX-License-Identifier: Apache-2.0
#include "ui/commit/RenameRunner.h"

#include "api/CatalogService.h"
#include "connection/CatalogConnection.h"
#include "staging/PendingChanges.h"
#include "staging/StagedRenames.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/WindowHost.h"

using namespace Qt::StringLiterals;

namespace lance::ui {

RenameRunner::RenameRunner(WindowHost &window, CatalogSession &session,
                           staging::PendingChanges &changes, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_changes(changes)
{}

void RenameRunner::start(bool afterBatch)
{
    if (m_running || m_changes.renames().count() == 0) {
        return;
    }
    m_running = true;
    m_afterBatch = afterBatch;
    m_applied.clear();
    m_oldNames.clear();
    m_changes.setFrozen(true);
    next();
}

void RenameRunner::next()
{
    staging::StagedRenames &renames = m_changes.renames();
    if (renames.count() == 0) {
        end(true);
        return;
    }
    const staging::StagedRename staged = renames.stagedAt(0);
    const QString what = renames.describe(staged.request);
    m_window.showStatus(tr("Renaming %1…").arg(what));
    m_session.connection().service()->call(
        staged.request, this, [this, staged, what](api::Result<api::RenameTableResponse> result) {
            m_window.clearStatus();
            if (result) {
                m_changes.renames().clearApplied(staged.rowId);
                m_applied << what;
                m_oldNames << staged.request.id.names();
                next();
                return;
            }
            const int left = m_changes.renames().count();
            QString message
                = tr("The rename %1 failed: %2").arg(what, result.error().userMessage());
            if (!m_applied.isEmpty()) {
                message += u' ' + tr("Applied before it: %1.").arg(m_applied.join(u", "_s));
            }
            if (m_afterBatch) {
                message += u' ' + tr("The batch was committed before and stays committed.");
            }
            message += u' '
                       + tr("%n rename(s) stay staged; remove or retry them from Pending Changes.",
                            nullptr, left);
            m_window.banner().showMessage(MessageBanner::Severity::Error, message,
                                          result.error().details());
            end(false);
        });
}

void RenameRunner::end(bool allApplied)
{
    m_running = false;
    m_changes.setFrozen(false);
    if (allApplied && !m_applied.isEmpty()) {
        m_window.showStatus(tr("Renamed %1.").arg(m_applied.join(u", "_s)),
                            WindowHost::StatusMessageMs);
    }
    if (CatalogWorkspace *workspace = m_session.workspace(); workspace && !m_applied.isEmpty()) {
        QList<api::Identifier> gone;
        for (const QStringList &names : m_oldNames) {
            gone << api::Identifier(names);
        }
        workspace->refreshAfterRemoving(gone);
    }
    emit finished(allApplied);
}

} // namespace lance::ui
