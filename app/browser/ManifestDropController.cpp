// SPDX-License-Identifier: Apache-2.0
#include "ManifestDropController.h"

#include "CatalogSession.h"
#include "CatalogTreeView.h"
#include "CatalogWorkspace.h"
#include "DropHighlight.h"
#include "MainWindow.h"
#include "MessageBanner.h"
#include "PendingChangesPanel.h"
#include "Prompter.h"
#include "VersionsPanel.h"
#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "manifest/ManifestDropPlanner.h"
#include "manifest/PathMappingStore.h"
#include "staging/PendingChanges.h"

#include <QDir>
#include <QDragMoveEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QScrollBar>
#include <QStatusBar>
#include <QTableView>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::browser {

namespace {

using catalog::CatalogNode;
using catalog::CatalogTreeModel;
using manifest::ManifestDropPlan;
using manifest::ManifestDropPlanner;

api::Identifier parentOf(const api::Identifier &id)
{
    return api::Identifier(id.names().mid(0, id.names().size() - 1));
}

} // namespace

ManifestDropController::ManifestDropController(ui::MainWindow &window, CatalogSession &session,
                                               staging::PendingChanges &changes,
                                               ui::PendingChangesPanel *panel, QSettings &settings,
                                               PrompterSource prompter, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_changes(changes)
    , m_panel(panel)
    , m_settings(settings)
    , m_prompter(std::move(prompter))
{
    m_autoScroll.setInterval(AutoScrollMs);
    connect(&m_autoScroll, &QTimer::timeout, this, &ManifestDropController::scrollTree);
    connect(&session, &CatalogSession::checked, this, &ManifestDropController::watchWorkspace);
    watchWorkspace();
}

void ManifestDropController::watchWorkspace()
{
    ui::CatalogWorkspace *workspace = m_session.workspace();
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
    if (ui::VersionsPanel *versions = workspace->versionsPanel()) {
        targets << versions->tableView()->viewport();
    }
    if (m_panel) {
        targets << m_panel.data();
    }
    for (QWidget *target : std::as_const(targets)) {
        target->setAcceptDrops(true);
        target->installEventFilter(this);
        // The versions view and the panel light up as a whole, the tree outlines a row. The
        // panel outlives workspaces: one overlay, however many catalogs were opened.
        if ((!tree || target != tree->viewport()) && !overlayOf(target)) {
            new ui::DropHighlight(target);
        }
    }
}

ManifestDropController::Where ManifestDropController::targetAt(QObject *watched,
                                                               const QPoint &pos) const
{
    Where where;
    const ui::CatalogWorkspace *workspace = m_session.workspace();
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
    ui::VersionsPanel *versions = workspace->versionsPanel();
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

QStringList ManifestDropController::localPaths(const QMimeData *mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls()) {
        return paths;
    }
    const QList<QUrl> urls = mime->urls();
    for (const QUrl &url : urls) {
        if (!url.isLocalFile()) {
            return {}; // a web page or a remote file: nothing here can register it
        }
        paths << url.toLocalFile();
    }
    return paths;
}

ManifestDropController::Dragged ManifestDropController::classify(const QStringList &paths)
{
    // Cheap checks only: whether some path is the kind of thing a target takes. The planner
    // reads the files on drop and reports the rest.
    Dragged dragged;
    for (const QString &path : paths) {
        const QFileInfo info(path);
        if (info.isDir() && ManifestDropPlanner::isDatasetFolder(path)) {
            dragged.datasets = true;
        }
        if ((info.isDir() && info.fileName() == u"_versions"_s)
            || (info.isFile() && info.fileName().contains(u".manifest"_s))) {
            dragged.manifests = true;
        }
    }
    return dragged;
}

bool ManifestDropController::fits(const Dragged &dragged, Where::Kind kind)
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
    const ui::CatalogWorkspace *workspace = m_session.workspace();
    auto *tree = workspace ? qobject_cast<ui::CatalogTreeView *>(workspace->treeView()) : nullptr;
    if (tree && watched == tree->viewport()) {
        tree->setDropHighlight(on ? tree->indexAt(pos) : QModelIndex());
        return;
    }
    if (ui::DropHighlight *overlay = overlayOf(watched)) {
        overlay->setVisible(on);
    }
}

ui::DropHighlight *ManifestDropController::overlayOf(QObject *target)
{
    return target->findChild<ui::DropHighlight *>(QString(), Qt::FindDirectChildrenOnly);
}

