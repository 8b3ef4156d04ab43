// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/VersionsPanel.h"

#include "catalog/TableVersionModel.h"
#include "catalog/VersionRanges.h"
#include "details/ManifestAccess.h"
#include "ui/catalog/VersionRecordView.h"
#include "ui/catalog/VersionsSortModel.h"
#include "ui/common/HeaderColumnsMenu.h"
#include "ui/common/Icons.h"
#include "ui/common/InlineNote.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/VisibleRows.h"
#include "ui/staging/StagedVersionsDelegate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::ui {

using catalog::TableVersionModel;
using State = TableVersionModel::State;

VersionsPanel::VersionsPanel(TableVersionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName(u"versionsPanel"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_pages = new QStackedWidget(this);
    m_pages->setObjectName(u"versionsPages"_s);
    layout->addWidget(m_pages);

    m_placeholder = new QLabel(tr("Select a table to see its versions."), this);
    m_placeholder->setObjectName(u"versionsPlaceholder"_s);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_pages->addWidget(m_placeholder);

    m_versionsPage = new QWidget(this);
    m_versionsPage->setObjectName(u"versionsPage"_s);
    auto *pageLayout = new QVBoxLayout(m_versionsPage);
    pageLayout->setContentsMargins(0, 4, 0, 0);
    m_banner = new MessageBanner(m_versionsPage);
    m_banner->setObjectName(u"versionsBanner"_s);
    m_banner->hide();
    pageLayout->addWidget(m_banner);

    auto *statusRow = new QHBoxLayout;
    m_statusRow = statusRow;
    m_status = new QLabel(m_versionsPage);
    m_status->setObjectName(u"versionsStatus"_s);
    statusRow->addWidget(m_status, 1);
    m_loadAll = new QToolButton(m_versionsPage);
    m_loadAll->setObjectName(u"versionsLoadAll"_s);
    m_loadAll->setText(tr("Load All"));
    m_loadAll->setToolTip(tr("List every version of this table"));
    m_loadAll->setIcon(Icons::icon(Icons::Id::LoadAll));
    m_loadAll->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_loadAll->setAutoRaise(true);
    statusRow->addWidget(m_loadAll);
    pageLayout->addLayout(statusRow);
    m_staged = new InlineNote(m_versionsPage);
    m_staged->setObjectName(u"versionsStaged"_s);
    pageLayout->addWidget(m_staged);
    m_storeProblem = new InlineNote(m_versionsPage);
    m_storeProblem->setObjectName(u"versionsStoreProblem"_s);
    pageLayout->addWidget(m_storeProblem);

    m_sorted = new VersionsSortModel(model, this);
    m_table = new QTableView(m_versionsPage);
    m_table->setObjectName(u"versionsTable"_s);
    m_table->setAccessibleName(tr("Versions"));
    m_table->setModel(m_sorted);
    m_stagedDelegate = new StagedVersionsDelegate(m_table);
    m_table->setItemDelegate(m_stagedDelegate);
    m_table->installEventFilter(this);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(TableVersionModel::VersionColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Shift and Ctrl pick several versions (Delete Versions computes their ranges).
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    // Elided in the middle: the folders a path starts with and the file name it ends with
    // both stay in view (the version is in its own column; the path is whole in the tooltip).
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    VisibleRows::keep(m_table);
    QHeaderView *header = m_table->horizontalHeader();
    // The short columns fit what they hold (with room for the sort arrow), and the manifest
    // path takes what they leave, elided in the middle (whole in its tooltip and in the record
    // below), so on a small screen nothing runs past the pane. Measured on the first rows
    // only: thousands of versions must not be measured on every page.
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setResizeContentsPrecision(100);
    header->setSectionResizeMode(TableVersionModel::MessageColumn, QHeaderView::Stretch);
    // Tags are names a steward looks for, whole as the version numbers are; the message gives
    // way. The column shows only while the table has tags (most have none), so it costs no
    // room then.
    header->setSectionResizeMode(TableVersionModel::TagsColumn, QHeaderView::ResizeToContents);
    header->hideSection(TableVersionModel::TagsColumn);
    connect(model, &TableVersionModel::tagsChanged, this, [this] {
        m_table->horizontalHeader()->setSectionHidden(TableVersionModel::TagsColumn,
                                                      m_model->tags().isEmpty());
    });
    header->setSectionResizeMode(TableVersionModel::ManifestPathColumn, QHeaderView::Interactive);
    // Small enough that the message column (which stretches) leaves the others their room
    // on a 1024-pixel screen.
    header->setMinimumSectionSize(m_table->fontMetrics().horizontalAdvance(u"Size"_s) + 12);
    // What a steward scans the list for: when, how many rows, what changed and why. The file's
    // own facts (path, size, e-tag), the writer and the metadata are in the record below; a
    // right click on the header shows any of them as a column too.
    for (const int column : {TableVersionModel::WriterColumn, TableVersionModel::ManifestPathColumn,
                             TableVersionModel::SizeColumn, TableVersionModel::ETagColumn,
                             TableVersionModel::MetadataColumn}) {
        header->hideSection(column);
    }
    new HeaderColumnsMenu(header, TableVersionModel::VersionColumn);

    m_record = new VersionRecordView(m_versionsPage);
    auto *splitter = new QSplitter(Qt::Vertical, m_versionsPage);
    splitter->setObjectName(u"versionsSplitter"_s);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_table);
    // The record scrolls rather than squeeze the list: on a small screen the list keeps its
    // rows (VisibleRows) and the record below gives way.
    auto *recordScroll = new QScrollArea(m_versionsPage);
    recordScroll->setObjectName(u"versionRecordScroll"_s);
    recordScroll->setWidget(m_record);
    recordScroll->setWidgetResizable(true);
    recordScroll->setFrameShape(QFrame::NoFrame);
    recordScroll->setFocusPolicy(Qt::NoFocus); // its values take the focus, and show it
    recordScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Two lines of it at least, rather than the room for both scroll bars Qt would keep.
    recordScroll->setMinimumHeight(3 * recordScroll->fontMetrics().height());
    splitter->addWidget(recordScroll);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    pageLayout->addWidget(splitter, 1);
    m_pages->addWidget(m_versionsPage);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &VersionsPanel::onCurrentChanged);
    connect(m_sorted, &QAbstractItemModel::modelReset, m_record, &VersionRecordView::showNothing);
    connect(m_sorted, &QAbstractItemModel::rowsInserted, this, &VersionsPanel::onRowsInserted);
    connect(m_sorted, &QAbstractItemModel::dataChanged, this, &VersionsPanel::onDataChanged);
    if (model) {
        connect(model, &TableVersionModel::stateChanged, this, &VersionsPanel::onStateChanged);
        connect(model, &TableVersionModel::pageLoaded, this, &VersionsPanel::updateStatus);
        // Why the table's manifests cannot be read, on the table: the versions the server listed
        // still show.
        connect(model, &TableVersionModel::manifestAccessChanged, this, [this] {
            const details::ManifestAccess *access = m_model ? m_model->manifestAccess() : nullptr;
            m_storeProblem->setNote(InlineNote::Kind::Warning,
                                    access ? access->storeProblem() : QString());
        });
        connect(model, &QObject::destroyed, this, &VersionsPanel::onStateChanged);
        connect(m_banner, &MessageBanner::retryRequested, model, &TableVersionModel::retry);
        connect(m_loadAll, &QToolButton::clicked, model, [this] {
            m_sorted->release();
            m_model->loadAll();
        });
    }
    onStateChanged();
}

