// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/StagingController.h"

#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "catalog/VersionRanges.h"
#include "connection/CatalogConnection.h"
#include "details/RestoreSpool.h"
#include "staging/BatchFile.h"
#include "staging/KnownState.h"
#include "staging/PendingChanges.h"
#include "staging/StagedMarks.h"
#include "staging/StagedRenames.h"
#include "staging/StagingJournal.h"
#include "ui/catalog/CatalogItemDelegate.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/Prompter.h"
#include "ui/common/WindowHost.h"
#include "ui/staging/CreateVersionDialog.h"
#include "ui/staging/DeclareTableDialog.h"
#include "ui/staging/DeleteVersionsDialog.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/staging/StagedTreeHeader.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDir>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPointer>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTreeView>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

using Id = WindowActions::Id;
using catalog::CatalogNode;
using catalog::CatalogTreeModel;

} // namespace

QString StagingController::journalKey(const connection::ConnectionProfile &profile)
{
    return profile.stagingKey();
}

StagingController::StagingController(WindowHost &window, CatalogSession &session,
                                     PrompterSource prompter, const QString &journalFolder,
                                     QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_prompter(std::move(prompter))
{
    const connection::CatalogConnection &connection = session.connection();
    m_changes = new staging::PendingChanges(connection.delimiter(), this);
    m_journal = new staging::StagingJournal(journalFolder, journalKey(connection.profile()),
                                            m_changes, this);
    m_panel = new PendingChangesPanel(*m_changes, m_prompter());
    window.setPane(WindowHost::Pane::PendingChanges, m_panel);
    m_stagedCount = new QLabel;
    m_stagedCount->setObjectName(u"stagedCount"_s);
    m_stagedCount->setToolTip(tr("Operations staged in the Pending Changes panel"));
    window.addStatusWidget(m_stagedCount);
    if (const api::Result<void> restored = m_journal->restore(); !restored.hasValue()) {
        window.banner().showMessage(MessageBanner::Severity::Warning,
                                    restored.error().userMessage());
    } else {
        // Restores kept for a commit that no staged operation names any more (undone or
        // discarded before a crash) are not needed. A journal kept aside may name some: then
        // they stay.
        details::RestoreSpool::forProfile(connection.profile()).keepOnly(m_changes->operations());
        if (const int kept = m_changes->count() + m_changes->renames().count(); kept > 0) {
            window.showStatus(
                kept == 1 ? tr("Restored 1 staged operation from the last session.")
                          : tr("Restored %1 staged operations from the last session.").arg(kept),
                WindowHost::StatusMessageMs);
        }
    }
    connect(m_journal, &staging::StagingJournal::writeFailed, this, [this](const QString &why) {
        m_window.banner().showMessage(MessageBanner::Severity::Error, why);
    });

    WindowActions *actions = &window.actions();
    const auto on = [this, actions](Id id, void (StagingController::*slot)()) {
        connect(actions->action(id), &QAction::triggered, this, slot);
    };
    on(Id::DeclareTable, &StagingController::declareTable);
    on(Id::CreateVersion, &StagingController::createVersion);
    on(Id::DeleteVersions, &StagingController::deleteVersions);
    on(Id::DeregisterTable, &StagingController::deregisterTable);
    // The window's Undo, Redo, Export and Import (menus and keys) are the panel's own.
    const QList<std::pair<Id, QAction *>> followed{{Id::Undo, m_panel->undoAction()},
                                                   {Id::Redo, m_panel->redoAction()},
                                                   {Id::ExportBatch, m_panel->exportAction()},
                                                   {Id::ImportBatch, m_panel->importAction()}};
    for (const auto &[id, panelAction] : followed) {
        QAction *windowAction = actions->action(id);
        const QPointer<QAction> source = panelAction;
        connect(windowAction, &QAction::triggered, this, [source] {
            if (source && source->isEnabled()) {
                source->trigger();
            }
        });
        const auto follow = [windowAction, source] {
            windowAction->setEnabled(source && source->isEnabled());
            windowAction->setStatusTip(source ? source->toolTip() : QString());
        };
        connect(panelAction, &QAction::changed, this, follow);
        follow();
    }
    connect(m_panel, &PendingChangesPanel::editRequested, this, &StagingController::edit);
    connect(m_panel, &PendingChangesPanel::exportRequested, this, &StagingController::exportBatch);
    connect(m_panel, &PendingChangesPanel::importRequested, this, &StagingController::importBatch);
    connect(m_changes, &staging::PendingChanges::changed, this, &StagingController::updateActions);
    connect(m_changes, &staging::PendingChanges::changed, this, &StagingController::markTree);
    connect(m_changes, &staging::PendingChanges::frozenChanged, this,
            &StagingController::updateActions);
    connect(&session, &CatalogSession::currentChanged, this, &StagingController::updateActions);
    connect(&session, &CatalogSession::checked, this, &StagingController::watchWorkspace);
    watchWorkspace(); // a catalog open already is watched as well
    window.setCloseGuard([this] { return confirmClose(); });
    updateActions();
}

StagingController::~StagingController()
{
    m_journal->flush(); // the newest state reaches the disk before the next session starts
    m_window.setCloseGuard({});
    m_window.setModified(false);
    delete m_stagedCount; // the next catalog has staged work of its own
    for (const Id id :
         {Id::DeclareTable, Id::CreateVersion, Id::RegisterManifestUri, Id::DeleteVersions,
          Id::DeregisterTable, Id::Undo, Id::Redo, Id::ExportBatch, Id::ImportBatch}) {
        m_window.actions().action(id)->setEnabled(false);
    }
}

StagingController::Selection StagingController::selection() const
{
    Selection chosen;
    if (const CatalogWorkspace *workspace = m_session.workspace()) {
        chosen.table = workspace->currentTable();
        chosen.namespaceId = workspace->currentNamespace();
    }
    return chosen;
}

StagingController::LoadedVersions
StagingController::loadedRecordsOf(const api::Identifier &table) const
{
    LoadedVersions loaded;
    const CatalogWorkspace *workspace = m_session.workspace();
    const catalog::TableVersionModel *model = workspace ? workspace->versionModel() : nullptr;
    if (model && model->table() == table) {
        loaded.versions = model->listedVersions(); // not the staged rows above them
        loaded.complete = !model->canFetchMore({});
    } else {
        loaded.complete = false;
    }
    return loaded;
}

QList<qint64> StagingController::loadedVersionsOf(const api::Identifier &table) const
{
    QList<qint64> versions;
    for (const api::TableVersion &version : loadedRecordsOf(table).versions) {
        versions << version.version;
    }
    return versions;
}

QSet<QString> StagingController::loadedNamesIn(const api::Identifier &namespaceId) const
{
    QSet<QString> names;
    const CatalogWorkspace *workspace = m_session.workspace();
    if (!workspace) {
        return names;
    }
    const CatalogTreeModel *model = workspace->treeModel();
    const QModelIndex parent
        = namespaceId.isRoot() ? QModelIndex() : model->indexForId(namespaceId);
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QStringList id
            = model->index(row, 0, parent).data(CatalogTreeModel::IdRole).toStringList();
        if (!id.isEmpty()) {
            names.insert(id.last());
        }
    }
    return names;
}

