// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/VersionRestoreController.h"

#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "details/RowChangesText.h"
#include "details/VendedAccess.h"
#include "details/VersionFactsText.h"
#include "details/VersionRestorer.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionModelWatcher.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/catalog/VersionsTarget.h"
#include "ui/common/ImmediateAction.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QMetaObject>
#include <QPointer>
#include <QThreadPool>

namespace lance::ui {

namespace {

// The newest loaded version, staged ones included: the Versions view loads newest first.
api::TableVersion newestOf(const catalog::TableVersionModel &model)
{
    api::TableVersion newest = model.versionAt(0);
    for (int row = 1; row < model.rowCount(); ++row) {
        if (model.versionAt(row).version > newest.version) {
            newest = model.versionAt(row);
        }
    }
    return newest;
}

} // namespace

using Id = WindowActions::Id;

VersionRestoreController::VersionRestoreController(WindowHost &window, CatalogSession &session,
                                                   staging::PendingChanges &changes,
                                                   QSettings &settings, PrompterSource prompter,
                                                   QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_changes(changes)
    , m_settings(settings)
    , m_action(new ImmediateAction(window, std::move(prompter), tr("Restore Version"),
                                   tr("The version was not restored."), this))
{
    connect(m_window.actions().action(Id::RestoreVersion), &QAction::triggered, this,
            &VersionRestoreController::restore);
    connect(m_action, &ImmediateAction::busyChanged, this, &VersionRestoreController::updateAction);
    connect(m_action, &ImmediateAction::finished, this, &VersionRestoreController::finished);
    m_watcher = new VersionModelWatcher(
        session, [this] { updateAction(); }, this);
    m_watcher->watch();
}

void VersionRestoreController::updateAction()
{
    // Which version is chosen is judged when triggered (with a status line that says why not),
    // so that the menu never greys out without a reason a steward can see.
    m_window.actions()
        .action(Id::RestoreVersion)
        ->setEnabled(!m_action->isBusy() && m_watcher->model() && m_watcher->model()->table()
                     && m_watcher->model()->rowCount() > 1);
}

api::Result<VersionRestoreController::Choice> VersionRestoreController::choose() const
{
    const api::Result<VersionsTarget> shown = VersionsTarget::shown(m_session);
    if (!shown) {
        return shown.error();
    }
    if (shown->branch) {
        return api::ApiError::invalidInput(tr("The Versions view shows the branch %1; choose main "
                                              "to restore one of its versions.")
                                               .arg(*shown->branch));
    }
    const api::Result<VersionsTarget> chosen = VersionsTarget::chosen(
        m_session, tr("Select the one version to restore in the Versions view."),
        tr("Version %1 is staged, not in the catalog yet: commit it before restoring it, or "
           "remove the versions staged after it."));
    if (!chosen) {
        return chosen.error();
    }
    const catalog::TableVersionModel &model = *m_session.workspace()->versionModel();
    Choice choice{chosen->table, {}, newestOf(model)};
    for (const api::TableVersion &each : model.listedVersions()) {
        if (each.version == *chosen->version) {
            choice.restored = each;
        }
    }
    if (choice.latest.version == choice.restored.version) {
        return api::ApiError::invalidInput(tr("Version %1 is the latest version already: there "
                                              "is nothing to restore. Select an older version.")
                                               .arg(choice.restored.version));
    }
    return choice;
}

std::optional<QString> VersionRestoreController::changed(const Choice &choice) const
{
    const VersionsTarget target{choice.table, std::nullopt, choice.restored.version};
    if (std::optional<QString> changed = target.changedIn(m_session)) {
        return changed;
    }
    const api::TableVersion newest = newestOf(*m_session.workspace()->versionModel());
    if (newest.version != choice.latest.version) {
        return tr("The latest version of %1 is %2 now, not %3: the restore would not hold what "
                  "was asked.")
            .arg(choice.table.toString(m_session.connection().delimiter()))
            .arg(newest.version)
            .arg(choice.latest.version);
    }
    return std::nullopt;
}

Prompter::Question VersionRestoreController::question(const Choice &choice,
                                                      const QString &rows) const
{
    const QString name = choice.table.toString(m_session.connection().delimiter());
    const qint64 version = choice.latest.version + 1;
    const auto facts = [](const api::TableVersion &each) {
        const QString sentence = details::VersionFactsText::sentence(each);
        return sentence.isEmpty() ? tr("its facts are not known here") : sentence;
    };
    return Prompter::confirmation(
        tr("Restore Version"),
        tr("Stage restoring version %1 of %2 as version %3?")
            .arg(choice.restored.version)
            .arg(name)
            .arg(version),
        tr("Version %1 will hold what version %2 holds (%3), instead of what the latest version "
           "%4 holds (%5).\n\nNothing is deleted: version %4 and those before it stay listed. "
           "Nothing is written into the table until the batch is committed: then the new "
           "manifest is written beside version %2's, as Lance's own restore writes it, and the "
           "catalog records it.")
                .arg(version)
                .arg(choice.restored.version)
                .arg(facts(choice.restored))
                .arg(choice.latest.version)
                .arg(facts(choice.latest))
            + (rows.isEmpty() ? QString() : u"\n\n"_s + rows),
        tr("&Stage Restore"), Prompter::EnterKey::Accepts);
}

void VersionRestoreController::restore()
{
    const api::Result<Choice> choice = choose();
    if (!choice) {
        m_action->stop(choice.error().userMessage());
        return;
    }
    if (!m_action->start([this, choice = *choice] { return changed(choice); })) {
        return;
    }
    // The question names the rows the restore takes away and brings back: a sample of each,
    // read from the data files off the GUI thread, before it is asked.
    const Choice picked = *choice;
    m_session.manifests().reach(
        picked.table, this, [this, picked](const details::ManifestAccess &access) {
            auto ask = m_action->step<QString>([this, picked](const QString &rows) {
                m_action->ask(question(picked, rows), [this, picked](int) { write(picked); });
            });
            QPointer<VersionRestoreController> self(this);
            QThreadPool::globalInstance()->start([self, access, picked, ask] {
                const auto compared
                    = access.compareRows(picked.latest, picked.restored, SampleRows);
                const QString rows
                    = compared
                          ? details::RowChangesText::text(
                              *compared, tr("the latest version %1").arg(picked.latest.version),
                              tr("version %1").arg(picked.restored.version))
                          : tr("Rows: not compared here. %1").arg(compared.error().userMessage());
                QMetaObject::invokeMethod(
                    self.data(), [ask, rows] { ask(api::Result<QString>(rows)); },
                    Qt::QueuedConnection);
            });
        });
}

void VersionRestoreController::write(const Choice &choice)
{
    m_window.showStatus(
        tr("Preparing the restored manifest of version %1…").arg(choice.restored.version));
    // The steward confirmed what the question showed, read again just now: what was written is
    // staged without asking the view once more. The table's access as the window reads it: its
    // store, for a table on one.
    m_session.manifests().reach(
        choice.table, this, [this, choice](const details::ManifestAccess &access) {
            details::VersionRestorer::forProfile(m_session.connection().profile(), m_settings)
                .withAccess(access)
                .start(choice.table, choice.restored, choice.latest, this,
                       [this](api::Result<api::CreateTableVersionRequest> request) {
                           m_window.clearStatus();
                           ImmediateAction::Outcome outcome;
                           if (request) {
                               outcome.done
                                   = tr("Staged restoring version %1 as version %2; "
                                        "commit the batch to apply it.")
                                         .arg(api::restoredVersionOf(request->metadata).value_or(0))
                                         .arg(request->version);
                           }
                           m_action->finish(request ? m_changes.stage(*request)
                                                    : api::Result<void>(request.error()),
                                            outcome);
                       });
        });
}

} // namespace lance::ui