QSortFilterProxyModel *VersionsPanel::sortModel() const
{
    return m_sorted;
}

QString VersionsPanel::statusText() const
{
    return m_status->text();
}

void VersionsPanel::addHeader(QWidget *widget)
{
    static_cast<QVBoxLayout *>(m_versionsPage->layout())->insertWidget(0, widget);
}

void VersionsPanel::setStagedMarks(staging::StagedMarks marks)
{
    m_marks = std::move(marks);
    showStaged();
}

QString VersionsPanel::stagedText() const
{
    return m_staged->text();
}

void VersionsPanel::showStaged()
{
    // Staged work is on main: another branch's rows carry no marks of it.
    const bool shown = m_model && m_model->table() && !m_model->branch();
    const staging::StagedMarks::Mark mark
        = shown ? m_marks.markOf(m_model->table()->names()) : staging::StagedMarks::Mark();
    m_stagedDelegate->setMark(mark);
    if (m_model) {
        m_model->setStagedVersions(mark.createdRecords);
    }
    m_table->viewport()->update();

    QStringList parts;
    // A restore says which version it brings back; the other versions are counted together.
    QList<qint64> created;
    for (const api::TableVersion &record : mark.createdRecords) {
        if (const std::optional<qint64> restored = api::restoredVersionOf(record.metadata)) {
            parts << tr("restore version %1 as version %2").arg(*restored).arg(record.version);
        } else if (!created.contains(record.version)) {
            created << record.version;
        }
    }
    std::sort(created.begin(), created.end());
    if (created.size() == 1) {
        parts << tr("create version %1").arg(created.first());
    } else if (!created.isEmpty()) {
        QStringList numbers;
        for (const qint64 version : std::as_const(created)) {
            numbers << QString::number(version);
        }
        parts << tr("create versions %1").arg(numbers.join(u", "_s));
    }
    if (!mark.deletedRanges.isEmpty()) {
        const QString ranges = catalog::VersionRanges::describe(mark.deletedRanges);
        const api::VersionRange &first = mark.deletedRanges.first();
        const bool one = mark.deletedRanges.size() == 1 && first.endVersion >= 0
                         && first.endVersion == first.startVersion + 1;
        parts << (one ? tr("delete version %1") : tr("delete versions %1")).arg(ranges);
    }
    if (mark.deregistered) {
        // First and as a warning: committing it makes the rest moot.
        const QString note = tr("Staged for deregistration: committing removes this table from "
                                "the catalog, not its data.");
        m_staged->setNote(
            InlineNote::Kind::Warning,
            parts.isEmpty() ? note : tr("%1 Also staged: %2.").arg(note, parts.join(u"; "_s)));
    } else if (!parts.isEmpty()) {
        m_staged->setNote(InlineNote::Kind::Information,
                          tr("Staged: %1.").arg(parts.join(u"; "_s)));
    } else {
        m_staged->clear();
    }
}

