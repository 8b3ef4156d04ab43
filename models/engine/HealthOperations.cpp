// SPDX-License-Identifier: Apache-2.0
#include "engine/HealthOperations.h"

#include "engine/CatalogNames.h"
#include "engine/TableInventory.h"
#include "format/TableHealth.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

Result<api::GetTableHealthResponse>
HealthOperations::health(const api::GetTableHealthRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const qint64 smallRows
        = request.smallFragmentRows.value_or(format::TableHealth::DefaultSmallFragmentRows);
    if (smallRows < 1) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("A fragment is small below a number of rows of at least 1, "
                                    "not %1.")
                                     .arg(smallRows));
    }
    auto inventory = TableInventory::read(m_database, m_locations, request.id, &m_manifests);
    if (!inventory) {
        return inventory.error();
    }
    format::TableHealth::Input input;
    input.index = inventory->index.get();
    input.smallFragmentRows = smallRows;
    input.listing = std::move(inventory->listing);
    input.latestManifest = std::move(inventory->latestManifest);
    // Kept on main: the versions the catalog records and those tags name. A kept version
    // whose manifest is gone is reported missing.
    QSet<qint64> kept(inventory->tags.keyBegin(), inventory->tags.keyEnd());
    for (const api::TableVersion &record : std::as_const(inventory->records)) {
        kept.insert(record.version);
    }
    QList<qint64> versions(kept.cbegin(), kept.cend());
    std::sort(versions.begin(), versions.end());
    const std::optional<qint64> latest = inventory->latest();
    for (const qint64 version : std::as_const(versions)) {
        const auto manifest = inventory->main.constFind(version);
        if (manifest == inventory->main.cend()) {
            input.missingManifests << version;
            continue;
        }
        if (latest && version == *latest) {
            input.latest = input.kept.size();
        }
        input.kept.append(*manifest);
    }
    input.kept.append(inventory->branches);
    return format::TableHealth::of(input);
}

} // namespace lance::engine