void StagingController::watchWorkspace()
{
    CatalogWorkspace *workspace = m_session.workspace();
    if (!workspace || workspace == m_watched) {
        return;
    }
    m_watched = workspace;
    markTree();
    // Only complete listings count: a table missing from a partial one may be on a later page.
    CatalogTreeModel *tree = workspace->treeModel();
    connect(tree, &CatalogTreeModel::childrenLoaded, this, [this, tree](const QModelIndex &parent) {
        if (tree->canFetchMore(parent) || parent.data(CatalogTreeModel::HasMoreRole).toBool()) {
            return;
        }
        QStringList tables;
        for (int row = 0; row < tree->rowCount(parent); ++row) {
            const QModelIndex child = tree->index(row, 0, parent);
            if (CatalogTreeModel::kindOf(child) == CatalogNode::Kind::Table) {
                tables << child.data(CatalogTreeModel::IdRole).toStringList().last();
            }
        }
        const api::Identifier namespaceId = tree->identifierAt(parent);
        m_changes->updateKnownState(
            [&](staging::KnownState &known) { known.setTables(namespaceId, tables); });
    });
    catalog::TableVersionModel *versions = workspace->versionModel();
    connect(versions, &catalog::TableVersionModel::stateChanged, this, [this, versions] {
        if (versions->state() != catalog::TableVersionModel::State::Loaded
            || versions->canFetchMore({}) || !versions->table()) {
            return;
        }
        QList<qint64> known;
        for (const api::TableVersion &version : versions->listedVersions()) {
            known << version.version;
        }
        // Known as the versions of the branch listed: a staged operation is checked against
        // its own branch's, whichever branch is on screen.
        const api::Identifier table = *versions->table();
        const std::optional<QString> branch = versions->branch();
        m_changes->updateKnownState(
            [&](staging::KnownState &state) { state.setVersions(table, known, branch); });
    });
}

