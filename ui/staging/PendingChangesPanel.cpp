// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/PendingChangesPanel.h"

#include "staging/PendingChanges.h"
#include "staging/StagedRenames.h"
#include "ui/common/Icons.h"
#include "ui/common/Prompter.h"
#include "ui/common/VisibleRows.h"
#include "ui/staging/PendingRowDelegate.h"
#include "ui/window/ShortcutsDialog.h"

#include <QAction>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableView>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::ui {

using staging::PendingChanges;

PendingChangesPanel::PendingChangesPanel(PendingChanges &changes, Prompter &prompter,
                                         QWidget *parent)
    : QWidget(parent)
    , m_changes(changes)
    , m_prompter(prompter)
{
    m_toolBar = new QToolBar(this);
    m_toolBar->setIconSize(QSize(16, 16));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    // Undo, Redo, Export and Import have their keys on the window's actions of the same names
    // (Edit and Changes menus), which trigger these: one key, one action.
    m_undo = addAction(u"undoAction"_s, tr("Undo"), tr("Take back the last staging step"));
    m_redo = addAction(u"redoAction"_s, tr("Redo"), tr("Do again what was undone"));
    m_toolBar->addSeparator();
    m_edit = addAction(u"editAction"_s, tr("Edit…"), tr("Change the selected operation"));
    m_edit->setShortcut(QKeySequence(Qt::Key_F2));
    ShortcutsDialog::markViewKey(m_edit, m_edit->text(), tr("in Pending Changes"));
    m_edit->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_remove = addAction(u"removeAction"_s, tr("Remove"), tr("Unstage the selected operations"));
    m_remove->setShortcut(QKeySequence::Delete);
    ShortcutsDialog::markViewKey(m_remove, m_remove->text(), tr("in Pending Changes"));
    m_remove->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_discard = addAction(u"discardAction"_s, tr("Discard All…"), tr("Unstage everything"));
    m_toolBar->addSeparator();
    m_export = addAction(u"exportAction"_s, tr("Export…"),
                         tr("Save the staged batch as a batch-commit JSON file"));
    m_import = addAction(u"importAction"_s, tr("Import…"),
                         tr("Stage the operations of a batch-commit JSON file"));
    // The tool bar is narrow in a side dock: text for the common steps, icons and tooltips for
    // the rest (they are in the Changes menu as well), so nothing hides behind the chevron.
    m_undo->setIcon(Icons::icon(Icons::Id::Undo));
    m_redo->setIcon(Icons::icon(Icons::Id::Redo));
    m_export->setIcon(Icons::icon(Icons::Id::Export));
    m_import->setIcon(Icons::icon(Icons::Id::Import));
    m_discard->setIcon(Icons::icon(Icons::Id::Cancel));
    for (QAction *quiet : {m_undo, m_redo, m_discard, m_export, m_import}) {
        quiet->setPriority(QAction::LowPriority);
    }

    // How many rows have problems, above the rows; a click selects the next one.
    m_problems = new QPushButton(this);
    m_problems->setObjectName(u"problemsButton"_s);
    m_problems->setFlat(true);
    m_problems->setStyleSheet(u"text-align: left"_s);
    m_problems->setToolTip(tr("Select the next row with a problem"));
    m_problems->hide();
    connect(m_problems, &QPushButton::clicked, this, &PendingChangesPanel::selectNextProblem);

    m_table = new QTableView(this);
    m_table->setObjectName(u"pendingTable"_s);
    m_table->setModel(&m_changes);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setWordWrap(false);
    m_table->setItemDelegate(new PendingRowDelegate(m_table));
    m_table->verticalHeader()->setVisible(false);
    VisibleRows::keep(m_table);
    // The columns share the dock's width, so no sideways scroll hides one: the change fits its
    // words, the others are elided (whole in their tooltips, which carry the problems too).
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Stretch);
    header->setSectionResizeMode(PendingChanges::KindColumn, QHeaderView::ResizeToContents);
    // Narrow enough that the stretched columns still fit a narrow dock (a small screen).
    header->setMinimumSectionSize(m_table->fontMetrics().averageCharWidth() * 3);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    m_table->addAction(m_remove);
    m_table->addAction(m_edit);
    m_table->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_empty = new QLabel(tr("Nothing is staged.\n\nStaged changes are listed here and sent "
                            "together, as one atomic commit."),
                         this);
    m_empty->setObjectName(u"emptyLabel"_s);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setEnabled(false);
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(m_empty);
    m_pages->addWidget(m_table);

    // Renames cannot ride in the batch: they get a list of their own, under a line that says
    // when they run and that they are not part of its all-or-nothing.
    m_renamesLabel
        = new QLabel(tr("After the batch, one by one; not part of its all-or-nothing:"), this);
    m_renamesLabel->setObjectName(u"renamesLabel"_s);
    m_renamesLabel->setWordWrap(true);
    m_renamesLabel->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_renamesLabel->setToolTip(
        tr("Renames are applied on their own, one by one, after the batch has been committed. "
           "If the batch fails they are not tried; if one fails, the batch stays committed and "
           "that rename, with those after it, stays staged."));
    m_renamesTable = new QTableView(this);
    m_renamesTable->setObjectName(u"renamesTable"_s);
    m_renamesTable->setModel(&m_changes.renames());
    m_renamesTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_renamesTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_renamesTable->setWordWrap(false);
    m_renamesTable->verticalHeader()->setVisible(false);
    m_renamesTable->horizontalHeader()->setVisible(false);
    m_renamesTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_renamesTable->horizontalHeader()->setSectionResizeMode(PendingChanges::KindColumn,
                                                             QHeaderView::ResizeToContents);
    m_renamesTable->setColumnHidden(PendingChanges::ProblemsColumn, true);
    m_renamesTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_renamesTable->setTabKeyNavigation(false);
    m_renamesTable->addAction(m_remove);

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_commit = new QPushButton(Icons::icon(Icons::Id::Positive), tr("Commit"), this);
    m_commit->setObjectName(u"commitButton"_s);
    m_commit->setDefault(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_problems);
    layout->addWidget(m_pages, 1);
    layout->addWidget(m_renamesLabel);
    layout->addWidget(m_renamesTable);
    // Takes the room only when the batch's list is hidden (only renames staged), so that the
    // renames stay at the top rather than float in the middle.
    layout->addStretch(0);
    layout->addWidget(m_status);
    layout->addWidget(m_commit);

    connect(m_undo, &QAction::triggered, this, [this] { report(m_changes.undo()); });
    connect(m_redo, &QAction::triggered, this, [this] { report(m_changes.redo()); });
    connect(m_remove, &QAction::triggered, this, &PendingChangesPanel::removeSelected);
    connect(m_discard, &QAction::triggered, this, &PendingChangesPanel::discardAll);
    connect(m_edit, &QAction::triggered, this, [this] {
        if (const QList<quint64> ids = selectedRowIds(); ids.size() == 1) {
            emit editRequested(ids.first());
        }
    });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        emit editRequested(index.data(PendingChanges::RowIdRole).toULongLong());
    });
    connect(m_export, &QAction::triggered, this, &PendingChangesPanel::exportRequested);
    connect(m_import, &QAction::triggered, this, &PendingChangesPanel::importRequested);
    connect(m_commit, &QPushButton::clicked, this, &PendingChangesPanel::commitRequested);
    connect(&m_changes, &PendingChanges::changed, this, &PendingChangesPanel::updateState);
    connect(&m_changes, &PendingChanges::problemsChanged, this, &PendingChangesPanel::updateState);
    connect(&m_changes, &PendingChanges::frozenChanged, this, &PendingChangesPanel::updateState);
    connect(&m_changes, &PendingChanges::undoStateChanged, this, &PendingChangesPanel::updateState);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &PendingChangesPanel::updateState);
    connect(m_renamesTable->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &PendingChangesPanel::updateState);
    updateState();
}

