// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/VersionsTarget.h"

#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"

#include <algorithm>

namespace lance::ui {

namespace {

const catalog::TableVersionModel *shownModel(const CatalogSession &session)
{
    const CatalogWorkspace *workspace = session.workspace();
    const catalog::TableVersionModel *model = workspace ? workspace->versionModel() : nullptr;
    return model && model->table() ? model : nullptr;
}

} // namespace

api::Result<VersionsTarget> VersionsTarget::shown(const CatalogSession &session)
{
    const catalog::TableVersionModel *model = shownModel(session);
    if (!model) {
        return api::ApiError::invalidInput(tr("Select a table in the tree first."));
    }
    return VersionsTarget{*model->table(), model->branch(), std::nullopt};
}

api::Result<VersionsTarget> VersionsTarget::chosen(const CatalogSession &session,
                                                   const QString &selectOne, const QString &staged)
{
    api::Result<VersionsTarget> target = shown(session);
    if (!target) {
        return target;
    }
    const catalog::TableVersionModel &model = *shownModel(session);
    const api::Result<int> row
        = session.workspace()->versionsPanel()->oneListedRow(selectOne, staged);
    if (!row) {
        return row.error();
    }
    target->version = model.versionAt(*row).version;
    return target;
}

std::optional<QString> VersionsTarget::changedIn(const CatalogSession &session) const
{
    const QString name = table.toString(session.connection().delimiter());
    const catalog::TableVersionModel *model = shownModel(session);
    if (!model || *model->table() != table) {
        return tr("The Versions view no longer shows %1: another table was chosen or the "
                  "catalog was read again meanwhile.")
            .arg(name);
    }
    if (model->branch() != branch) {
        const VersionsTarget now{table, model->branch(), std::nullopt};
        return tr("The Versions view shows %1 of %2 now, not %3.")
            .arg(now.branchName(), name, branchName());
    }
    if (version) {
        const QList<api::TableVersion> &listed = model->listedVersions();
        const bool stillListed
            = std::any_of(listed.cbegin(), listed.cend(), [this](const api::TableVersion &each) {
                  return each.version == *version;
              });
        if (!stillListed) {
            return tr("Version %1 of %2 is no longer listed: it was deleted or the view was "
                      "read again meanwhile.")
                .arg(*version)
                .arg(name);
        }
    }
    return std::nullopt;
}

QString VersionsTarget::branchName() const
{
    return branch ? tr("branch %1").arg(*branch) : tr("main");
}

} // namespace lance::ui