void VersionsPanel::onStateChanged()
{
    showStaged(); // another table, or none
    const State state = m_model ? m_model->state() : State::NoTable;
    if (state == State::NoTable) {
        m_banner->hide();
        m_record->showNothing();
        m_pages->setCurrentWidget(m_placeholder);
        return;
    }
    m_pages->setCurrentWidget(m_versionsPage);
    if (state == State::Failed && m_model->lastError()) {
        m_banner->showError(*m_model->lastError(), true);
    } else {
        m_banner->hide();
    }
    updateStatus();
}

void VersionsPanel::updateStatus()
{
    if (!m_model || m_model->state() == State::NoTable) {
        return;
    }
    const int count = int(m_model->listedVersions().size()); // staged rows are not listed
    // Spelled out rather than "%n version(s)": the app ships no English plural forms.
    const QString versions
        = count == 1 ? tr("1 version") : tr("%1 versions").arg(QLocale().toString(count));
    const bool more = m_model->canFetchMore({});
    const bool held = m_sorted->isHeld();
    switch (m_model->state()) {
    case State::Loading:
        m_status->setText(count == 0 ? tr("Loading versions…")
                                     : tr("%1 listed, loading more…").arg(versions));
        break;
    case State::Failed:
        m_status->setText(count == 0 ? tr("The versions could not be listed.")
                                     : tr("%1 listed; the next page failed.").arg(versions));
        break;
    case State::Loaded:
        if (count == 0 && !more) {
            m_status->setText(tr("This table has no versions."));
        } else if (held) {
            m_status->setText(tr("Listing stopped: %1 listed.").arg(versions));
        } else if (more) {
            m_status->setText(tr("%1 listed; the server has more.").arg(versions));
        } else {
            m_status->setText(tr("%1 in all.").arg(versions));
        }
        break;
    case State::NoTable:
        break;
    }
    m_loadAll->setVisible(more);
}

