// SPDX-License-Identifier: Apache-2.0
#include "ui/drop/ManifestDropController.h"

#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "client/PageCollector.h"
#include "connection/CatalogConnection.h"
#include "details/VendedAccess.h"
#include "drop/ManifestDropPlanner.h"
#include "drop/PathMappingStore.h"
#include "staging/KnownState.h"
#include "staging/PendingChanges.h"
#include "storage/StorageUri.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogTreeView.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/Prompter.h"
#include "ui/common/WindowHost.h"
#include "ui/drop/DragAutoScroller.h"
#include "ui/drop/DraggedFiles.h"
#include "ui/drop/DropHighlight.h"
#include "ui/drop/ManifestDropQuestions.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDir>
#include <QDragMoveEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMimeData>
#include <QScrollBar>
#include <QStatusBar>
#include <QTableView>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

using catalog::CatalogNode;
using catalog::CatalogTreeModel;
using lance::drop::ManifestDropPlan;
using lance::drop::ManifestDropPlanner;

api::Identifier parentOf(const api::Identifier &id)
{
    return api::Identifier(id.names().mid(0, id.names().size() - 1));
}

} // namespace

ManifestDropController::ManifestDropController(WindowHost &window, CatalogSession &session,
                                               staging::PendingChanges &changes,
                                               PendingChangesPanel *panel, QSettings &settings,
                                               PrompterSource prompter, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_changes(changes)
    , m_panel(panel)
    , m_settings(settings)
    , m_prompter(std::move(prompter))
{
    connect(&session, &CatalogSession::checked, this, &ManifestDropController::watchWorkspace);
    watchWorkspace();
    connect(window.actions().action(WindowActions::Id::RegisterManifestUri), &QAction::triggered,
            this, &ManifestDropController::registerFromUri);
}

void ManifestDropController::registerFromUri()
{
    const CatalogWorkspace *workspace = m_session.workspace();
    const std::optional<api::Identifier> table
        = workspace ? workspace->versionModel()->table() : std::nullopt;
    if (!table) {
        return; // the action is enabled only with a table chosen
    }
    Prompter::TextQuestion question;
    question.title = tr("Register Manifest from URI");
    question.label = tr("The URI of a manifest in the _versions folder of %1 on its object store. "
                        "It is read there, checked, and staged as a new version.")
                         .arg(table->toString(m_changes.delimiter()));
    question.placeholder = u"s3://bucket/table.lance/_versions/18446744073709551614.manifest"_s;
    question.problem = [](const QString &text) {
        const QString uri = text.trimmed();
        if (uri.isEmpty()) {
            return tr("Paste the manifest's URI.");
        }
        return storage::StorageUri::namesStoreObject(uri)
                   ? QString()
                   : tr("Give a URI of an object store (s3://, az:// or gs://); a file of this "
                        "machine is dropped on the table, or staged with Create Version.");
    };
    const std::optional<QString> uri = m_prompter().askText(question);
    if (uri) {
        dropUris({uri->trimmed()}, *table);
    }
}

void ManifestDropController::dropUris(const QStringList &uris, const api::Identifier &table,
                                      Done done)
{
    drop(uris, Where{Where::Kind::Table, table}, std::move(done));
}

void ManifestDropController::watchWorkspace()
{
    CatalogWorkspace *workspace = m_session.workspace();
    if (!workspace || workspace == m_watched || m_session.connection().isReadOnly()) {
        return;
    }
    m_watched = workspace;
    // The views' own drag handling (none: they are not drag-enabled) never sees these events:
    // the filter takes every drag event of the three targets.
    QList<QWidget *> targets;
    QTreeView *tree = workspace->treeView();
    if (tree) {
        targets << tree->viewport();
    }
    if (VersionsPanel *versions = workspace->versionsPanel()) {
        targets << versions->tableView()->viewport();
    }
    if (m_panel) {
        targets << m_panel.data();
    }
    for (QWidget *target : std::as_const(targets)) {
        target->setAcceptDrops(true);
        target->installEventFilter(this);
        // The versions view and the panel light up as a whole; the tree outlines a row, and
        // lights up as a whole for its empty area (the root). The panel outlives workspaces:
        // one overlay, however many catalogs were opened.
        if (!overlayOf(target)) {
            new DropHighlight(target);
        }
    }
    delete m_autoScroll;
    m_autoScroll = tree ? new DragAutoScroller(tree, this) : nullptr;
    if (m_autoScroll) {
        connect(m_autoScroll, &DragAutoScroller::scrolled, this, [this](const QPoint &pos) {
            // Another row is under the pointer now: outline that one, as its next move would.
            if (const CatalogWorkspace *current = m_session.workspace()) {
                QWidget *viewport = current->treeView()->viewport();
                highlight(viewport, pos, accepts(viewport, pos));
            }
        });
    }
}

ManifestDropController::Where ManifestDropController::targetAt(QObject *watched,
                                                               const QPoint &pos) const
{
    Where where;
    const CatalogWorkspace *workspace = m_session.workspace();
    if (!workspace) {
        return where;
    }
    QTreeView *tree = workspace->treeView();
    if (tree && watched == tree->viewport()) {
        const QModelIndex index = tree->indexAt(pos);
        if (!index.isValid()) { // the empty area below the rows: the root namespace
            where.kind = Where::Kind::Namespace;
            return where;
        }
        const QModelIndex first = index.siblingAtColumn(0);
        // The view shows a filter model: its indexes answer roles, not kindOf().
        const auto kind
            = static_cast<CatalogNode::Kind>(first.data(CatalogTreeModel::KindRole).toInt());
        if (kind == CatalogNode::Kind::Table || kind == CatalogNode::Kind::Namespace) {
            where.kind
                = kind == CatalogNode::Kind::Table ? Where::Kind::Table : Where::Kind::Namespace;
            where.id = api::Identifier(first.data(CatalogTreeModel::IdRole).toStringList());
        }
        return where;
    }
    VersionsPanel *versions = workspace->versionsPanel();
    if (versions && watched == versions->tableView()->viewport()) {
        if (const std::optional<api::Identifier> table = workspace->versionModel()->table()) {
            where.kind = Where::Kind::Table;
            where.id = *table;
        }
        return where;
    }
    if (watched == m_panel) {
        where.kind = Where::Kind::AskTable;
    }
    return where;
}

bool ManifestDropController::fits(const DraggedFiles &dragged, Where::Kind kind)
{
    switch (kind) {
    case Where::Kind::Namespace:
        return dragged.datasets;
    case Where::Kind::Nothing:
        return false;
    case Where::Kind::Table:
    case Where::Kind::AskTable:
        return dragged.manifests;
    }
    return false;
}

bool ManifestDropController::accepts(QObject *watched, const QPoint &pos) const
{
    return !m_changes.isFrozen() && fits(m_dragged, targetAt(watched, pos).kind);
}

bool ManifestDropController::mayFit() const
{
    return !m_changes.isFrozen() && (m_dragged.datasets || m_dragged.manifests);
}

void ManifestDropController::highlight(QObject *watched, const QPoint &pos, bool on)
{
    const CatalogWorkspace *workspace = m_session.workspace();
    auto *tree = workspace ? qobject_cast<CatalogTreeView *>(workspace->treeView()) : nullptr;
    bool whole = on;
    if (tree && watched == tree->viewport()) {
        const QModelIndex row = on ? tree->indexAt(pos) : QModelIndex();
        tree->setDropHighlight(row);
        whole = on && !row.isValid();
    }
    if (DropHighlight *overlay = overlayOf(watched)) {
        overlay->setVisible(whole);
    }
}

void ManifestDropController::stopScrolling()
{
    if (m_autoScroll) {
        m_autoScroll->stop();
    }
}

DropHighlight *ManifestDropController::overlayOf(QObject *target)
{
    return target->findChild<DropHighlight *>(QString(), Qt::FindDirectChildrenOnly);
}

bool ManifestDropController::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto *drag = static_cast<QDragMoveEvent *>(event);
        if (event->type() == QEvent::DragEnter) {
            m_dragged = DraggedFiles::fromMime(drag->mimeData());
        }
        const QPoint pos = drag->position().toPoint();
        const bool valid = accepts(watched, pos);
        // The tree takes the enter of any drag some row could take: a widget that ignores the
        // enter gets no move events (QWidget::dragEnterEvent), so the drag could not go on from
        // an unfit row to a fit one, nor scroll. The move that follows at once sets the cursor.
        const bool onTree = m_session.workspace() && m_session.workspace()->treeView()
                            && watched == m_session.workspace()->treeView()->viewport();
        if (valid || (event->type() == QEvent::DragEnter && onTree && mayFit())) {
            drag->setDropAction(Qt::CopyAction);
            drag->accept();
        } else {
            drag->ignore();
        }
        highlight(watched, pos, valid);
        if (onTree && m_autoScroll) { // valid or not: a valid row may be further up or down
            m_autoScroll->dragAt(pos, mayFit());
        }
        return true;
    }
    case QEvent::DragLeave:
        highlight(watched, {}, false);
        stopScrolling();
        return true;
    case QEvent::Drop: {
        auto *dropEvent = static_cast<QDropEvent *>(event);
        const QPoint pos = dropEvent->position().toPoint();
        highlight(watched, pos, false);
        stopScrolling();
        const Where where = targetAt(watched, pos);
        const DraggedFiles dropped = DraggedFiles::fromMime(dropEvent->mimeData());
        if (m_changes.isFrozen() || !fits(dropped, where.kind)) {
            dropEvent->ignore();
            return true;
        }
        dropEvent->setDropAction(Qt::CopyAction);
        dropEvent->accept();
        drop(dropped.paths, where);
        return true;
    }
    default:
        return QObject::eventFilter(watched, event);
    }
}

