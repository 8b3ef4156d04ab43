// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BranchMessages.h"
#include "api/Result.h"

#include <QCoreApplication>

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;

/// The branch operations of CatalogEngine. A table's branches are Lance's own, kept with its
/// data (format::BranchRefs): a branch LanceDB made on the table's files is listed as it is,
/// with no catalog record to fall out of step. Tables whose files are not on this machine
/// cannot be asked (Unsupported, with the reason).
class BranchOperations
{
    Q_DECLARE_TR_FUNCTIONS(BranchOperations)

public:
    BranchOperations(CatalogDatabase &database, const CatalogLocations &locations)
        : m_database(database)
        , m_locations(locations)
    {}

    /// The table's branches, by name, in pages.
    api::Result<api::ListTableBranchesResponse> list(const api::ListTableBranchesRequest &request);

private:
    /// The local folder of the table `id`, or why there is none.
    api::Result<QString> datasetFolder(const api::Identifier &id);

    CatalogDatabase &m_database;
    const CatalogLocations &m_locations;
};

} // namespace lance::engine
