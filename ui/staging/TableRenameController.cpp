// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/TableRenameController.h"

#include "catalog/CatalogTreeModel.h"
#include "connection/CatalogConnection.h"
#include "staging/PendingChanges.h"
#include "staging/StagedRenames.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/common/Prompter.h"
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
    , m_prompter(std::move(prompter))
{
    connect(window.actions().action(Id::RenameTable), &QAction::triggered, this,
            &TableRenameController::rename);
    connect(&session, &CatalogSession::treeReady, this, &TableRenameController::updateAction);
    connect(&session, &CatalogSession::currentChanged, this, &TableRenameController::updateAction);
    connect(&changes, &staging::PendingChanges::frozenChanged, this,
            &TableRenameController::updateAction);
    updateAction();
}

void TableRenameController::updateAction()
{
    m_window.actions()
        .action(Id::RenameTable)
        ->setEnabled(m_session.workspace() && !m_session.connection().isReadOnly()
                     && !m_changes.isFrozen() && selectedTable().has_value());
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

void TableRenameController::rename()
{
    const std::optional<api::Identifier> table = selectedTable();
    if (!table) {
        m_window.showStatus(tr("Select the table to rename in the tree."),
                            WindowHost::StatusMessageMs);
        emit finished(false);
        return;
    }
    const QString delimiter = m_changes.delimiter();
    Prompter::TextQuestion ask;
    ask.title = tr("Rename Table");
    ask.label = tr("New identifier of %1 (names joined with %2; in another namespace, the table "
                   "moves there). Only the catalog entry changes; the data stays where it is.")
                    .arg(table->toString(delimiter), delimiter);
    ask.text = table->toString(delimiter);
    const std::optional<QString> typed = m_prompter().askText(ask);
    if (!typed || typed->trimmed() == table->toString(delimiter)) {
        emit finished(false); // cancelled, or left as it was
        return;
    }
    const api::Result<api::Identifier> target = api::Identifier::parse(typed->trimmed(), delimiter);
    if (!target) {
        refuse(target.error().userMessage());
        return;
    }
    if (target->isRoot()) {
        refuse(tr("A table needs a name; the root namespace is not one."));
        return;
    }
    if (const std::optional<QString> reason = conflict(*table, *target)) {
        refuse(*reason);
        return;
    }
    if (const api::Result<void> staged
        = m_changes.renames().stage(api::renameRequest(*table, *target));
        !staged) {
        refuse(staged.error().userMessage());
        return;
    }
    m_window.showStatus(tr("Staged: rename %1 to %2, applied on its own after the batch.")
                            .arg(table->toString(delimiter), target->toString(delimiter)),
                        WindowHost::StatusMessageMs);
    emit finished(true);
}

void TableRenameController::refuse(const QString &reason)
{
    Prompter::Question problem;
    problem.severity = Prompter::Severity::Warning;
    problem.title = tr("Rename Table");
    problem.text = tr("Nothing was staged.");
    problem.informativeText = reason;
    problem.choices = {{tr("OK"), Prompter::ChoiceRole::Accept}};
    m_prompter().ask(problem);
    emit finished(false);
}

} // namespace lance::ui