void ManifestDropController::autoScroll(QObject *watched, const QPoint &pos)
{
    const QTreeView *tree = m_session.workspace() ? m_session.workspace()->treeView() : nullptr;
    if (!tree || watched != tree->viewport()) {
        return;
    }
    m_treeDragPos = pos;
    m_scrollDirection = 0;
    if (mayFit()) {
        if (pos.y() < AutoScrollMargin) {
            m_scrollDirection = -1;
        } else if (pos.y() >= tree->viewport()->height() - AutoScrollMargin) {
            m_scrollDirection = 1;
        }
    }
    if (m_scrollDirection == 0) {
        m_autoScroll.stop();
    } else if (!m_autoScroll.isActive()) {
        m_autoScroll.start();
    }
}

void ManifestDropController::scrollTree()
{
    QTreeView *tree = m_session.workspace() ? m_session.workspace()->treeView() : nullptr;
    if (!tree) {
        m_autoScroll.stop();
        return;
    }
    // Not stopped at either end: rows may still be loading in, and a pointer held still in
    // the zone sends no move event that could start the timer again.
    tree->verticalScrollBar()->triggerAction(m_scrollDirection < 0
                                                 ? QAbstractSlider::SliderSingleStepSub
                                                 : QAbstractSlider::SliderSingleStepAdd);
    // Another row is under the pointer now: outline that one, as its next move would.
    QWidget *viewport = tree->viewport();
    highlight(viewport, m_treeDragPos, accepts(viewport, m_treeDragPos));
}

bool ManifestDropController::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto *drag = static_cast<QDragMoveEvent *>(event);
        if (event->type() == QEvent::DragEnter) {
            m_dragged = classify(localPaths(drag->mimeData()));
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
        autoScroll(watched, pos); // valid or not: a valid row may be further up or down
        return true;
    }
    case QEvent::DragLeave:
        highlight(watched, {}, false);
        m_autoScroll.stop();
        return true;
    case QEvent::Drop: {
        auto *dropEvent = static_cast<QDropEvent *>(event);
        const QPoint pos = dropEvent->position().toPoint();
        highlight(watched, pos, false);
        m_autoScroll.stop();
        const Where where = targetAt(watched, pos);
        const QStringList paths = localPaths(dropEvent->mimeData());
        if (m_changes.isFrozen() || !fits(classify(paths), where.kind)) {
            dropEvent->ignore();
            return true;
        }
        dropEvent->setDropAction(Qt::CopyAction);
        dropEvent->accept();
        drop(paths, where);
        return true;
    }
    default:
        return QObject::eventFilter(watched, event);
    }
}

bool ManifestDropController::drop(const QStringList &localPaths, Where where)
{
    if (where.kind == Where::Kind::AskTable) {
        const std::optional<api::Identifier> table = askTable();
        if (!table) {
            return false;
        }
        where = {Where::Kind::Table, *table};
    }
    if (where.kind == Where::Kind::Nothing) {
        return false;
    }
    ManifestDropPlanner planner = this->planner(where);
    ManifestDropPlan plan = planner.plan(localPaths);
    if (plan.needsMapping()) {
        if (!askMapping(plan)) {
            return false;
        }
        planner = this->planner(where);
        plan = planner.plan(localPaths);
    }
    if (!plan.datasets.isEmpty()) {
        if (!askTableNames(planner, plan)) {
            return false;
        }
        plan = planner.plan(localPaths);
    }
    if (!plan.notes.isEmpty()) {
        m_window.statusBar()->showMessage(plan.notes.join(u' '), ui::MainWindow::StatusMessageMs);
    }
    if (plan.hasProblems()) {
        ui::Prompter::Question question;
        question.severity = ui::Prompter::Severity::Warning;
        question.title = tr("Register Dropped Files");
        question.text = tr("%n dropped file(s) or folder(s) cannot be registered.", nullptr,
                           int(plan.problems.size()));
        question.details = plan.problemMessages().join(u'\n');
        if (!plan.operations.isEmpty()) {
            question.informativeText
                = tr("The valid part is %n operation(s); nothing is staged unless you stage it.",
                     nullptr, int(plan.operations.size()));
            question.choices << ui::Prompter::Choice{tr("&Stage the Valid Part"),
                                                     ui::Prompter::ChoiceRole::Accept};
        } else {
            question.informativeText = tr("Nothing was staged.");
        }
        question.choices << ui::Prompter::Choice{tr("Cancel"), ui::Prompter::ChoiceRole::Reject};
        const int answer = m_prompter().ask(question);
        if (plan.operations.isEmpty() || answer != 0) {
            return false;
        }
    }
    if (plan.operations.isEmpty()) {
        return false;
    }
    if (const std::optional<QString> refusal
        = m_changes.stageAll(plan.operations, stepText(where, plan))) {
        m_window.messageBanner()->showMessage(ui::MessageBanner::Severity::Warning, *refusal);
        return false;
    }
    return true;
}

