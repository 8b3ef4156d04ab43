// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/HealthView.h"

#include "details/TableHealthText.h"
#include "ui/common/ReadOnlyTable.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

using HealthText = details::TableHealthText;

QTableWidget *healthTable(const QStringList &headers, const QString &objectName, QWidget *parent)
{
    QTableWidget *table = ReadOnlyTable::create(headers, objectName, parent);
    table->horizontalHeader()->setStretchLastSection(false);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    return table;
}

// Fills `table` and makes it as tall as its rows: the tab scrolls as a whole, not each table.
// Columns from `firstNumber` on hold numbers, aligned right.
void fillToHeight(QTableWidget *table, const QList<QStringList> &rows, int firstNumber)
{
    ReadOnlyTable::fill(table, rows, firstNumber);
    table->setFixedHeight(table->horizontalHeader()->sizeHint().height()
                          + table->verticalHeader()->defaultSectionSize() * table->rowCount()
                          + 2 * table->frameWidth());
}

} // namespace

HealthView::HealthView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"healthView"_s);
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    m_caption = new QLabel(this);
    m_caption->setObjectName(u"healthCaption"_s);
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_caption, 1);
    m_refresh = new QPushButton(tr("Re&fresh"), this);
    m_refresh->setObjectName(u"healthRefresh"_s);
    m_refresh->setToolTip(tr("List the table's folder and read its kept manifests again"));
    connect(m_refresh, &QPushButton::clicked, this, &HealthView::refreshRequested);
    top->addWidget(m_refresh, 0, Qt::AlignTop);
    layout->addLayout(top);

    m_comparison = healthTable({QString(), tr("Latest version"), tr("Every version kept")},
                               u"healthComparison"_s, this);
    layout->addWidget(m_comparison);
    m_files = new QLabel(this);
    m_files->setObjectName(u"healthFiles"_s);
    m_files->setWordWrap(true);
    m_files->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_files);
    m_indices = healthTable(HealthText::indexHeaders(), u"healthIndices"_s, this);
    layout->addWidget(m_indices);
    layout->addStretch(1);
    showNothing();
}

void HealthView::showNothing()
{
    showMessage(tr("Select a table to see what its files cost."));
}

void HealthView::showSections(bool shown)
{
    m_comparison->setVisible(shown);
    m_files->setVisible(shown);
    m_indices->setVisible(shown && m_indices->rowCount() > 0);
}

void HealthView::showMessage(const QString &text)
{
    m_caption->setText(text);
    m_indices->setRowCount(0);
    showSections(false);
}

void HealthView::showHealth(const api::GetTableHealthResponse &health)
{
    m_caption->setText(
        health.latestVersion
            ? tr("Version %1, the latest, beside every version the catalog keeps (its records, "
                 "tagged versions and every branch's), from the manifests and the listing of the "
                 "table's folder.")
                  .arg(*health.latestVersion)
            : tr("This table has no version yet."));
    QList<QStringList> rows;
    for (const HealthText::Row &row : HealthText::comparison(health)) {
        rows << QStringList{(row.indented ? u"    "_s : QString()) + row.label, row.latest,
                            row.kept};
    }
    fillToHeight(m_comparison, rows, 1);
    QStringList lines{tr("Folder: %1.").arg(HealthText::tally(health.folder)),
                      HealthText::unreferenced(health)};
    for (const QString &problem : {HealthText::missing(health), HealthText::outside(health)}) {
        if (!problem.isEmpty()) {
            lines << problem;
        }
    }
    m_files->setText(lines.join(u'\n'));
    fillToHeight(m_indices, HealthText::indexRows(health), 2);
    showSections(true);
}

} // namespace lance::ui