void StagingController::markTree()
{
    CatalogWorkspace *workspace = m_session.workspace();
    if (!workspace || !workspace->treeView()) {
        return;
    }
    // One reading of the staged list for every view; each draws it over what it loaded.
    staging::StagedMarks marks = staging::StagedMarks::fromOperations(m_changes->operations());
    marks.addRenames(m_changes->renames().renames(), m_changes->delimiter());
    QTreeView *tree = workspace->treeView();
    if (auto *header = qobject_cast<StagedTreeHeader *>(tree->header())) {
        header->setDeclaredAtRoot(marks.declaredIn({}));
    }
    if (auto *delegate = qobject_cast<CatalogItemDelegate *>(tree->itemDelegate())) {
        delegate->setStagedMarks(marks);
        tree->viewport()->update();
    }
    if (VersionsPanel *versions = workspace->versionsPanel()) {
        versions->setStagedMarks(marks);
    }
}

void StagingController::report(const api::Result<void> &done)
{
    if (!done.hasValue()) {
        m_window.banner().showMessage(MessageBanner::Severity::Warning, done.error().userMessage());
    }
}

void StagingController::declareTable()
{
    const Selection chosen = selection();
    DeclareTableDialog dialog(chosen.namespaceId, m_changes->delimiter(),
                              loadedNamesIn(chosen.namespaceId), m_window.dialogParent());
    if (dialog.exec() == QDialog::Accepted) {
        report(m_changes->stage(dialog.request()));
    }
}

void StagingController::createVersion()
{
    const Selection chosen = selection();
    if (!chosen.table) {
        return;
    }
    const QList<qint64> known = loadedVersionsOf(*chosen.table);
    const std::optional<qint64> latest
        = known.isEmpty() ? std::nullopt
                          : std::optional(*std::max_element(known.cbegin(), known.cend()));
    CreateVersionDialog dialog(*chosen.table, m_changes->delimiter(), latest, m_prompter(),
                               m_window.dialogParent());
    if (dialog.exec() == QDialog::Accepted) {
        report(m_changes->stage(dialog.request()));
    }
}

void StagingController::deleteVersions()
{
    const Selection chosen = selection();
    if (!chosen.table) {
        return;
    }
    if (const CatalogWorkspace *shown = m_session.workspace();
        shown && shown->versionModel()->branch()) {
        // The batch deletes versions of main; the view lists another branch's.
        m_window.showStatus(tr("The Versions view shows the branch %1; choose main to delete "
                               "versions.")
                                .arg(*shown->versionModel()->branch()),
                            WindowHost::StatusMessageMs);
        return;
    }
    const LoadedVersions loaded = loadedRecordsOf(*chosen.table);
    DeleteVersionsDialog dialog(*chosen.table, m_changes->delimiter(), loaded.versions,
                                loaded.complete, m_window.dialogParent());
    // The dialog always opens, so nothing is deleted that was not seen: versions selected in
    // the Versions view pre-fill it with their computed ranges.
    const CatalogWorkspace *workspace = m_session.workspace();
    const QList<qint64> selected = workspace && workspace->versionModel()->table() == chosen.table
                                       ? workspace->versionsPanel()->selectedVersions()
                                       : QList<qint64>();
    if (!selected.isEmpty()) {
        QList<qint64> known;
        for (const api::TableVersion &version : loaded.versions) {
            known << version.version;
        }
        api::BatchDeleteTableVersionsRequest request;
        request.id = *chosen.table;
        request.ranges = catalog::VersionRanges::fromSelection(selected, known);
        dialog.setRequest(request);
    }
    if (dialog.exec() == QDialog::Accepted) {
        report(m_changes->stage(dialog.request()));
    }
}

void StagingController::deregisterTable()
{
    const CatalogWorkspace *workspace = m_session.workspace();
    QList<api::Identifier> tables
        = workspace ? workspace->selectedTables() : QList<api::Identifier>();
    if (const Selection chosen = selection(); tables.isEmpty() && chosen.table) {
        tables << *chosen.table;
    }
    QList<api::CommitTableOperation> operations;
    for (const api::Identifier &table : std::as_const(tables)) {
        api::DeregisterTableRequest request;
        request.id = table;
        operations << request;
    }
    if (!operations.isEmpty()) {
        report(m_changes->stageEach(operations,
                                    tr("Deregister %n table(s)", nullptr, int(operations.size()))));
    }
}

