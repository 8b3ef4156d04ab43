// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/TableMessages.h"
#include "engine/TableFolder.h"

#include <QCoreApplication>

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;
class CommitOperations;

/// RestoreTable: a new latest version M that holds what version N held. The manifest is
/// written the way Lance's restore writes it (format::RestoredVersionWriter, beside N's, as a
/// staged file) and committed as a CreateTableVersion of M, so that it is recorded and moved
/// into place exactly as any other version, with `restored_from_version` = N in its metadata.
/// The files are read and written where the table is, on this machine or on its store
/// (TableFolder).
///
/// Like Lance's, a restore does not conflict with other writes: when another commit takes
/// version M first, the files are removed and the restore is made again on the new latest.
/// A failure leaves the catalog and the table's folders as they were.
class RestoreOperations
{
    Q_DECLARE_TR_FUNCTIONS(RestoreOperations)

public:
    RestoreOperations(CatalogDatabase &database, const CatalogLocations &locations,
                      CommitOperations &commits)
        : m_database(database)
        , m_locations(locations)
        , m_commits(commits)
    {}

    api::Result<api::RestoreTableResponse> restore(const api::RestoreTableRequest &request);

    /// How often a restore is made again after losing version M to another commit.
    static constexpr int MaxAttempts = 8;

private:
    struct Sources
    {
        TableFolder table;
        QString restored; //!< the key of N's manifest in `table`'s store
        QString latest;   //!< that of the latest version's
    };
    api::Result<Sources> sources(const api::RestoreTableRequest &request);

    CatalogDatabase &m_database;
    const CatalogLocations &m_locations;
    CommitOperations &m_commits;
};

} // namespace lance::engine
