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
    if (!m_model->table()) {
        return;
    }
    if (m_model->table() == m_table) {
        // The tree's refresh clears and restores the current table, and the model starts it on
        // main again: the branch this list shows is put back.
        const QString shown = m_combo->currentData().toString();
        if (!shown.isEmpty() && m_model->branch() != shown) {
            m_model->setBranch(shown);
        }
        return;
    }
    m_table = m_model->table();
    // Another table's branches must not stay on show while this one's are read.
    hide();
    m_branches.clear();
    m_available = false;
    {
        const QSignalBlocker quiet(m_combo);
        m_combo->clear();
    }
    list(Choice{false, std::nullopt});
}

void BranchSelector::reload(const std::optional<QString> &branch)
{
    m_table = m_model->table();
    list(Choice{false, branch});
}

void BranchSelector::relist()
{
    m_table = m_model->table();
    list(Choice{true, std::nullopt});
}

void BranchSelector::list(Choice choice)
{
    m_request.cancel();
    if (!m_table) {
        return;
    }
    // The list on show stays until the answer replaces it: a refresh does not make it flicker.
    api::ListTableBranchesRequest request;
    request.id = *m_table;
    m_request = client::PageCollector::collectAll(
        *m_service, request, this,
        [this, table = *m_table, choice](api::Result<api::ListTableBranchesResponse> listed) {
            if (m_table != table
                || (!listed && listed.error().kind() == api::ApiError::Kind::Cancelled)) {
                return; // an answer for a table no longer shown, or one a newer list replaced
            }
            // What the list on show says now: the model may have passed through main meanwhile
            // (a refresh of the tree clears and restores the current table).
            const QString shown = m_combo->currentData().toString();
            // None, or none to be had here (a server without branches, a table elsewhere):
            // the view stays on main, as it always was, and nothing else is said.
            m_available = listed.hasValue();
            m_branches = listed ? listed->branches : QMap<QString, api::BranchContents>();
            {
                const QSignalBlocker quiet(m_combo);
                m_combo->clear();
                if (!m_branches.isEmpty()) {
                    m_combo->addItem(tr("main"), QString());
                }
                for (auto it = m_branches.cbegin(); it != m_branches.cend(); ++it) {
                    m_combo->addItem(it.key(), it.key());
                    m_combo->setItemData(m_combo->count() - 1,
                                         tr("Made from %1 at version %2")
                                             .arg(it->parentBranch.value_or(tr("main")))
                                             .arg(it->parentVersion),
                                         Qt::ToolTipRole);
                }
            }
            setVisible(!m_branches.isEmpty());
            // The branch asked for (or the one shown now), or main when it is not (or no
            // longer) there.
            const std::optional<QString> wanted
                = choice.keepShown ? (shown.isEmpty() ? std::nullopt : std::optional(shown))
                                   : choice.branch;
            const int index = wanted ? std::max(0, m_combo->findData(*wanted)) : 0;
            {
                const QSignalBlocker quiet(m_combo);
                m_combo->setCurrentIndex(index);
            }
            onChosen(index);
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
