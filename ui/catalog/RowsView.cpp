// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/RowsView.h"

#include "catalog/TableRowsModel.h"
#include "ui/catalog/NullCellDelegate.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

// A compact cell is at most this wide: wider values are in the tooltip.
constexpr int MaxColumnCharacters = 40;

} // namespace

RowsView::RowsView(QWidget *parent)
    : QWidget(parent)
    , m_model(new catalog::TableRowsModel(this))
    , m_filterModel(new QSortFilterProxyModel(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    m_status = new QLabel(this);
    m_status->setObjectName(u"rowsStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_status, 1);
    m_condition = new QLineEdit(this);
    m_condition->setObjectName(u"rowsCondition"_s);
    m_condition->setPlaceholderText(tr("Where… (age > 30)"));
    m_condition->setClearButtonEnabled(true);
    m_condition->setToolTip(
        tr("Reads only the rows that meet a condition on one column, written as in LanceDB: "
           "=, !=, <, <=, >, >=, BETWEEN, IN (…), LIKE 'a%', IS NULL, IS NOT NULL. Text in "
           "single quotes. Enter applies it."));
    // Wide enough for a condition such as `name LIKE 'ab%'` without scrolling.
    m_condition->setMinimumWidth(m_condition->fontMetrics().averageCharWidth() * 32);
    bar->addWidget(m_condition);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(u"rowsFilter"_s);
    m_filter->setPlaceholderText(tr("Find in loaded rows"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Shows the rows loaded so far that hold this text in any column"));
    bar->addWidget(m_filter);
    m_columns = new QToolButton(this);
    m_columns->setObjectName(u"rowsColumns"_s);
    m_columns->setText(tr("Columns"));
    m_columns->setToolTip(tr("Choose the columns to show"));
    m_columns->setPopupMode(QToolButton::InstantPopup);
    m_columns->setMenu(new QMenu(m_columns));
    bar->addWidget(m_columns);
    layout->addLayout(bar);

    m_filterModel->setSourceModel(m_model);
    m_filterModel->setFilterKeyColumn(-1);
    m_filterModel->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_table = new QTableView(this);
    m_table->setObjectName(u"rowsTable"_s);
    m_table->setModel(m_filterModel);
    m_table->setItemDelegate(new NullCellDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setTabKeyNavigation(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setMaximumSectionSize(m_table->fontMetrics().averageCharWidth()
                                                       * MaxColumnCharacters);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *copy = new QAction(tr("&Copy Value"), m_table);
    connect(copy, &QAction::triggered, this, [this] { copyCurrent(false); });
    auto *copyJson = new QAction(tr("Copy Value as &JSON"), m_table);
    connect(copyJson, &QAction::triggered, this, [this] { copyCurrent(true); });
    auto *copyRowJson = new QAction(tr("Copy &Row as JSON"), m_table);
    connect(copyRowJson, &QAction::triggered, this, &RowsView::copyRow);
    m_table->addActions({copy, copyJson, copyRowJson});
    // Ctrl+C in the table copies the cell, not the window's Copy Name (eventFilter()).
    m_table->installEventFilter(this);
    layout->addWidget(m_table, 1);

    connect(m_filter, &QLineEdit::textChanged, m_filterModel,
            &QSortFilterProxyModel::setFilterFixedString);
    // Read again only when the condition is entered (a half-typed one is no condition), or
    // cleared with its button.
    const auto apply = [this] {
        if (condition() != m_applied) {
            m_applied = condition();
            emit conditionChanged();
        }
    };
    connect(m_condition, &QLineEdit::returnPressed, this, apply);
    connect(m_condition, &QLineEdit::textChanged, this, [this, apply](const QString &text) {
        if (text.isEmpty()) {
            apply();
        }
    });
    connect(m_model, &catalog::TableRowsModel::stateChanged, this, &RowsView::updateStatus);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        updateColumnsMenu();
        m_table->resizeColumnsToContents();
    });
    updateStatus();
}

bool RowsView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table
        && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->matches(QKeySequence::Copy)) {
            event->accept();
            if (event->type() == QEvent::KeyPress) {
                copyCurrent(false);
            }
            return event->type() == QEvent::KeyPress;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void RowsView::setTitle(const QString &title)
{
    m_title = title;
    m_message.clear();
    updateStatus();
}

void RowsView::showMessage(const QString &message)
{
    m_message = message;
    m_model->clear();
    updateStatus();
}

QString RowsView::condition() const
{
    return m_condition->text().trimmed();
}

void RowsView::updateStatus()
{
    if (!m_message.isEmpty()) {
        m_status->setText(m_message);
        return;
    }
    const QLocale locale;
    QString counts;
    if (m_model->totalRows() >= 0) {
        counts
            = tr("%1 of %2 rows loaded")
                  .arg(locale.toString(m_model->rowCount()), locale.toString(m_model->totalRows()));
    } else {
        counts = tr("%1 rows loaded").arg(locale.toString(m_model->rowCount()));
    }
    QString state;
    if (!m_model->problem().isEmpty()) {
        state = tr("The rows could not be read: %1").arg(m_model->problem());
    } else if (m_model->isLoading()) {
        state = tr("reading…");
    } else if (m_model->isComplete()) {
        state = tr("all read");
    } else {
        state = tr("more as you scroll");
    }
    m_status->setText(m_title.isEmpty() ? counts + u"; "_s + state
                                        : m_title + u": "_s + counts + u"; "_s + state);
}

void RowsView::updateColumnsMenu()
{
    QMenu *menu = m_columns->menu();
    menu->clear();
    for (int column = 0; column < m_model->columnCount(); ++column) {
        QAction *show = menu->addAction(m_model->headerData(column, Qt::Horizontal).toString());
        show->setCheckable(true);
        show->setChecked(!m_table->isColumnHidden(column));
        show->setToolTip(m_model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString());
        connect(show, &QAction::toggled, this,
                [this, column](bool shown) { m_table->setColumnHidden(column, !shown); });
    }
    m_columns->setEnabled(m_model->columnCount() > 0);
}

void RowsView::copyCurrent(bool json)
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        return;
    }
    const QModelIndex source = m_filterModel->mapToSource(current);
    QApplication::clipboard()->setText(m_model
                                           ->data(source, json ? catalog::TableRowsModel::JsonRole
                                                               : catalog::TableRowsModel::ValueRole)
                                           .toString());
}

void RowsView::copyRow()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        return;
    }
    QApplication::clipboard()->setText(m_model->rowJson(m_filterModel->mapToSource(current).row()));
}

} // namespace lance::ui
