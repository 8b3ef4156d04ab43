// SPDX-License-Identifier: Apache-2.0
#include "ui/history/HistoryPanel.h"

#include "history/TransactionHistoryModel.h"
#include "history/TransactionText.h"
#include "ui/common/VisibleRows.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace lance::ui {

using history::TransactionHistoryModel;

HistoryPanel::HistoryPanel(TransactionHistoryModel *model, const QString &delimiter,
                           QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_delimiter(delimiter)
{
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("historyStatus"));
    m_status->setWordWrap(true);
    m_tableOnly = new QCheckBox(tr("Only the selected &table"));
    m_tableOnly->setObjectName(QStringLiteral("historyTableOnly"));
    m_tableOnly->setToolTip(tr("List only the transactions that changed the table selected in "
                               "the tree"));
    m_refresh = new QToolButton;
    m_refresh->setObjectName(QStringLiteral("historyRefresh"));
    m_refresh->setText(tr("Refresh"));
    m_refresh->setToolTip(tr("Read the history again"));
    connect(m_tableOnly, &QCheckBox::toggled, this, &HistoryPanel::tableOnlyToggled);
    connect(m_refresh, &QToolButton::clicked, this, &HistoryPanel::refreshRequested);

    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("historyTable"));
    m_table->setModel(model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    // Rows as tall as the Versions view's, not the style's roomy default: more of them fit.
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    VisibleRows::keep(m_table);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // The columns fit what the first page holds, once; after that they are the steward's.
    connect(model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &, int first) {
        if (first == 0) {
            m_table->resizeColumnsToContents();
        }
    });
    m_table->setWordWrap(false);
    m_report = new QPlainTextEdit;
    m_report->setObjectName(QStringLiteral("historyReport"));
    m_report->setReadOnly(true);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setPlaceholderText(tr("Select a transaction to see what it committed."));

    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_tableOnly);
    top->addWidget(m_refresh);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_table);
    split->addWidget(m_report);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(split, 1);

    connect(model, &TransactionHistoryModel::stateChanged, this, &HistoryPanel::showState);
    connect(model, &QAbstractItemModel::modelReset, this, &HistoryPanel::showState);
    connect(model, &QAbstractItemModel::rowsInserted, this, &HistoryPanel::showState);
    connect(model, &QAbstractItemModel::modelReset, this, &HistoryPanel::showSelected);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &HistoryPanel::showSelected);
    showState();
}

QString HistoryPanel::report() const
{
    return m_report->toPlainText();
}

bool HistoryPanel::tableOnly() const
{
    return m_tableOnly->isChecked();
}

bool HistoryPanel::select(const QString &id)
{
    const int row = m_model->rowOf(id);
    if (row < 0) {
        return false;
    }
    const QModelIndex index = m_model->index(row, 0);
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect
                                                          | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    return true;
}

void HistoryPanel::showState()
{
    using State = TransactionHistoryModel::State;
    const int count = m_model->rowCount();
    const bool more = m_model->canFetchMore({});
    QString text;
    switch (m_model->state()) {
    case State::Idle:
        text = tr("No catalog is open.");
        break;
    case State::Loading:
        text = tr("Reading the history…");
        break;
    case State::Unsupported:
        text = tr("This catalog's server keeps no history of its transactions (it has no "
                  "transaction listing). Commits still answer their transaction id.");
        break;
    case State::Failed:
        text = tr("The history could not be read: %1").arg(m_model->problem());
        break;
    case State::Loaded:
        if (count == 0) {
            text = m_model->table() ? tr("Nothing was committed to this table here yet.")
                                    : tr("Nothing was committed to this catalog yet.");
        } else {
            text = more ? tr("The newest %n transaction(s); more load as you scroll.", nullptr,
                             count)
                        : tr("%n transaction(s), newest first.", nullptr, count);
        }
        break;
    }
    m_status->setText(text);
    m_table->setVisible(m_model->state() != State::Unsupported);
    m_report->setVisible(m_model->state() != State::Unsupported);
}

void HistoryPanel::showSelected()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid() || current.row() >= m_model->rowCount()) {
        m_report->clear();
        return;
    }
    m_report->setPlainText(
        history::TransactionText::report(m_model->transactionAt(current.row()), m_delimiter));
}

} // namespace lance::ui
