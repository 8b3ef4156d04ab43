// SPDX-License-Identifier: Apache-2.0
#include "VersionSelection.h"

#include "catalog/TableVersionModel.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"

#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace lance::test {

void VersionSelection::select(ui::CatalogWorkspace &workspace, const QList<qint64> &versions)
{
    ui::VersionsPanel *panel = workspace.versionsPanel();
    const catalog::TableVersionModel *model = workspace.versionModel();
    QTableView *view = panel->tableView();
    view->clearSelection();
    for (int row = 0; row < model->rowCount(); ++row) {
        if (versions.contains(model->versionAt(row).version)) {
            const QModelIndex index = panel->sortModel()->mapFromSource(model->index(row, 0));
            view->selectionModel()->select(index,
                                           QItemSelectionModel::Select | QItemSelectionModel::Rows);
            if (model->versionAt(row).version == versions.first()) {
                view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
            }
        }
    }
}

} // namespace lance::test
