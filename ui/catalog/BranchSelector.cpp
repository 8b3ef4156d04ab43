// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/BranchSelector.h"

#include "api/CatalogService.h"
#include "catalog/TableVersionModel.h"
#include "client/PageCollector.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

using namespace Qt::StringLiterals;

namespace lance::ui {

BranchSelector::BranchSelector(api::CatalogService *service, catalog::TableVersionModel *model,
                               QWidget *parent)
    : QWidget(parent)
    , m_service(service)
    , m_model(model)
    , m_combo(new QComboBox(this))
{
    m_combo->setObjectName(u"branchSelector"_s);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_combo->setToolTip(tr("The branch whose versions are listed; changes are staged on main"));
    auto *label = new QLabel(tr("&Branch:"), this);
    label->setBuddy(m_combo);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(m_combo);
    layout->addStretch(1);
    hide();
    connect(model, &catalog::TableVersionModel::stateChanged, this, &BranchSelector::onTableShown);
    connect(m_combo, &QComboBox::activated, this, &BranchSelector::onChosen);
}

void BranchSelector::onTableShown()
{
    // A page, a refresh or another branch of the same table keeps the list. No table at all
    // passes too: the model goes through it when it lists again, and with no table the whole
    // versions page, this with it, is hidden anyway.
    if (!m_model->table() || m_model->table() == m_table) {
        return;
    }
    m_table = m_model->table();
    list(std::nullopt);
}

void BranchSelector::reload(const std::optional<QString> &branch)
{
    m_table = m_model->table();
    list(branch);
}

void BranchSelector::list(std::optional<QString> choose)
{
    m_request.cancel();
    hide();
    m_branches.clear();
    m_available = false;
    {
        const QSignalBlocker quiet(m_combo);
        m_combo->clear();
    }
    if (!m_table) {
        return;
    }
    api::ListTableBranchesRequest request;
    request.id = *m_table;
    m_request = client::PageCollector::collectAll(
        *m_service, request, this,
        [this, table = *m_table, choose](api::Result<api::ListTableBranchesResponse> listed) {
            if (m_table != table) {
                return; // an answer for a table no longer shown
            }
            // None, or none to be had here (a server without branches, a table elsewhere):
            // the view stays on main, as it always was, and nothing else is said.
            m_available = listed.hasValue();
            if (listed && !listed->branches.isEmpty()) {
                m_branches = listed->branches;
                const QSignalBlocker quiet(m_combo);
                m_combo->addItem(tr("main"), QString());
                for (auto it = m_branches.cbegin(); it != m_branches.cend(); ++it) {
                    m_combo->addItem(it.key(), it.key());
                    m_combo->setItemData(m_combo->count() - 1,
                                         tr("Made from %1 at version %2")
                                             .arg(it->parentBranch.value_or(tr("main")))
                                             .arg(it->parentVersion),
                                         Qt::ToolTipRole);
                }
                show();
            }
            // The branch asked for, or main when it is not (or no longer) there.
            const int index = choose ? std::max(0, m_combo->findData(*choose)) : 0;
            if (choose || m_model->branch()) {
                {
                    const QSignalBlocker quiet(m_combo);
                    m_combo->setCurrentIndex(index);
                }
                onChosen(index);
            }
            emit branchesLoaded();
        });
}

void BranchSelector::onChosen(int index)
{
    const QString branch = index < 0 ? QString() : m_combo->itemData(index).toString();
    const std::optional<QString> chosen = branch.isEmpty() ? std::nullopt : std::optional(branch);
    if (m_model->branch() != chosen) {
        m_model->setBranch(chosen);
    }
}

} // namespace lance::ui
