// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/HealthMessages.h"
#include "api/Result.h"

#include <QCoreApplication>

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;
class ManifestIndexCache;

/// GetTableHealth (an extension): a table's health from the manifests of the versions the
/// catalog keeps and the listing of its folder, on a disk or a store alike (TableFolder),
/// computed by format::TableHealth. Kept are the main branch's version records, the versions
/// the catalog's tags and Lance's own (`_refs/tags/`) name on main, and every version of every
/// branch (`tree/`), whose files a cleanup of main must leave. Reads only; blocking.
class HealthOperations
{
    Q_DECLARE_TR_FUNCTIONS(HealthOperations)

public:
    /// `manifests` keeps what the reads of tables' manifests found, for the next read.
    HealthOperations(CatalogDatabase &database, const CatalogLocations &locations,
                     ManifestIndexCache &manifests)
        : m_database(database)
        , m_locations(locations)
        , m_manifests(manifests)
    {}

    /// InvalidInput for a threshold below 1; the table's errors; the store's refusal when the
    /// folder cannot be listed; InvalidTableState naming the manifest when a kept version's
    /// cannot be read (the answer would count its files as nobody's).
    api::Result<api::GetTableHealthResponse> health(const api::GetTableHealthRequest &request);

private:
    CatalogDatabase &m_database;
    const CatalogLocations &m_locations;
    ManifestIndexCache &m_manifests;
};

} // namespace lance::engine
