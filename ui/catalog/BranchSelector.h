// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"
#include "api/RequestHandle.h"

#include <QWidget>

class QComboBox;

namespace lance::api {
class CatalogService;
}
namespace lance::catalog {
class TableVersionModel;
}

namespace lance::ui {

/// "Branch: main ▾" above the Versions view: the branches of the shown table (ListTableBranches),
/// and choosing one lists that branch's versions (TableVersionModel::setBranch). Shown only
/// when the table has branches besides main; a server that lists none, or cannot (404, not
/// supported, a failure), leaves it hidden and the view on main, as before. Another table
/// starts on main. Staged changes stay on main: deleting and restoring the selected version
/// refuse, with a status line, while another branch is shown; tags name versions of the
/// branch shown. BranchController makes and
/// deletes branches and has the list read again.
class BranchSelector : public QWidget
{
    Q_OBJECT

public:
    BranchSelector(api::CatalogService *service, catalog::TableVersionModel *model,
                   QWidget *parent = nullptr);

    QComboBox *comboBox() const { return m_combo; }
    /// True once the shown table's branches were listed: the catalog has branches to offer.
    bool available() const { return m_available; }
    /// The shown table's branches besides main, as last listed.
    const QMap<QString, api::BranchContents> &branches() const { return m_branches; }
    /// Lists the shown table's branches again (after one was made or deleted) and shows
    /// `branch` (none: main), or main when it is gone.
    void reload(const std::optional<QString> &branch);
    /// Lists them again (a refresh) and keeps the branch shown when the answer comes, or main
    /// when it is gone. The list on show stays until then.
    void relist();

signals:
    /// The table's branches were read (or found to be none, or not to be had).
    void branchesLoaded();

private:
    void onTableShown();
    void onChosen(int index);
    struct Choice
    {
        bool keepShown = false;        //!< the branch the list shows when the answer comes
        std::optional<QString> branch; //!< otherwise this one; none: main
    };
    void list(Choice choice);

    api::CatalogService *m_service;
    catalog::TableVersionModel *m_model;
    QComboBox *m_combo;
    std::optional<api::Identifier> m_table; //!< whose branches the combo box holds
    api::RequestHandle m_request;
    QMap<QString, api::BranchContents> m_branches;
    bool m_available = false;
};

} // namespace lance::ui
