// SPDX-License-Identifier: Apache-2.0
#include "ui/common/KeyValueEditor.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

KeyValueEditor::KeyValueEditor(const QString &keyLabel, const QString &valueLabel, QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, 2, this))
{
    m_table->setObjectName(u"keyValueTable"_s);
    m_table->setHorizontalHeaderLabels({keyLabel, valueLabel});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setMinimumHeight(m_table->fontMetrics().height() * 6);
    // Tab leaves the table, as everywhere in the window; arrows move between cells. A form's
    // mnemonic (its buddy is this editor) lands in the table.
    m_table->setTabKeyNavigation(false);
    setFocusProxy(m_table);
    connect(m_table, &QTableWidget::itemChanged, this, &KeyValueEditor::edited);

    auto *add = new QPushButton(tr("Add"), this);
    add->setObjectName(u"addRowButton"_s);
    m_removeButton = new QPushButton(tr("Remove"), this);
    m_removeButton->setObjectName(u"removeRowButton"_s);
    m_removeButton->setEnabled(false);
    connect(add, &QPushButton::clicked, this, [this] {
        addRow();
        m_table->setCurrentCell(m_table->rowCount() - 1, 0);
        m_table->editItem(m_table->item(m_table->rowCount() - 1, 0));
        emit edited();
    });
    connect(m_removeButton, &QPushButton::clicked, this, [this] {
        if (m_table->currentRow() >= 0) {
            m_table->removeRow(m_table->currentRow());
            emit edited();
        }
    });
    connect(m_table, &QTableWidget::currentCellChanged, this,
            [this](int row) { m_removeButton->setEnabled(row >= 0); });

    auto *buttons = new QVBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(m_removeButton);
    buttons->addStretch();
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
}

void KeyValueEditor::addRow(const QString &key, const QString &value)
{
    const QSignalBlocker quiet(m_table);
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(key));
    m_table->setItem(row, 1, new QTableWidgetItem(value));
}

void KeyValueEditor::setValues(const api::StringMap &values)
{
    m_table->setRowCount(0);
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        addRow(it.key(), it.value());
    }
}

api::StringMap KeyValueEditor::values() const
{
    api::StringMap values;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString key
            = m_table->item(row, 0) ? m_table->item(row, 0)->text().trimmed() : QString();
        if (!key.isEmpty()) {
            values.insert(key, m_table->item(row, 1) ? m_table->item(row, 1)->text() : QString());
        }
    }
    return values;
}

api::Result<void> KeyValueEditor::problem() const
{
    QSet<QString> seen;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString key
            = m_table->item(row, 0) ? m_table->item(row, 0)->text().trimmed() : QString();
        if (key.isEmpty()) {
            continue;
        }
        if (seen.contains(key)) {
            return api::ApiError::invalidInput(
                tr("\"%1\" is given twice; each name may appear once.").arg(key));
        }
        seen.insert(key);
    }
    return {};
}

} // namespace lance::ui
