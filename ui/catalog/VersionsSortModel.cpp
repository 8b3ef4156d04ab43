// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/VersionsSortModel.h"

namespace lance::ui {

using catalog::TableVersionModel;
using State = TableVersionModel::State;

VersionsSortModel::VersionsSortModel(TableVersionModel *versions, QObject *parent)
    : QSortFilterProxyModel(parent)
    , m_versions(versions)
{
    setSortRole(TableVersionModel::SortRole);
    setSourceModel(versions);
    if (versions) {
        connect(versions, &TableVersionModel::stateChanged, this,
                &VersionsSortModel::onStateChanged);
        connect(versions, &QAbstractItemModel::modelReset, this, [this] { m_held = false; });
    }
}

bool VersionsSortModel::canFetchMore(const QModelIndex &parent) const
{
    return !m_held && QSortFilterProxyModel::canFetchMore(parent);
}

void VersionsSortModel::fetchMore(const QModelIndex &parent)
{
    if (!m_held) {
        QSortFilterProxyModel::fetchMore(parent);
    }
}

void VersionsSortModel::onStateChanged(State state)
{
    if (state == State::Loading) {
        m_rowsAtPageStart = int(m_versions->listedVersions().size());
    } else if (state == State::Loaded
               && int(m_versions->listedVersions().size()) == m_rowsAtPageStart
               && m_versions->canFetchMore({})) {
        m_held = true;
    }
}

} // namespace lance::ui