void ManifestDropController::drop(const QStringList &localPaths, Where where, Done done)
{
    ++m_running;
    // Every way a drop ends comes through here, at once or after reading and listing.
    done = [this, done = std::move(done)](bool staged) {
        --m_running;
        if (done) {
            done(staged);
        }
        emit dropFinished(staged);
    };
    if (where.kind == Where::Kind::AskTable) {
        const CatalogWorkspace *workspace = m_session.workspace();
        const std::optional<api::Identifier> table = questions().table(
            m_changes.delimiter(),
            workspace ? workspace->versionModel()->table() : std::optional<api::Identifier>());
        if (!table) {
            done(false);
            return;
        }
        where = {Where::Kind::Table, *table};
    }
    if (where.kind == Where::Kind::Nothing) {
        done(false);
        return;
    }
    // A table staged for declaration has no versions in the catalog yet.
    if (where.kind == Where::Kind::Table && !m_changes.knownState().versionsOf(where.id)
        && !isDeclarationStaged(where.id)) {
        listVersionsThenStage(localPaths, where, std::move(done));
        return;
    }
    stage(localPaths, where, std::move(done));
}

void ManifestDropController::listVersionsThenStage(const QStringList &localPaths,
                                                   const Where &where, Done done)
{
    // Versions already in the catalog are flagged before anything is staged, so a table whose
    // versions were never listed completely (not opened, or only its first page) is listed now.
    const QString table = where.id.toString(m_changes.delimiter());
    m_window.showStatus(tr("Listing the versions of %1 before staging…").arg(table));
    api::ListTableVersionsRequest request;
    request.id = where.id;
    client::PageCollector::collectAll(
        m_session.catalog(), request, this,
        [this, localPaths, where, table,
         done = std::move(done)](api::Result<api::ListTableVersionsResponse> listed) {
            m_window.clearStatus();
            QList<qint64> versions;
            if (listed) {
                for (const api::TableVersion &version : std::as_const(listed->versions)) {
                    versions << version.version;
                }
            } else {
                m_window.banner().showMessage(
                    MessageBanner::Severity::Warning,
                    tr("Nothing was staged: the versions of %1 could not be listed. %2")
                        .arg(table, listed.error().userMessage()),
                    listed.error().details());
                done(false);
                return;
            }
            m_changes.updateKnownState(
                [&](staging::KnownState &known) { known.setVersions(where.id, versions); });
            stage(localPaths, where, done);
        });
}

