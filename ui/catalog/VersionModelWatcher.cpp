// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/VersionModelWatcher.h"

#include "catalog/TableVersionModel.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"

namespace lance::ui {

VersionModelWatcher::VersionModelWatcher(CatalogSession &session, std::function<void()> changed,
                                         QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_changed(std::move(changed))
{
    connect(&session, &CatalogSession::treeReady, this, &VersionModelWatcher::watch);
    connect(&session, &CatalogSession::currentChanged, this, &VersionModelWatcher::watch);
}

catalog::TableVersionModel *VersionModelWatcher::model() const
{
    return m_watched;
}

void VersionModelWatcher::watch()
{
    CatalogWorkspace *workspace = m_session.workspace();
    catalog::TableVersionModel *model = workspace ? workspace->versionModel() : nullptr;
    if (model != m_watched) {
        if (m_watched) {
            disconnect(m_watched, nullptr, this, nullptr);
        }
        m_watched = model;
        if (model) {
            const auto changed = [this] {
                m_changed();
            };
            connect(model, &QAbstractItemModel::modelReset, this, changed);
            connect(model, &QAbstractItemModel::rowsInserted, this, changed);
            connect(model, &QAbstractItemModel::rowsRemoved, this, changed);
        }
        emit switched(model);
    }
    m_changed();
}

} // namespace lance::ui