void VersionsPanel::onRowsInserted()
{
    // The newest version is what people look at first: its record shows once the first page
    // is in. It becomes current, not selected: a selection is what a person chose, and Delete
    // Versions starts from it.
    if (!m_table->selectionModel()->currentIndex().isValid() && m_sorted->rowCount() > 0) {
        m_table->selectionModel()->setCurrentIndex(m_sorted->index(0, 0),
                                                   QItemSelectionModel::NoUpdate);
    }
}

void VersionsPanel::addCommand(QAction *action)
{
    auto *button = new QToolButton(m_versionsPage);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setAutoRaise(true);
    m_statusRow->insertWidget(m_statusRow->indexOf(m_loadAll), button);
}

QList<qint64> VersionsPanel::selectedVersions() const
{
    QList<qint64> versions;
    for (const int row : selectedModelRows()) {
        if (!m_model->isStaged(row)) {
            versions << m_model->versionAt(row).version;
        }
    }
    return versions;
}

QList<int> VersionsPanel::chosenModelRows() const
{
    QList<int> rows = selectedModelRows();
    if (rows.isEmpty()) {
        if (const QModelIndex current = tableView()->currentIndex(); current.isValid()) {
            rows << sortModel()->mapToSource(current).row();
        }
    }
    return rows;
}

api::Result<int> VersionsPanel::oneListedRow(const QString &selectOne, const QString &staged) const
{
    const QList<int> rows = chosenModelRows();
    if (rows.size() != 1 || !m_model) {
        return api::ApiError::invalidInput(selectOne);
    }
    if (m_model->isStaged(rows.first())) {
        return api::ApiError::invalidInput(staged.arg(m_model->versionAt(rows.first()).version));
    }
    return rows.first();
}

QList<int> VersionsPanel::selectedModelRows() const
{
    QList<int> rows;
    if (!m_model) {
        return rows;
    }
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &row : selected) {
        rows << m_sorted->mapToSource(row).row();
    }
    // Oldest first; of a staged and a listed version with one number, the listed one first.
    const TableVersionModel &model = *m_model;
    std::sort(rows.begin(), rows.end(), [&model](int a, int b) {
        const qint64 versionA = model.versionAt(a).version;
        const qint64 versionB = model.versionAt(b).version;
        return versionA != versionB ? versionA < versionB : a > b;
    });
    return rows;
}

void VersionsPanel::onCurrentChanged(const QModelIndex &current)
{
    const QModelIndex source = m_sorted->mapToSource(current);
    if (!m_model || !source.isValid()) {
        m_record->showNothing();
    } else {
        // The record shows where the manifest is as the table's rows do: on a store, its URI.
        api::TableVersion version = m_model->versionAt(source.row());
        version.manifestPath = m_model->readablePath(version);
        m_record->showVersion(version, m_model->isStaged(source.row()));
    }
    emit currentVersionChanged();
}

std::optional<VersionsPanel::Current> VersionsPanel::currentVersion() const
{
    const QModelIndex source = m_sorted->mapToSource(m_table->selectionModel()->currentIndex());
    if (!m_model || !m_model->table() || !source.isValid()) {
        return std::nullopt;
    }
    return Current{*m_model->table(), m_model->versionAt(source.row()),
                   m_model->isStaged(source.row())};
}

void VersionsPanel::onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight)
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (current.isValid() && current.row() >= topLeft.row() && current.row() <= bottomRight.row()
        && topLeft.column() == 0) {
        onCurrentChanged(current);
    }
}

bool VersionsPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_table || event->type() != QEvent::KeyPress) {
        return QWidget::eventFilter(watched, event);
    }
    const auto *key = static_cast<QKeyEvent *>(event);
    const bool home = key->key() == Qt::Key_Home;
    if ((!home && key->key() != Qt::Key_End) || key->modifiers() != Qt::NoModifier
        || m_table->model()->rowCount() == 0) {
        return QWidget::eventFilter(watched, event);
    }
    const int row = home ? 0 : m_table->model()->rowCount() - 1;
    const int column = qMax(0, m_table->currentIndex().column());
    const QModelIndex target = m_table->model()->index(row, column);
    m_table->selectionModel()->setCurrentIndex(target, QItemSelectionModel::ClearAndSelect
                                                           | QItemSelectionModel::Rows);
    m_table->scrollTo(target);
    return true;
}

} // namespace lance::ui