bool ManifestDropController::isDeclarationStaged(const api::Identifier &table) const
{
    const QList<api::CommitTableOperation> staged = m_changes.operations();
    return std::any_of(staged.cbegin(), staged.cend(), [&](const api::CommitTableOperation &op) {
        const auto *declare = std::get_if<api::DeclareTableRequest>(&op);
        return declare && declare->id == table;
    });
}

void ManifestDropController::stage(const QStringList &localPaths, const Where &where, Done done)
{
    auto run = std::make_shared<Run>(Run{localPaths, where, std::move(done), planner(where)});
    planInBackground(run);
}

void ManifestDropController::planInBackground(const std::shared_ptr<Run> &run)
{
    if (!run->paths.isEmpty() && storage::StorageUri::namesStoreObject(run->paths.first())) {
        planOnStore(run);
        return;
    }
    // Reading is system calls per file (about 20 µs each with a warm cache, 100 µs cold): a
    // `_versions/` folder of thousands of manifests would freeze the window for a second.
    m_window.showStatus(
        tr("Reading %n dropped file(s) or folder(s)…", nullptr, int(run->paths.size())));
    auto *watcher = new QFutureWatcher<ManifestDropPlan>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, run] {
        watcher->deleteLater();
        m_window.clearStatus();
        decide(run, watcher->result());
    });
    // The worker gets its own copy of the planner: the mapper and the known state inside are
    // values, and nothing on this thread changes them meanwhile.
    watcher->setFuture(QtConcurrent::run(
        [planner = run->planner, paths = run->paths] { return planner.plan(paths); }));
}

