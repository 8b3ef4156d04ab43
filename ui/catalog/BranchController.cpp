// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/BranchController.h"

#include "api/BranchMessages.h"
#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "format/BranchNames.h"
#include "ui/catalog/BranchSelector.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsTarget.h"
#include "ui/common/ImmediateAction.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>

namespace lance::ui {

using Id = WindowActions::Id;

BranchController::BranchController(WindowHost &window, CatalogSession &session,
                                   PrompterSource prompter, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_action(new ImmediateAction(window, std::move(prompter), tr("Branches"), {}, this))
{
    WindowActions &actions = window.actions();
    connect(actions.action(Id::NewBranch), &QAction::triggered, this, &BranchController::newBranch);
    connect(actions.action(Id::DeleteBranch), &QAction::triggered, this,
            &BranchController::deleteBranch);
    connect(m_action, &ImmediateAction::busyChanged, this, &BranchController::updateActions);
    connect(m_action, &ImmediateAction::finished, this, &BranchController::finished);
    connect(&session, &CatalogSession::treeReady, this, &BranchController::followWorkspace);
    connect(&session, &CatalogSession::currentChanged, this, &BranchController::updateActions);
    followWorkspace(); // a workspace shown already
}

void BranchController::followWorkspace()
{
    // Delete Branch follows the branch shown, New Branch whether branches can be listed.
    if (BranchSelector *branches = selector()) {
        connect(branches, &BranchSelector::branchesLoaded, this, &BranchController::updateActions,
                Qt::UniqueConnection);
    }
    if (const CatalogWorkspace *workspace = m_session.workspace()) {
        connect(workspace->versionModel(), &catalog::TableVersionModel::stateChanged, this,
                &BranchController::updateActions, Qt::UniqueConnection);
    }
    updateActions();
}

BranchSelector *BranchController::selector() const
{
    const CatalogWorkspace *workspace = m_session.workspace();
    return workspace ? workspace->branchSelector() : nullptr;
}

void BranchController::updateActions()
{
    const api::Result<VersionsTarget> shown = VersionsTarget::shown(m_session);
    const BranchSelector *branches = selector();
    const bool offered = shown && branches && branches->available() && !m_action->isBusy();
    m_window.actions().action(Id::NewBranch)->setEnabled(offered);
    m_window.actions().action(Id::DeleteBranch)->setEnabled(offered && shown->branch);
}

void BranchController::newBranch()
{
    const api::Result<VersionsTarget> at = VersionsTarget::chosen(
        m_session, tr("Select the one version the branch starts at in the Versions view."),
        tr("Version %1 is staged, not in the catalog yet: commit it before starting a branch "
           "at it."));
    if (!at) {
        m_action->stop(at.error().userMessage());
        return;
    }
    if (!m_action->start([this, target = *at] { return target.changedIn(m_session); })) {
        return;
    }
    Prompter::TextQuestion question;
    question.title = tr("New Branch");
    question.label = tr("A new branch of %1, starting at version %2 of %3. It reads that "
                        "version's data where it is (nothing is copied); what is written on the "
                        "branch stays off %3. It applies at once.\n\nName (parts separated by "
                        "\"/\"):")
                         .arg(at->table.toString(m_session.connection().delimiter()))
                         .arg(*at->version)
                         .arg(at->branchName());
    question.placeholder = tr("a branch name, e.g. experiment/2027-01");
    question.problem = Prompter::problemOf(&format::BranchNames::check);
    m_action->askText(question,
                      [this, target = *at](const QString &name) { create(target, name); });
}

void BranchController::create(const VersionsTarget &at, const QString &name)
{
    api::CreateTableBranchRequest request;
    request.id = at.table;
    request.name = name;
    request.fromBranch = at.branch;
    request.fromVersion = *at.version;
    ImmediateAction::Outcome outcome;
    outcome.done = tr("Created branch %1 of %2 at version %3 of %4.")
                       .arg(name, at.table.toString(m_session.connection().delimiter()))
                       .arg(*at.version)
                       .arg(at.branchName());
    outcome.explain = [](const api::ApiError &error) {
        return error.serverCode() == int(api::ErrorCode::TableBranchAlreadyExists)
                   ? tr("The table has a branch of that name already; choose another name.")
                   : QString();
    };
    outcome.refresh = [this, name](bool applied) {
        relist(applied, name);
    };
    m_action->call(*m_session.connection().service(), request, std::move(outcome));
}

void BranchController::deleteBranch()
{
    const api::Result<VersionsTarget> shown = VersionsTarget::shown(m_session);
    const BranchSelector *branches = selector();
    if (!shown || !branches) {
        m_action->stop(shown ? QString() : shown.error().userMessage());
        return;
    }
    if (!shown->branch) {
        m_action->stop(tr("Choose the branch to delete in the Branch list above the Versions "
                          "view; main cannot be deleted."));
        return;
    }
    if (!m_action->start([this, target = *shown] { return target.changedIn(m_session); })) {
        return;
    }
    const QString branch = *shown->branch;
    const QString table = shown->table.toString(m_session.connection().delimiter());
    const api::BranchContents contents = branches->branches().value(branch);
    const int versions = int(m_session.workspace()->versionModel()->listedVersions().size());
    const Prompter::Question question = Prompter::confirmation(
        tr("Delete Branch"), tr("Delete branch %1 of %2?").arg(branch, table),
        tr("It was made from %1 at version %2. Its versions (%3 listed) and the data written on "
           "it are removed; main and the other branches keep theirs. It applies at once and "
           "cannot be undone.")
            .arg(contents.parentBranch.value_or(tr("main")))
            .arg(contents.parentVersion)
            .arg(versions),
        tr("&Delete Branch"), Prompter::EnterKey::Cancels, Prompter::ChoiceRole::Accept,
        Prompter::Severity::Warning);
    m_action->ask(question, [this, target = *shown, table](int) {
        api::DeleteTableBranchRequest request;
        request.id = target.table;
        request.name = *target.branch;
        ImmediateAction::Outcome outcome;
        outcome.done = tr("Deleted branch %1 of %2.").arg(*target.branch, table);
        outcome.refresh = [this](bool applied) {
            relist(applied, std::nullopt);
        };
        m_action->call(*m_session.connection().service(), request, std::move(outcome));
    });
}

void BranchController::relist(bool applied, const std::optional<QString> &show)
{
    if (BranchSelector *branches = selector()) {
        // Read again either way: a refusal may come from a change made elsewhere meanwhile.
        if (applied) {
            branches->reload(show);
        } else {
            branches->relist();
        }
    }
    updateActions();
}

} // namespace lance::ui
