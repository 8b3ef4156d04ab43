// SPDX-License-Identifier: Apache-2.0
#include "catalog/CatalogCopy.h"

#include "activity/ActivityTracker.h"
#include "catalog/CatalogTreeModel.h"

using namespace Qt::StringLiterals;

namespace lance::catalog {

QString CatalogCopy::text(const QModelIndexList &indexes, Field field)
{
    QStringList lines;
    for (const QModelIndex &index : indexes) {
        const auto kind = CatalogNode::Kind(index.data(CatalogTreeModel::KindRole).toInt());
        if (!index.isValid() || index.column() != 0
            || (kind != CatalogNode::Kind::Namespace && kind != CatalogNode::Kind::Table)) {
            continue;
        }
        // By role, not DisplayRole: a proxy above may decorate the text.
        const QStringList id = index.data(CatalogTreeModel::IdRole).toStringList();
        if (!id.isEmpty()) {
            lines.append(field == Field::Name
                             ? id.last()
                             : index.data(CatalogTreeModel::FullIdRole).toString());
        }
    }
    return lines.join(u'\n');
}

api::RequestHandle CatalogCopy::requestLocation(api::CatalogService &service,
                                                const api::Identifier &table, QObject *context,
                                                std::function<void(api::Result<QString>)> done,
                                                activity::ActivityTracker *tracker,
                                                const QString &delimiter)
{
    api::DescribeTableRequest request;
    request.id = table;
    api::RequestHandle handle = service.call(
        request, context,
        [done = std::move(done)](api::Result<api::DescribeTableResponse> described) {
            if (!described) {
                done(described.error());
            } else if (described->location || described->tableUri) {
                done(described->location ? *described->location : *described->tableUri);
            } else {
                done(api::ApiError::decode(u"location"_s, tr("the server gave no location")));
            }
        });
    if (tracker) {
        tracker->track(tr("Describing table %1").arg(table.toString(delimiter)), handle);
    }
    return handle;
}

} // namespace lance::catalog