void ManifestDropController::planOnStore(const std::shared_ptr<Run> &run)
{
    m_window.showStatus(
        tr("Reading %n manifest(s) on the table's object store…", nullptr, int(run->paths.size())));
    m_session.manifests().reach(
        run->where.id, this, [this, run](const details::ManifestAccess &access) {
            auto *watcher = new QFutureWatcher<ManifestDropPlan>(this);
            connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, run] {
                watcher->deleteLater();
                m_window.clearStatus();
                decide(run, watcher->result());
            });
            // A store answers in milliseconds to seconds: never on the window's thread.
            watcher->setFuture(
                QtConcurrent::run([planner = run->planner, access, uris = run->paths] {
                    return planner.plan(access.readAllOnStore(uris));
                }));
        });
}

void ManifestDropController::decide(const std::shared_ptr<Run> &run, const ManifestDropPlan &plan)
{
    if (plan.needsMapping() && !run->mappingAsked) {
        run->mappingAsked = true;
        if (!questions().mapping(plan, m_settings, m_session.connection().profile().name)) {
            run->done(false);
            return;
        }
        run->planner = planner(run->where); // with the mapping just saved
        planInBackground(run);
        return;
    }
    if (!plan.datasets.isEmpty() && !run->named) {
        run->named = true;
        if (!questions().tableNames(run->planner, plan)) {
            run->done(false);
            return;
        }
        planInBackground(run);
        return;
    }
    if (!plan.notes.isEmpty()) {
        m_window.showStatus(plan.notes.join(u' '), WindowHost::StatusMessageMs);
    }
    if (!questions().stageDespiteProblems(plan) || plan.operations.isEmpty()) {
        run->done(false);
        return;
    }
    // Checked again here: the staged list may have changed while the files were read.
    const api::Result<void> staged
        = m_changes.stageAll(plan.operations, stepText(run->where, plan));
    if (!staged.hasValue()) {
        m_window.banner().showMessage(MessageBanner::Severity::Warning,
                                      staged.error().userMessage());
    }
    run->done(staged.hasValue());
}

