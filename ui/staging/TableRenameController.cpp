// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/TableRenameController.h"

#include "catalog/CatalogTreeModel.h"
#include "connection/CatalogConnection.h"
#include "staging/PendingChanges.h"
#include "staging/StagedRenames.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/common/ImmediateAction.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>

using namespace Qt::StringLiterals;

namespace lance::ui {

using Id = WindowActions::Id;

TableRenameController::TableRenameController(WindowHost &window, CatalogSession &session,
                                             staging::PendingChanges &changes,
                                             PrompterSource prompter, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_changes(changes)
    , m_action(new ImmediateAction(window, std::move(prompter), tr("Rename Table"),
                                   tr("Nothing was staged."), this))
{
    connect(window.actions().action(Id::RenameTable), &QAction::triggered, this,
            &TableRenameController::rename);
    connect(&session, &CatalogSession::treeReady, this, &TableRenameController::updateAction);
    connect(&session, &CatalogSession::currentChanged, this, &TableRenameController::updateAction);
    connect(&changes, &staging::PendingChanges::frozenChanged, this,
            &TableRenameController::updateAction);
    connect(m_action, &ImmediateAction::busyChanged, this, &TableRenameController::updateAction);
    connect(m_action, &ImmediateAction::finished, this, &TableRenameController::finished);
    updateAction();
}

void TableRenameController::updateAction()
{
    m_window.actions()
        .action(Id::RenameTable)
        ->setEnabled(m_session.workspace() && !m_session.connection().isReadOnly()
                     && !m_changes.isFrozen() && selectedTable().has_value()
                     && !m_action->isBusy());
}

std::optional<api::Identifier> TableRenameController::selectedTable() const
{
    const CatalogWorkspace *workspace = m_session.workspace();
    return workspace ? workspace->currentTable() : std::nullopt;
}

std::optional<QString> TableRenameController::conflict(const api::Identifier &table,
                                                       const api::Identifier &target) const
{
    const QString delimiter = m_changes.delimiter();
    for (const api::CommitTableOperation &operation : m_changes.operations()) {
        if (const auto *removed = std::get_if<api::DeregisterTableRequest>(&operation);
            removed && removed->id == table) {
            return tr("The staged batch deregisters %1, so after it there is nothing to rename. "
                      "Remove one of the two.")
                .arg(table.toString(delimiter));
        }
        if (const auto *declared = std::get_if<api::DeclareTableRequest>(&operation);
            declared && declared->id == target) {
            return tr("The staged batch declares a table %1.").arg(target.toString(delimiter));
        }
    }
    const CatalogWorkspace *workspace = m_session.workspace();
    if (workspace && workspace->treeModel()->indexForId(target).isValid()) {
        return tr("%1 exists already; a rename never replaces anything.")
            .arg(target.toString(delimiter));
    }
    return std::nullopt;
}

std::optional<QString> TableRenameController::missingNamespace(const api::Identifier &target) const
{
    // Known missing only where the tree has listed every sibling: the tree is read, not live.
    const api::Identifier into = target.parent();
    const CatalogWorkspace *workspace = m_session.workspace();
    if (!workspace || into.isRoot() || workspace->treeModel()->indexForId(into).isValid()
        || !workspace->treeModel()->hasListedAllOf(into.parent())) {
        return std::nullopt;
    }
    return tr("The tree lists no namespace %1 to move the table into.")
        .arg(into.toString(m_changes.delimiter()));
}

std::optional<QString> TableRenameController::changed(const api::Identifier &table) const
{
    if (selectedTable() != table) {
        return tr("The tree no longer selects %1: it was read again or another item was chosen "
                  "meanwhile.")
            .arg(table.toString(m_changes.delimiter()));
    }
    if (m_changes.isFrozen()) {
        return tr("A commit is under way: nothing can be staged until it has its answer.");
    }
    return std::nullopt;
}

void TableRenameController::rename()
{
    const std::optional<api::Identifier> table = selectedTable();
    if (!table) {
        m_action->stop(tr("Select the table to rename in the tree."));
        return;
    }
    if (!m_action->start([this, table = *table] { return changed(table); })) {
        return;
    }
    const QString delimiter = m_changes.delimiter();
    Prompter::TextQuestion ask;
    ask.title = tr("Rename Table");
    ask.label = tr("New identifier of %1 (names joined with %2; in another namespace, the table "
                   "moves there). Only the catalog entry changes; the data stays where it is.")
                    .arg(table->toString(delimiter), delimiter);
    ask.text = table->toString(delimiter);
    ask.problem = Prompter::problemOf([this, table = *table](const QString &typed) {
        return target(table, typed).transform([](const api::Identifier &) {});
    });
    m_action->askText(ask, [this, table = *table](const QString &typed) { stage(table, typed); });
}

api::Result<api::Identifier> TableRenameController::target(const api::Identifier &table,
                                                           const QString &typed) const
{
    api::Result<api::Identifier> parsed = api::Identifier::parse(typed, m_changes.delimiter());
    if (!parsed) {
        return parsed;
    }
    if (parsed->isRoot()) {
        return api::ApiError::invalidInput(
            tr("A table needs a name; the root namespace is not one."));
    }
    for (const QString &name : parsed->names()) {
        if (const auto folder = api::Identifier::checkFolderName(name); !folder) {
            return folder.error();
        }
    }
    if (*parsed == table) {
        return parsed; // left as it was: not a problem, nothing is staged
    }
    if (const std::optional<QString> reason = conflict(table, *parsed)) {
        return api::ApiError::invalidInput(*reason);
    }
    return parsed;
}

void TableRenameController::stage(const api::Identifier &table, const QString &typed)
{
    const QString delimiter = m_changes.delimiter();
    if (typed == table.toString(delimiter)) {
        m_action->stop(); // left as it was
        return;
    }
    const api::Result<api::Identifier> target = this->target(table, typed);
    if (!target) {
        m_action->refuse(target.error().userMessage());
        return;
    }
    if (const std::optional<QString> missing = missingNamespace(*target)) {
        m_action->ask(
            Prompter::confirmation(
                tr("Rename Table"), *missing,
                tr("It may have been made since the tree was read. If it does not exist when "
                   "the rename is applied, the catalog refuses the rename and it stays staged."),
                tr("&Stage Anyway"), Prompter::EnterKey::Cancels, Prompter::ChoiceRole::Accept,
                Prompter::Severity::Warning),
            [this, table, target = *target](int) { stageChecked(table, target); });
        return;
    }
    stageChecked(table, *target);
}

void TableRenameController::stageChecked(const api::Identifier &table,
                                         const api::Identifier &target)
{
    const QString delimiter = m_changes.delimiter();
    ImmediateAction::Outcome outcome;
    outcome.done = tr("Staged: rename %1 to %2, applied on its own after the batch.")
                       .arg(table.toString(delimiter), target.toString(delimiter));
    m_action->finish(m_changes.renames().stage(api::renameRequest(table, target)), outcome);
}

} // namespace lance::ui