void StagingController::edit(quint64 rowId)
{
    const int row = m_changes->rowOf(rowId);
    if (row < 0) {
        return;
    }
    const api::CommitTableOperation operation = m_changes->stagedAt(row).operation;
    if (const auto *declare = std::get_if<api::DeclareTableRequest>(&operation)) {
        const api::Identifier parent(declare->id.names().mid(0, declare->id.names().size() - 1));
        DeclareTableDialog dialog(parent, m_changes->delimiter(), {}, m_window.dialogParent());
        dialog.setRequest(*declare);
        if (dialog.exec() == QDialog::Accepted) {
            report(m_changes->edit(rowId, dialog.request()));
        }
    } else if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
        CreateVersionDialog dialog(create->id, m_changes->delimiter(), std::nullopt, m_prompter(),
                                   m_window.dialogParent());
        dialog.setRequest(*create);
        if (dialog.exec() == QDialog::Accepted) {
            report(m_changes->edit(rowId, dialog.request()));
        }
    } else if (const auto *remove = std::get_if<api::BatchDeleteTableVersionsRequest>(&operation)) {
        const LoadedVersions loaded = loadedRecordsOf(remove->id);
        DeleteVersionsDialog dialog(remove->id, m_changes->delimiter(), loaded.versions,
                                    loaded.complete, m_window.dialogParent());
        dialog.setRequest(*remove);
        if (dialog.exec() == QDialog::Accepted) {
            report(m_changes->edit(rowId, dialog.request()));
        }
    } else {
        m_window.showStatus(
            tr("A deregistration has nothing to change; remove it to keep the table."),
            WindowHost::StatusMessageMs);
    }
}

void StagingController::exportBatch()
{
    // A restore's files wait in this browser until its commit (details::RestoreSpool): the
    // batch file, committed elsewhere, would name a manifest its table does not hold.
    const QList<api::CreateTableVersionRequest> kept
        = details::RestoreSpool::forProfile(m_session.connection().profile())
              .keptRestores(m_changes->operations());
    if (!kept.isEmpty()) {
        m_window.banner().showMessage(
            MessageBanner::Severity::Warning,
            tr("Nothing was exported: the staged restore of %1 as version %2 keeps its files in "
               "this browser until it is committed, so the batch file would name a manifest "
               "its table does not hold. Commit it from here, or remove it and export again.")
                .arg(kept.first().id.toString(m_changes->delimiter()))
                .arg(kept.first().version));
        return;
    }
    const std::optional<QString> file = m_prompter().chooseSaveFile(
        tr("Export the Staged Batch"), QDir::home().filePath(u"batch-commit.json"_s),
        tr("JSON (*.json);;All files (*)"));
    if (file) {
        report(staging::BatchFile::exportTo(*m_changes, *file));
    }
}

void StagingController::importBatch()
{
    const std::optional<QString> file = m_prompter().chooseOpenFile(
        tr("Import a Batch"), QDir::homePath(), tr("JSON (*.json);;All files (*)"));
    if (file) {
        report(staging::BatchFile::importInto(*m_changes, *file));
    }
}

bool StagingController::confirmClose()
{
    if (m_changes->isEmpty()) {
        return true;
    }
    Prompter::Question question;
    question.title = tr("Staged Changes");
    question.text = tr("%n operation(s) are staged and not committed.", nullptr,
                       m_changes->count() + m_changes->renames().count());
    question.informativeText = tr("Kept, they are here again the next time this catalog opens.");
    question.choices = {{tr("&Keep for Next Time"), Prompter::ChoiceRole::Accept},
                        {tr("&Discard"), Prompter::ChoiceRole::Destructive},
                        {tr("Cancel"), Prompter::ChoiceRole::Reject}};
    switch (m_prompter().ask(question)) {
    case 0:
        m_journal->flush();
        return true;
    case 1:
        m_changes->discardAll();
        m_journal->flush();
        return true;
    default:
        return false;
    }
}

void StagingController::updateActions()
{
    const bool frozen = m_changes->isFrozen();
    const bool writable = !m_session.connection().isReadOnly() && !frozen;
    const Selection chosen = selection();
    WindowActions *actions = &m_window.actions();
    actions->action(Id::DeclareTable)->setEnabled(writable);
    for (const Id id :
         {Id::CreateVersion, Id::RegisterManifestUri, Id::DeleteVersions, Id::DeregisterTable}) {
        actions->action(id)->setEnabled(writable && chosen.table.has_value());
    }
    const int count = m_changes->count() + m_changes->renames().count();
    m_window.setModified(count > 0);
    m_stagedCount->setText(count == 1 ? tr("1 change staged") : tr("%1 changes staged").arg(count));
    m_stagedCount->setVisible(count > 0);
}

} // namespace lance::ui
