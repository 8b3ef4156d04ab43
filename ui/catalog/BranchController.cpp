// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/BranchController.h"

#include "api/BranchMessages.h"
#include "api/CatalogService.h"
#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/BranchSelector.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/Prompter.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>

namespace lance::ui {

namespace {

constexpr int StatusMessageMs = 8000;

} // namespace

using Id = WindowActions::Id;

BranchController::BranchController(WindowHost &window, CatalogSession &session,
                                   PrompterSource prompter, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_prompter(std::move(prompter))
{
    WindowActions &actions = window.actions();
    connect(actions.action(Id::NewBranch), &QAction::triggered, this, &BranchController::newBranch);
    connect(actions.action(Id::DeleteBranch), &QAction::triggered, this,
            &BranchController::deleteBranch);
    connect(&session, &CatalogSession::treeReady, this, [this] {
        // Delete Branch follows the branch shown, New Branch whether branches can be listed.
        if (BranchSelector *branches = selector()) {
            connect(branches, &BranchSelector::branchesLoaded, this,
                    &BranchController::updateActions, Qt::UniqueConnection);
        }
        if (const CatalogWorkspace *workspace = m_session.workspace()) {
            connect(workspace->versionModel(), &catalog::TableVersionModel::stateChanged, this,
                    &BranchController::updateActions, Qt::UniqueConnection);
        }
        updateActions();
    });
    connect(&session, &CatalogSession::currentChanged, this, &BranchController::updateActions);
    updateActions();
}

const catalog::TableVersionModel *BranchController::shownModel() const
{
    const CatalogWorkspace *workspace = m_session.workspace();
    return workspace ? workspace->versionModel() : nullptr;
}

BranchSelector *BranchController::selector() const
{
    const CatalogWorkspace *workspace = m_session.workspace();
    return workspace ? workspace->branchSelector() : nullptr;
}

void BranchController::updateActions()
{
    const catalog::TableVersionModel *model = shownModel();
    const BranchSelector *branches = selector();
    const bool offered = model && model->table() && branches && branches->available() && !m_busy;
    m_window.actions().action(Id::NewBranch)->setEnabled(offered);
    m_window.actions().action(Id::DeleteBranch)->setEnabled(offered && model->branch());
}

std::optional<qint64> BranchController::chosenVersion()
{
    CatalogWorkspace *workspace = m_session.workspace();
    const catalog::TableVersionModel *model = workspace ? workspace->versionModel() : nullptr;
    if (!model || !model->table()) {
        return std::nullopt;
    }
    const auto chosen = workspace->versionsPanel()->oneListedRow(
        tr("Select the one version the branch starts at in the Versions view."),
        tr("Version %1 is staged, not in the catalog yet: commit it before starting a branch "
           "at it."));
    if (!chosen) {
        m_window.showStatus(chosen.error().userMessage(), StatusMessageMs);
        return std::nullopt;
    }
    return model->versionAt(*chosen).version;
}

void BranchController::newBranch()
{
    const std::optional<qint64> version = chosenVersion();
    const catalog::TableVersionModel *model = shownModel();
    if (!version || !model) {
        emit finished(false);
        return;
    }
    const QString table = model->table()->toString(m_session.connection().delimiter());
    const QString from = model->branch().value_or(tr("main"));
    Prompter::TextQuestion question;
    question.title = tr("New Branch");
    question.label = tr("A new branch of %1, starting at version %2 of %3. It reads that "
                        "version's data where it is (nothing is copied); what is written on the "
                        "branch stays off %3. It applies at once.\n\nName (parts separated by "
                        "\"/\"):")
                         .arg(table)
                         .arg(*version)
                         .arg(from);
    question.placeholder = tr("a branch name, e.g. experiment/2027-01");
    const std::optional<QString> name = m_prompter().askText(question);
    if (!name || name->trimmed().isEmpty()) {
        emit finished(false);
        return;
    }
    api::CreateTableBranchRequest request;
    request.id = *model->table();
    request.name = name->trimmed();
    request.fromBranch = model->branch();
    request.fromVersion = *version;
    send(request,
         tr("Created branch %1 of %2 at version %3 of %4.")
             .arg(request.name, table)
             .arg(*version)
             .arg(from),
         request.name);
}

void BranchController::deleteBranch()
{
    const catalog::TableVersionModel *model = shownModel();
    const BranchSelector *branches = selector();
    if (!model || !model->table() || !branches) {
        emit finished(false);
        return;
    }
    if (!model->branch()) {
        m_window.showStatus(tr("Choose the branch to delete in the Branch list above the "
                               "Versions view; main cannot be deleted."),
                            StatusMessageMs);
        emit finished(false);
        return;
    }
    const QString branch = *model->branch();
    const QString table = model->table()->toString(m_session.connection().delimiter());
    const api::BranchContents contents = branches->branches().value(branch);
    Prompter::Question question;
    question.severity = Prompter::Severity::Warning;
    question.title = tr("Delete Branch");
    question.text = tr("Delete branch %1 of %2?").arg(branch, table);
    const int versions = int(model->listedVersions().size());
    question.informativeText
        = tr("It was made from %1 at version %2. Its versions (%3 listed) and the data written "
             "on it are removed; main and the other branches keep theirs. It applies at once and "
             "cannot be undone.")
              .arg(contents.parentBranch.value_or(tr("main")))
              .arg(contents.parentVersion)
              .arg(versions);
    question.choices = {{tr("&Delete Branch"), Prompter::ChoiceRole::Accept},
                        {tr("Cancel"), Prompter::ChoiceRole::Reject}};
    question.defaultChoice = 1; // files are removed: not on Enter
    if (m_prompter().ask(question) != 0) {
        emit finished(false);
        return;
    }
    api::DeleteTableBranchRequest request;
    request.id = *model->table();
    request.name = branch;
    send(request, tr("Deleted branch %1 of %2.").arg(branch, table), std::nullopt);
}

template <typename Request>
void BranchController::send(const Request &request, const QString &done,
                            const std::optional<QString> &show)
{
    m_busy = true;
    updateActions();
    m_session.connection().service()->call(request, this, [this, done, show](auto result) {
        answered(api::Result<void>(result), done, show);
    });
}

void BranchController::answered(const api::Result<void> &result, const QString &done,
                                const std::optional<QString> &show)
{
    m_busy = false;
    BranchSelector *branches = selector();
    if (!result) {
        const api::ApiError &error = result.error();
        const QString explained
            = error.serverCode() == int(api::ErrorCode::TableBranchAlreadyExists)
                  ? tr("The table has a branch of that name already; choose another name.")
                  : error.userMessage();
        m_prompter().tellNothingChanged(tr("Branches"), explained, error.details());
    } else {
        m_window.showStatus(done, StatusMessageMs);
    }
    if (branches) {
        // Read again either way: a refusal may come from a change made elsewhere meanwhile.
        if (result) {
            branches->reload(show);
        } else {
            branches->relist();
        }
    }
    updateActions();
    emit finished(result.hasValue());
}

} // namespace lance::ui
