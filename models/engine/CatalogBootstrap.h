// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/Result.h"

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;

/// Fills a new catalog with the Lance tables already in its root, so real data is browsable at
/// once: `<name>.lance/` folders become root tables, the directory namespace's
/// `<8 hex>_<a>$<b>$<t>/` folders table `t` in namespace `[a, b]` (the namespaces are created,
/// without properties: those live in `__manifest`, which is skipped). Each table gets the
/// versions of its `_versions/`; a folder with no version but `.lance-reserved` is a declared
/// table; a folder marked `.lance-deregistered`, or with neither, is left out. Folders whose
/// names the catalog refuses, or that clash with an earlier find, are left out too.
class CatalogBootstrap
{
public:
    CatalogBootstrap(CatalogDatabase &database, const CatalogLocations &locations)
        : m_database(database)
        , m_locations(locations)
    {}

    /// Runs inside the transaction that creates the database; fails only if the database does.
    api::Result<void> run();

private:
    struct Found
    {
        api::Identifier id;
        QString folder;
    };

    QList<Found> findTables() const;
    api::Result<void> add(const Found &found);

    CatalogDatabase &m_database;
    const CatalogLocations &m_locations;
};

} // namespace lance::engine
