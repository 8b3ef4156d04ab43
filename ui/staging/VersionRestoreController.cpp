// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/VersionRestoreController.h"

#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "details/VersionFactsText.h"
#include "details/VersionRestorer.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionModelWatcher.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/Prompter.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QItemSelectionModel>

namespace lance::ui {

namespace {

constexpr int StatusMessageMs = 8000;

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
    , m_prompter(std::move(prompter))
{
    connect(m_window.actions().action(Id::RestoreVersion), &QAction::triggered, this,
            &VersionRestoreController::restore);
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
        ->setEnabled(!m_busy && m_watcher->model() && m_watcher->model()->table()
                     && m_watcher->model()->rowCount() > 1);
}

std::optional<VersionRestoreController::Choice> VersionRestoreController::choose()
{
    CatalogWorkspace *workspace = m_session.workspace();
    const catalog::TableVersionModel *model = workspace ? workspace->versionModel() : nullptr;
    if (!model || !model->table() || model->rowCount() == 0) {
        return std::nullopt;
    }
    if (model->branch()) {
        m_window.showStatus(tr("The Versions view shows the branch %1; choose main to restore "
                               "one of its versions.")
                                .arg(*model->branch()),
                            StatusMessageMs);
        return std::nullopt;
    }
    const auto chosen = workspace->versionsPanel()->oneListedRow(
        tr("Select the one version to restore in the Versions view."),
        tr("Version %1 is staged, not in the catalog yet: commit it before restoring it, or "
           "remove the versions staged after it."));
    if (!chosen) {
        m_window.showStatus(chosen.error().userMessage(), StatusMessageMs);
        return std::nullopt;
    }
    const int row = *chosen;
    Choice choice{model->versionAt(row), model->versionAt(row)};
    // The newest loaded version, staged ones included: the Versions view loads newest first.
    for (int each = 0; each < model->rowCount(); ++each) {
        if (model->versionAt(each).version > choice.latest.version) {
            choice.latest = model->versionAt(each);
        }
    }
    if (choice.latest.version == choice.restored.version) {
        m_window.showStatus(tr("Version %1 is the latest version already: there is nothing to "
                               "restore. Select an older version.")
                                .arg(choice.restored.version),
                            StatusMessageMs);
        return std::nullopt;
    }
    return choice;
}

bool VersionRestoreController::confirm(const api::Identifier &table, const Choice &choice)
{
    const QString name = table.toString(m_session.connection().delimiter());
    const qint64 version = choice.latest.version + 1;
    const auto facts = [](const api::TableVersion &each) {
        const QString sentence = details::VersionFactsText::sentence(each);
        return sentence.isEmpty() ? tr("its facts are not known here") : sentence;
    };
    Prompter::Question question;
    question.title = tr("Restore Version");
    question.text = tr("Stage restoring version %1 of %2 as version %3?")
                        .arg(choice.restored.version)
                        .arg(name)
                        .arg(version);
    question.informativeText
        = tr("Version %1 will hold what version %2 holds (%3), instead of what the latest "
             "version %4 holds (%5).\n\nNothing is deleted: version %4 and those before it stay "
             "listed. The new manifest is written beside version %2's now, as Lance's own "
             "restore writes it; the catalog records it when the batch is committed.")
              .arg(version)
              .arg(choice.restored.version)
              .arg(facts(choice.restored))
              .arg(choice.latest.version)
              .arg(facts(choice.latest));
    question.choices = {{tr("&Stage Restore"), Prompter::ChoiceRole::Accept},
                        {tr("Cancel"), Prompter::ChoiceRole::Reject}};
    return m_prompter().ask(question) == 0;
}

void VersionRestoreController::restore()
{
    const std::optional<Choice> choice = m_busy ? std::nullopt : choose();
    catalog::TableVersionModel *model = m_watcher->model();
    if (!choice || !model || !confirm(*model->table(), *choice)) {
        emit finished();
        return;
    }
    m_busy = true;
    updateAction();
    m_window.showStatus(
        tr("Writing the restored manifest of version %1…").arg(choice->restored.version));
    details::VersionRestorer::forProfile(m_session.connection().profile(), m_settings)
        .start(*model->table(), choice->restored, choice->latest, this,
               [this](api::Result<api::CreateTableVersionRequest> request) { staged(request); });
}

void VersionRestoreController::staged(const api::Result<api::CreateTableVersionRequest> &request)
{
    m_busy = false;
    updateAction();
    const api::Result<void> done = request ? m_changes.stage(*request) : request.error();
    if (done) {
        m_window.showStatus(
            tr("Staged restoring version %1 as version %2; commit the batch to apply it.")
                .arg(api::restoredVersionOf(request->metadata).value_or(0))
                .arg(request->version),
            StatusMessageMs);
    } else {
        m_window.clearStatus();
        Prompter::Question problem;
        problem.severity = Prompter::Severity::Warning;
        problem.title = tr("Restore Version");
        problem.text = tr("The version was not restored.");
        problem.informativeText = done.error().userMessage();
        problem.choices = {{tr("OK"), Prompter::ChoiceRole::Accept}};
        m_prompter().ask(problem);
    }
    emit finished();
}

} // namespace lance::ui