ManifestDropQuestions ManifestDropController::questions() const
{
    return {m_prompter(), m_window.banner()};
}

ManifestDropPlanner ManifestDropController::planner(const Where &where) const
{
    const CatalogWorkspace *workspace = m_session.workspace();
    const QList<api::CommitTableOperation> staged = m_changes.operations();
    ManifestDropPlanner::Target target;
    if (where.kind == Where::Kind::Table) {
        // What was listed (completely, in KnownState, or as loaded in the versions view) plus
        // what is already staged for the table.
        QSet<qint64> known;
        if (const QSet<qint64> *listed = m_changes.knownState().versionsOf(where.id)) {
            known = *listed;
        }
        const catalog::TableVersionModel *versions
            = workspace ? workspace->versionModel() : nullptr;
        // A drop stages on main: another branch's listing says nothing of main's versions.
        if (versions && versions->table() == where.id
            && staging::KnownState::branchKey(versions->branch()).isEmpty()) {
            for (const api::TableVersion &version : versions->listedVersions()) {
                known.insert(version.version);
            }
        }
        for (const api::CommitTableOperation &operation : staged) {
            const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation);
            if (create && create->id == where.id) {
                known.insert(create->version);
            }
        }
        target = ManifestDropPlanner::Target::table(where.id, known);
    } else {
        QStringList tables;
        if (workspace) {
            const CatalogTreeModel *model = workspace->treeModel();
            const QModelIndex parent
                = where.id.isRoot() ? QModelIndex() : model->indexForId(where.id);
            for (int row = 0; row < model->rowCount(parent); ++row) {
                const QModelIndex child = model->index(row, 0, parent);
                if (CatalogTreeModel::kindOf(child) == CatalogNode::Kind::Table) {
                    tables << child.data(CatalogTreeModel::IdRole).toStringList().last();
                }
            }
        }
        for (const api::CommitTableOperation &operation : staged) {
            const auto *declare = std::get_if<api::DeclareTableRequest>(&operation);
            if (declare && !declare->id.isRoot() && parentOf(declare->id) == where.id) {
                tables << declare->id.names().last();
            }
        }
        target = ManifestDropPlanner::Target::inNamespace(where.id, tables);
    }
    target.delimiter = m_changes.delimiter();
    return ManifestDropPlanner(target, mapper());
}

drop::PathMapper ManifestDropController::mapper() const
{
    const connection::ConnectionProfile &profile = m_session.connection().profile();
    if (profile.kind == connection::ConnectionProfile::Kind::Local) {
        return lance::drop::PathMapper::local();
    }
    lance::drop::PathMapping mapping
        = lance::drop::PathMappingStore(m_settings).mapping(profile.name);
    return profile.isOnThisMachine() ? lance::drop::PathMapper::sameMachine(std::move(mapping))
                                     : lance::drop::PathMapper::remote(std::move(mapping));
}

QString ManifestDropController::stepText(const Where &where, const ManifestDropPlan &plan) const
{
    const QString delimiter = m_changes.delimiter();
    if (where.kind == Where::Kind::Table) {
        return tr("Register %n manifest(s) of %1", nullptr, int(plan.operations.size()))
            .arg(where.id.toString(delimiter));
    }
    QStringList names;
    for (const ManifestDropPlan::Dataset &dataset : plan.datasets) {
        names << dataset.tableName;
    }
    return tr("Register %n dataset(s): %1", nullptr, int(plan.datasets.size()))
        .arg(names.join(u", "_s));
}

} // namespace lance::ui