QAction *PendingChangesPanel::addAction(const QString &objectName, const QString &text,
                                        const QString &toolTip)
{
    QAction *action = m_toolBar->addAction(text);
    action->setObjectName(objectName);
    action->setToolTip(toolTip);
    return action;
}

QList<quint64> PendingChangesPanel::selectedRowIds() const
{
    QList<quint64> ids;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &row : rows) {
        ids << row.data(PendingChanges::RowIdRole).toULongLong();
    }
    return ids;
}

void PendingChangesPanel::removeSelected()
{
    const QList<quint64> ids = selectedRowIds();
    if (!ids.isEmpty()) {
        report(m_changes.remove(ids));
    }
    QList<quint64> renames;
    for (const QModelIndex &row : m_renamesTable->selectionModel()->selectedRows()) {
        renames << row.data(PendingChanges::RowIdRole).toULongLong();
    }
    if (!renames.isEmpty()) {
        report(m_changes.renames().remove(renames));
    }
}

QList<int> PendingChangesPanel::problemRows() const
{
    QList<int> rows;
    for (int row = 0; row < m_changes.count(); ++row) {
        if (!m_changes.problemsAt(row).isEmpty()) {
            rows << row;
        }
    }
    return rows;
}

void PendingChangesPanel::selectNextProblem()
{
    const QList<int> rows = problemRows();
    if (rows.isEmpty()) {
        return;
    }
    const int current = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : -1;
    const auto next = std::upper_bound(rows.cbegin(), rows.cend(), current);
    const int row = next == rows.cend() ? rows.first() : *next; // round to the first again
    m_table->setFocus(Qt::OtherFocusReason);
    m_table->selectionModel()->setCurrentIndex(
        m_changes.index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(m_changes.index(row, 0));
}

void PendingChangesPanel::discardAll()
{
    if (m_changes.isEmpty()) {
        return;
    }
    const Prompter::Question question
        = Prompter::confirmation(tr("Discard All Staged Changes"),
                                 tr("Discard the %n staged operation(s)?", nullptr,
                                    m_changes.count() + m_changes.renames().count()),
                                 tr("Nothing has been sent. Undo brings them back."),
                                 tr("&Discard All"), Prompter::EnterKey::Cancels,
                                 Prompter::ChoiceRole::Destructive, Prompter::Severity::Warning);
    if (m_prompter.ask(question) == 0) {
        report(m_changes.discardAll());
    }
}

void PendingChangesPanel::report(const api::Result<void> &done)
{
    if (!done.hasValue()) {
        m_status->setText(done.error().userMessage());
    }
}

void PendingChangesPanel::updateState()
{
    const int renames = m_changes.renames().count();
    const int count = m_changes.count() + renames;
    const bool frozen = m_changes.isFrozen();
    const int selectedRenames = int(m_renamesTable->selectionModel()->selectedRows().size());
    const int selected = int(m_table->selectionModel()->selectedRows().size());
    m_pages->setCurrentWidget(count > 0 ? static_cast<QWidget *>(m_table) : m_empty);
    m_pages->setVisible(m_changes.count() > 0 || renames == 0); // no empty batch above renames
    m_renamesLabel->setVisible(renames > 0);
    m_renamesTable->setVisible(renames > 0);
    // As tall as its rows (up to four, then it scrolls): the batch keeps the room.
    m_renamesTable->setFixedHeight(m_renamesTable->verticalHeader()->defaultSectionSize()
                                       * std::clamp(renames, 1, 4)
                                   + 2 * m_renamesTable->frameWidth());
    m_commit->setText(count > 0 ? tr("Commit (%1)").arg(count) : tr("Commit"));
    m_commit->setEnabled(count > 0 && !frozen && !m_changes.hasBlockingProblems());
    m_undo->setEnabled(!frozen && m_changes.canUndo());
    m_redo->setEnabled(!frozen && m_changes.canRedo());
    m_undo->setToolTip(m_changes.undoStack()->undoText().isEmpty()
                           ? tr("Take back the last staging step")
                           : tr("Undo %1").arg(m_changes.undoStack()->undoText()));
    m_redo->setToolTip(m_changes.undoStack()->redoText().isEmpty()
                           ? tr("Do again what was undone")
                           : tr("Redo %1").arg(m_changes.undoStack()->redoText()));
    m_edit->setEnabled(!frozen && selected == 1);
    m_remove->setEnabled(!frozen && selected + selectedRenames > 0);
    m_discard->setEnabled(!frozen && count > 0);
    m_export->setEnabled(m_changes.count() > 0); // a batch file holds no renames
    m_import->setEnabled(!frozen);
    const QList<int> troubled = problemRows();
    int blocking = 0;
    for (const int row : troubled) {
        const QList<staging::StagingProblem> &problems = m_changes.problemsAt(row);
        blocking += std::any_of(problems.cbegin(), problems.cend(),
                                [](const staging::StagingProblem &p) { return p.isBlocking(); })
                        ? 1
                        : 0;
    }
    m_problems->setVisible(!troubled.isEmpty());
    // An empty Problems column would only take the others' room.
    m_table->setColumnHidden(PendingChanges::ProblemsColumn, troubled.isEmpty());
    if (!troubled.isEmpty()) {
        m_problems->setIcon(Icons::icon(blocking > 0 ? Icons::Id::Error : Icons::Id::Warning));
        m_problems->setText(blocking > 0
                                ? tr("%n row(s) with problems, %1 blocking the commit", nullptr,
                                     int(troubled.size()))
                                      .arg(blocking)
                                : tr("%n row(s) with warnings", nullptr, int(troubled.size())));
    }
    // The selected row's problems in full below the table: the column may be cut.
    const QModelIndex current = m_table->currentIndex();
    const QStringList shown = selected == 1 && current.isValid()
                                  ? current.data(PendingChanges::ProblemsRole).toStringList()
                                  : QStringList();
    if (frozen) {
        m_status->setText(tr("Committing…"));
    } else if (!shown.isEmpty()) {
        m_status->setText(shown.join(u'\n'));
    } else if (m_changes.hasBlockingProblems()) {
        m_status->setText(tr("Fix the problems marked on the rows before committing."));
    } else {
        m_status->clear();
    }
}

} // namespace lance::ui