std::optional<api::Identifier> ManifestDropController::askTable()
{
    const QString delimiter = m_changes.delimiter();
    ui::Prompter::TextQuestion question;
    question.title = tr("Register Dropped Manifests");
    question.label = tr("The table to register the versions of, as its identifier:");
    if (const ui::CatalogWorkspace *workspace = m_session.workspace()) {
        if (const std::optional<api::Identifier> shown = workspace->versionModel()->table()) {
            question.text = shown->toString(delimiter);
        }
    }
    question.placeholder = tr("namespace%1table").arg(delimiter);
    const std::optional<QString> answer = m_prompter().askText(question);
    if (!answer) {
        return std::nullopt;
    }
    const api::Result<api::Identifier> parsed
        = api::Identifier::parse(answer->trimmed(), delimiter);
    if (!parsed || parsed->isRoot()) {
        m_window.messageBanner()->showMessage(
            ui::MessageBanner::Severity::Warning,
            tr("\"%1\" is not a table identifier; nothing was staged.").arg(*answer));
        return std::nullopt;
    }
    return *parsed;
}

bool ManifestDropController::askMapping(const ManifestDropPlan &plan)
{
    const QString profile = m_session.connection().profile().name;
    const QStringList unmapped = plan.unmappedPaths();
    ui::Prompter::TextQuestion question;
    question.title = tr("Path Mapping");
    question.label = tr("The server cannot see %1 as it is. Map a local folder to the storage "
                        "URI the server reads there, as LOCAL=URI:")
                         .arg(unmapped.value(0));
    question.text = QFileInfo(unmapped.value(0)).absolutePath() + u'=';
    question.placeholder = tr("/mnt/lake/=s3://lake/");
    const std::optional<QString> answer = m_prompter().askText(question);
    if (!answer) {
        return false;
    }
    const qsizetype equals = answer->indexOf(u'=');
    const manifest::PathMapping mapping(answer->left(equals).trimmed(),
                                        equals < 0 ? QString() : answer->mid(equals + 1).trimmed());
    std::optional<QString> refusal = mapping.check();
    if (!refusal) {
        // Adds to the rules already saved: another folder may be mapped there.
        manifest::PathMappingStore store(m_settings);
        QList<manifest::PathMapping::Rule> rules = store.mapping(profile).rules();
        rules << mapping.rules();
        refusal = store.setMapping(profile, manifest::PathMapping(rules));
    }
    if (refusal) {
        m_window.messageBanner()->showMessage(ui::MessageBanner::Severity::Warning, *refusal);
        return false;
    }
    return true;
}

bool ManifestDropController::askTableNames(ManifestDropPlanner &planner,
                                           const ManifestDropPlan &plan)
{
    for (const ManifestDropPlan::Dataset &dataset : plan.datasets) {
        ui::Prompter::TextQuestion question;
        question.title = tr("Register a Dataset");
        question.label = tr("The table name for %1:").arg(QDir::toNativeSeparators(dataset.folder));
        question.text = dataset.tableName;
        const std::optional<QString> name = m_prompter().askText(question);
        if (!name) {
            return false;
        }
        planner.setTableName(dataset.folder, name->trimmed());
    }
    return true;
}

ManifestDropPlanner ManifestDropController::planner(const Where &where) const
{
    const ui::CatalogWorkspace *workspace = m_session.workspace();
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
        if (versions && versions->table() == where.id) {
            for (int row = 0; row < versions->rowCount(); ++row) {
                known.insert(versions->versionAt(row).version);
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

manifest::PathMapper ManifestDropController::mapper() const
{
    const connection::ConnectionProfile &profile = m_session.connection().profile();
    return profile.kind == connection::ConnectionProfile::Kind::Local
               ? manifest::PathMapper::local()
               : manifest::PathMapper::remote(
                   manifest::PathMappingStore(m_settings).mapping(profile.name));
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

} // namespace lance::browser
