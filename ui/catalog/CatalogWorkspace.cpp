// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CatalogWorkspace.h"

#include "catalog/CatalogCopy.h"
#include "catalog/CatalogFilterModel.h"
#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "details/DetailsLoader.h"
#include "ui/catalog/BranchSelector.h"
#include "ui/catalog/CatalogTreeController.h"
#include "ui/catalog/CatalogTreeView.h"
#include "ui/catalog/CatalogViewModel.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/HealthFollower.h"
#include "ui/catalog/RowsFollower.h"
#include "ui/catalog/SchemaFollower.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/Icons.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/MessageBoxPrompter.h"
#include "ui/common/WindowHost.h"
#include "ui/staging/StagedTreeHeader.h"
#include "ui/window/CatalogPane.h"
#include "ui/window/ShortcutsDialog.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QLineEdit>
#include <QTableView>

namespace lance::ui {

using catalog::CatalogCopy;
using catalog::CatalogFilterModel;
using catalog::CatalogNode;
using catalog::CatalogTreeModel;
using catalog::TableVersionModel;
using Kind = CatalogNode::Kind;
using LoadState = CatalogNode::LoadState;
using Id = WindowActions::Id;

namespace {

void putOnClipboard(const QString &text)
{
    if (!text.isEmpty()) {
        QGuiApplication::clipboard()->setText(text);
    }
}

} // namespace

CatalogWorkspace::CatalogWorkspace(WindowHost &window, api::CatalogService &service,
                                   QString delimiter, activity::ActivityTracker *tracker,
                                   int pageSize, QObject *parent)
    : QObject(parent)
    , m_window(&window)
    , m_windowAlive(window.dialogParent())
    , m_delimiter(std::move(delimiter))
    , m_dialogs(std::make_unique<MessageBoxPrompter>(window.dialogParent()))
{
    m_tree = new CatalogTreeModel(&service, m_delimiter, tracker, this);
    m_tree->setPageSize(pageSize);
    m_filter = new CatalogViewModel(m_tree, this);
    m_versions = new TableVersionModel(&service, m_delimiter, tracker, this);
    // Versions are longer records than names, and a table rarely has thousands.
    m_versions->setPageSize(std::min(pageSize, int(TableVersionModel::DefaultPageSize)));
    m_details = new details::DetailsLoader(&service, tracker, m_delimiter, this);
    m_retryAction = new QAction(Icons::icon(Icons::Id::Refresh), tr("&Retry"), this);
    m_retryAction->setStatusTip(tr("List the failed namespace again"));

    createWidgets(window);
    m_health = new HealthFollower(&service, tracker, m_delimiter, m_detailsPanel, this);
    // The Rows tab shows the rows of the version the Versions view has current.
    new RowsFollower(&service, m_delimiter, m_versionsPanel, m_detailsPanel, this);
    m_branchSelector = new BranchSelector(&service, m_versions);
    m_versionsPanel->addHeader(m_branchSelector);
    connectModels();
    connectWindow(window);
    updateActions();
    m_tree->fetchMore({}); // at once, not when the view is first laid out
}

CatalogWorkspace::~CatalogWorkspace()
{
    // A newer workspace that took the panes has set the commands for its own selection.
    if (m_windowAlive && m_view && m_window->catalogPane().view() == m_view) {
        disableActions();
    }
}

void CatalogWorkspace::createWidgets(WindowHost &window)
{
    // Before anything is connected: the text was typed for the previous catalog.
    window.catalogPane().filterEdit()->clear();

    WindowActions *actions = &window.actions();
    auto *view = new CatalogTreeView;
    // Before the model: the header is where tables staged at the top level are noted.
    view->setHeader(new StagedTreeHeader(view));
    view->setModel(m_filter);
    view->setContextActions({actions->action(Id::Copy), actions->action(Id::CopyIdentifier),
                             actions->action(Id::CopyLocation), nullptr, m_retryAction,
                             actions->action(Id::LoadAll), actions->action(Id::Refresh), nullptr,
                             actions->action(Id::DeclareTable), actions->action(Id::CreateVersion),
                             actions->action(Id::DeregisterTable),
                             actions->action(Id::RenameTable)});
    // Delete deregisters only while the tree has the focus: the window holds every action for
    // its shortcuts, and the Pending Changes panel's Delete removes a row.
    auto *deleteKey = new QAction(view);
    ShortcutsDialog::markViewKey(deleteKey, tr("Deregister the selected tables"),
                                 tr("in the tree"));
    deleteKey->setShortcut(QKeySequence::Delete);
    deleteKey->setShortcutContext(Qt::WidgetShortcut);
    connect(deleteKey, &QAction::triggered, actions->action(Id::DeregisterTable),
            &QAction::trigger);
    view->addAction(deleteKey);
    // F2 renames in the tree, as in file managers; in the Pending Changes panel it edits a row.
    auto *renameKey = new QAction(view);
    ShortcutsDialog::markViewKey(renameKey, tr("Rename the selected table"), tr("in the tree"));
    renameKey->setShortcut(QKeySequence(Qt::Key_F2));
    renameKey->setShortcutContext(Qt::WidgetShortcut);
    connect(renameKey, &QAction::triggered, actions->action(Id::RenameTable), &QAction::trigger);
    view->addAction(renameKey);
    window.setPane(WindowHost::Pane::Catalog, view);
    m_view = view;
    m_controller = new CatalogTreeController(m_tree, m_filter, view, this);

    m_detailsPanel = new DetailsPanel;
    window.setPane(WindowHost::Pane::Details, m_detailsPanel);
    m_versionsPanel = new VersionsPanel(m_versions);
    // The Schema tab shows the schema of the version the Versions view has current.
    new SchemaFollower(m_versionsPanel, m_detailsPanel, this);
    // Delete in the versions view opens Delete Versions… for the selected versions.
    auto *deleteVersionsKey = new QAction(m_versionsPanel->tableView());
    ShortcutsDialog::markViewKey(deleteVersionsKey, tr("Delete the selected versions"),
                                 tr("in the Versions view"));
    deleteVersionsKey->setShortcut(QKeySequence::Delete);
    deleteVersionsKey->setShortcutContext(Qt::WidgetShortcut);
    connect(deleteVersionsKey, &QAction::triggered, actions->action(Id::DeleteVersions),
            &QAction::trigger);
    m_versionsPanel->tableView()->addAction(deleteVersionsKey);
    // Enter or a double click on a version compares it with the one before it.
    connect(m_versionsPanel->tableView(), &QAbstractItemView::activated,
            actions->action(Id::CompareVersions), &QAction::trigger);
    m_versionsPanel->addCommand(actions->action(Id::CompareVersions));
    m_versionsPanel->addCommand(actions->action(Id::RestoreVersion));
    m_versionsPanel->addCommand(actions->action(Id::NewBranch));
    window.setPane(WindowHost::Pane::Versions, m_versionsPanel);
}

void CatalogWorkspace::connectWindow(WindowHost &window)
{
    WindowActions *actions = &window.actions();
    // Find needs nothing here: the window connects it to CatalogPane::focusFilter.
    connect(actions->action(Id::Copy), &QAction::triggered, this, &CatalogWorkspace::copy);
    connect(actions->action(Id::CopyIdentifier), &QAction::triggered, this,
            &CatalogWorkspace::copyIdentifier);
    connect(actions->action(Id::CopyLocation), &QAction::triggered, this,
            &CatalogWorkspace::copyLocation);
    connect(actions->action(Id::GoToIdentifier), &QAction::triggered, this,
            &CatalogWorkspace::goToIdentifier);
    connect(actions->action(Id::Refresh), &QAction::triggered, this, &CatalogWorkspace::refresh);
    connect(actions->action(Id::LoadAll), &QAction::triggered, this, &CatalogWorkspace::loadAll);
    connect(m_retryAction, &QAction::triggered, this, &CatalogWorkspace::retry);
    connect(&window.catalogPane(), &CatalogPane::filterChanged, m_controller,
            &CatalogTreeController::setFilterText);
    // "N of M" beside the filter, again as pages of names arrive.
    CatalogPane *pane = &window.catalogPane();
    const auto countMatches = [this, pane] {
        if (m_filter->filterText().isEmpty()) {
            pane->setMatchCount(0, 0); // hidden: no walk of what is loaded
            return;
        }
        const catalog::CatalogFilterModel::MatchCount counted = m_filter->matchCount();
        pane->setMatchCount(counted.matching, counted.loaded);
    };
    connect(m_filter, &catalog::CatalogFilterModel::filterTextChanged, pane, countMatches);
    connect(m_tree, &QAbstractItemModel::rowsInserted, pane, countMatches);
    connect(m_tree, &QAbstractItemModel::modelReset, pane, countMatches);
    connect(m_view, &CatalogTreeView::escapePressed, this, [this] {
        if (m_windowAlive && !m_filter->filterText().isEmpty()) {
            m_window->catalogPane().filterEdit()->clear();
        }
    });
    connect(m_detailsPanel, &DetailsPanel::retryRequested, m_details,
            &details::DetailsLoader::reload);
    // A newer workspace took the panes (deleting this tree): the commands are its own now.
    connect(m_view, &QObject::destroyed, this, [this] {
        if (m_windowAlive) {
            for (QAction *action : m_window->actions().all()) {
                action->disconnect(this);
            }
            m_window->catalogPane().disconnect(m_controller);
        }
    });
}

void CatalogWorkspace::connectModels()
{
    connect(m_controller, &CatalogTreeController::currentChanged, this,
            &CatalogWorkspace::setCurrent);
    connect(m_controller, &CatalogTreeController::stateChanged, this,
            &CatalogWorkspace::updateActions);
    connect(m_controller, &CatalogTreeController::firstPageLoaded, this,
            &CatalogWorkspace::firstPageLoaded);
    connect(m_controller, &CatalogTreeController::notFound, this, [this](const QString &reason) {
        if (m_windowAlive) {
            m_window->banner().showMessage(MessageBanner::Severity::Warning, reason);
        }
    });
    connect(m_controller, &CatalogTreeController::filterClearRequested, this, [this] {
        if (m_windowAlive) {
            m_window->catalogPane().filterEdit()->clear();
        }
    });

    connect(m_details, &details::DetailsLoader::loadingStarted, this,
            [this](const api::Identifier &id) {
                if (m_detailsPanel) {
                    m_detailsPanel->showLoading(id, m_delimiter);
                }
            });
    connect(m_details, &details::DetailsLoader::loaded, this,
            [this](const details::ObjectDetails &loaded) {
                m_loaded = loaded;
                // The Versions view's Tags column, from the tags the details listed.
                if (loaded.tags && m_versions->table() == loaded.id) {
                    m_versions->setTags(loaded.tags->tags);
                }
                if (m_detailsPanel) {
                    m_detailsPanel->showDetails(loaded, m_delimiter);
                }
                updateActions();
                emit detailsSettled();
            });
    connect(m_details, &details::DetailsLoader::failed, this,
            [this](const api::Identifier &id, const api::ApiError &error) {
                if (m_detailsPanel) {
                    m_detailsPanel->showFailure(id, error);
                }
                updateActions();
                emit detailsSettled();
            });
}

QTreeView *CatalogWorkspace::treeView() const
{
    return m_view;
}

CatalogFilterModel *CatalogWorkspace::filterModel() const
{
    return m_filter;
}

DetailsPanel *CatalogWorkspace::detailsPanel() const
{
    return m_detailsPanel;
}

VersionsPanel *CatalogWorkspace::versionsPanel() const
{
    return m_versionsPanel;
}

BranchSelector *CatalogWorkspace::branchSelector() const
{
    return m_branchSelector;
}

void CatalogWorkspace::setPrompter(Prompter *prompter)
{
    m_prompter = prompter;
}

Prompter &CatalogWorkspace::prompter()
{
    return m_prompter ? *m_prompter : *m_dialogs;
}

void CatalogWorkspace::select(const api::Identifier &id)
{
    m_controller->select(id);
}

std::optional<api::Identifier> CatalogWorkspace::currentIdentifier() const
{
    return m_controller->current();
}

std::optional<api::Identifier> CatalogWorkspace::currentTable() const
{
    const std::optional<api::Identifier> current = currentIdentifier();
    if (!current
        || CatalogTreeModel::kindOf(m_tree->indexForId(*current)) != CatalogNode::Kind::Table) {
        return std::nullopt;
    }
    return current;
}

api::Identifier CatalogWorkspace::currentNamespace() const
{
    const std::optional<api::Identifier> current = currentIdentifier();
    if (!current) {
        return {};
    }
    return currentTable() ? current->parent() : *current;
}

void CatalogWorkspace::setCurrent(const std::optional<api::Identifier> &id, bool table)
{
    m_loaded.reset();
    if (!id) {
        m_details->clear();
        if (m_detailsPanel) {
            m_detailsPanel->showNothing();
        }
        m_versions->clear();
    } else if (table) {
        m_details->loadTable(*id);
        m_versions->setTable(*id);
    } else {
        m_details->loadNamespace(*id);
        m_versions->clear();
    }
    updateActions();
    emit currentChanged(id);
}

QList<api::Identifier> CatalogWorkspace::selectedTables() const
{
    QList<api::Identifier> tables;
    for (const QModelIndex &row : m_controller->selectedRows()) {
        if (catalog::CatalogNode::Kind(row.data(CatalogTreeModel::KindRole).toInt())
            == catalog::CatalogNode::Kind::Table) {
            tables << api::Identifier(row.data(CatalogTreeModel::IdRole).toStringList());
        }
    }
    return tables;
}

void CatalogWorkspace::copy()
{
    putOnClipboard(CatalogCopy::text(m_controller->selectedRows(), CatalogCopy::Field::Name));
}

void CatalogWorkspace::copyIdentifier()
{
    putOnClipboard(
        CatalogCopy::text(m_controller->selectedRows(), CatalogCopy::Field::FullIdentifier));
}

void CatalogWorkspace::copyLocation()
{
    if (const std::optional<QString> location = loadedLocation()) {
        putOnClipboard(*location);
    }
}

std::optional<QString> CatalogWorkspace::loadedLocation() const
{
    // Only from the details already read: Copy must not wait for a request.
    const std::optional<api::Identifier> current = m_controller->current();
    if (!m_loaded || !current || m_loaded->id != *current || !m_loaded->tableDescription) {
        return std::nullopt;
    }
    const api::DescribeTableResponse &table = *m_loaded->tableDescription;
    if (table.location && !table.location->isEmpty()) {
        return table.location;
    }
    if (table.tableUri && !table.tableUri->isEmpty()) {
        return table.tableUri;
    }
    return std::nullopt;
}

void CatalogWorkspace::goToIdentifier()
{
    Prompter::TextQuestion question;
    question.title = tr("Go to Identifier");
    question.label = tr("Namespace or table, its names joined by “%1”:").arg(m_delimiter);
    const std::optional<api::Identifier> current = m_controller->current();
    question.text = current ? current->toString(m_delimiter) : QString();
    question.placeholder = tr("sales%1orders").arg(m_delimiter);
    const std::optional<QString> answer = prompter().askText(question);
    const QString text = answer ? answer->trimmed() : QString();
    if (text.isEmpty()) {
        return;
    }
    const api::Result<api::Identifier> id = api::Identifier::parse(text, m_delimiter);
    if (!id) {
        if (m_windowAlive) {
            m_window->banner().showMessage(
                MessageBanner::Severity::Warning,
                tr("“%1” is not an identifier: %2").arg(text, id.error().userMessage()));
        }
        return;
    }
    select(*id);
}

void CatalogWorkspace::refresh()
{
    m_controller->refresh();
    // The tree puts the selection back without reloading it: its details are read here.
    if (const std::optional<api::Identifier> current = m_controller->current()) {
        m_loaded.reset();
        m_details->reload();
        if (m_controller->currentIsTable()) {
            m_versions->setTable(*current);
            // Branches made or deleted elsewhere; the one shown stays while it exists.
            if (m_branchSelector) {
                m_branchSelector->relist();
            }
        }
    }
    updateActions();
}

void CatalogWorkspace::readTableAgain()
{
    const std::optional<api::Identifier> table = currentTable();
    if (!table) {
        return;
    }
    m_loaded.reset();
    m_details->reload();
    m_versions->setTable(*table);
    updateActions();
}

void CatalogWorkspace::refreshAfterRemoving(const QList<api::Identifier> &gone)
{
    if (const std::optional<api::Identifier> current = m_controller->current();
        current && gone.contains(*current)) {
        const api::Identifier parent = current->parent();
        if (parent.isRoot()) {
            if (m_view) {
                m_view->selectionModel()->clear();
            }
        } else {
            select(parent);
        }
        m_versions->clear();
    }
    refresh();
}

void CatalogWorkspace::loadAll()
{
    m_controller->loadAll();
}

void CatalogWorkspace::retry()
{
    m_controller->retry();
}

void CatalogWorkspace::updateActions()
{
    if (!m_windowAlive || !m_view) {
        return; // the window's commands belong to the workspace showing its tree
    }
    WindowActions *actions = &m_window->actions();
    const bool selected = !m_controller->selectedRows().isEmpty();
    actions->action(Id::Copy)->setEnabled(selected);
    actions->action(Id::CopyIdentifier)->setEnabled(selected);
    actions->action(Id::CopyLocation)->setEnabled(loadedLocation().has_value());
    actions->action(Id::GoToIdentifier)->setEnabled(true);
    actions->action(Id::LoadAll)->setEnabled(m_controller->canLoadAll());
    m_retryAction->setEnabled(m_controller->canRetry());
}

void CatalogWorkspace::disableActions()
{
    for (const Id id :
         {Id::Copy, Id::CopyIdentifier, Id::CopyLocation, Id::GoToIdentifier, Id::LoadAll}) {
        m_window->actions().action(id)->setEnabled(false);
    }
}

} // namespace lance::ui
