// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/OperationDialog.h"

#include "ui/common/InlineNote.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

OperationDialog::OperationDialog(QWidget *parent)
    : QDialog(parent)
{}

void OperationDialog::setForm(QLayout *form)
{
    m_problem = new InlineNote(this);
    m_problem->setObjectName(u"problemNote"_s);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_stage = m_buttons->addButton(tr("&Stage"), QDialogButtonBox::AcceptRole);
    m_stage->setObjectName(u"stageButton"_s);
    m_stage->setDefault(true);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    updateState();
}

void OperationDialog::updateState()
{
    if (!m_stage) {
        return; // the form is still being built: setForm() checks it once it is complete
    }
    const api::Result<void> checked = problem();
    if (!checked.hasValue()) {
        m_problem->setNote(InlineNote::Kind::Warning, checked.error().userMessage());
    } else {
        m_problem->clear();
    }
    m_stage->setEnabled(checked.hasValue());
}

} // namespace lance::ui
