// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/VersionCompareController.h"

#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "details/VendedAccess.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/CompareVersionsDialog.h"
#include "ui/catalog/VersionModelWatcher.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>

namespace lance::ui {

using Id = WindowActions::Id;

VersionCompareController::VersionCompareController(WindowHost &window, CatalogSession &session,
                                                   QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
{
    connect(m_window.actions().action(Id::CompareVersions), &QAction::triggered, this,
            &VersionCompareController::compare);
    m_watcher = new VersionModelWatcher(
        session, [this] { updateAction(); }, this);
    // Versions a server lists without their facts show them all the same, read from the
    // manifests where this machine reaches them: here, or on the table's store.
    connect(m_watcher, &VersionModelWatcher::switched, this,
            [this](catalog::TableVersionModel *model) {
                if (model) {
                    model->setManifestReach(&m_session.manifests());
                }
            });
    m_watcher->watch();
}

CompareVersionsDialog *VersionCompareController::dialog() const
{
    return m_dialog;
}

void VersionCompareController::updateAction()
{
    m_window.actions()
        .action(Id::CompareVersions)
        ->setEnabled(m_watcher->model() && m_watcher->model()->table()
                     && m_watcher->model()->rowCount() > 0);
}

std::optional<VersionCompareController::Pair> VersionCompareController::chosenPair()
{
    CatalogWorkspace *workspace = m_session.workspace();
    const catalog::TableVersionModel *model = workspace ? workspace->versionModel() : nullptr;
    if (!model || model->rowCount() == 0) {
        return std::nullopt;
    }
    const VersionsPanel *panel = workspace->versionsPanel();
    // Rows, not version numbers: a staged version may share its number with a listed one.
    QList<int> chosen = panel->chosenModelRows();
    if (chosen.isEmpty()) {
        chosen << 0; // the newest
    }
    if (chosen.size() > 2) {
        m_window.showStatus(tr("Select one version, to compare it with the one before it, or two "
                               "versions to compare."),
                            WindowHost::StatusMessageMs);
        return std::nullopt;
    }
    Pair pair{std::nullopt, model->versionAt(chosen.last()), false, model->isStaged(chosen.last())};
    if (chosen.size() == 2) {
        pair.from = model->versionAt(chosen.first());
        pair.fromStaged = model->isStaged(chosen.first());
        return pair;
    }
    // The version before: the newest loaded one below it, staged or listed.
    for (int row = 0; row < model->rowCount(); ++row) {
        const api::TableVersion &version = model->versionAt(row);
        if (version.version < pair.to.version
            && (!pair.from || version.version > pair.from->version)) {
            pair.from = version;
            pair.fromStaged = model->isStaged(row);
        }
    }
    if (!pair.from && pair.to.version > 1 && model->canFetchMore({})) {
        m_window.showStatus(tr("The version before %1 is not listed yet: load all versions, or "
                               "select two versions to compare.")
                                .arg(pair.to.version),
                            WindowHost::StatusMessageMs);
        return std::nullopt;
    }
    return pair;
}

void VersionCompareController::compare()
{
    const std::optional<Pair> pair = chosenPair();
    if (!pair) {
        return;
    }
    if (m_dialog) {
        m_dialog->close();
    }
    auto *dialog = new CompareVersionsDialog(
        *m_watcher->model()->table(), m_session.connection().delimiter(), m_window.dialogParent());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    // Not modal: the steward can go on browsing, and compare again. The table's store may
    // have to be asked for first: the dialog says it is reading meanwhile.
    dialog->show();
    m_session.manifests().reach(
        *m_watcher->model()->table(), dialog,
        [dialog, pair = *pair](const details::ManifestAccess &access) {
            dialog->compare(access, pair.from, pair.to, {pair.fromStaged, pair.toStaged});
        });
}

} // namespace lance::ui
