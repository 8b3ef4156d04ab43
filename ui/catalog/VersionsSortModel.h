// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/TableVersionModel.h"

#include <QPointer>
#include <QSortFilterProxyModel>

namespace lance::ui {

/// What the versions table shows: a TableVersionModel sorted by its SortRole (numbers as
/// numbers), with paging held after a cancelled page.
///
/// QTableView asks for the next page by itself whenever the last row shows; after Cancel
/// (ActivityTracker) it would ask again at once. A page that ended without a row while more
/// remain was cancelled: canFetchMore() then answers false until release() (Load All) or
/// another table.
class VersionsSortModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit VersionsSortModel(catalog::TableVersionModel *versions, QObject *parent = nullptr);

    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    bool isHeld() const { return m_held; }
    void release() { m_held = false; }

private:
    void onStateChanged(catalog::TableVersionModel::State state);

    QPointer<catalog::TableVersionModel> m_versions;
    int m_rowsAtPageStart = 0;
    bool m_held = false;
};

} // namespace lance::ui
