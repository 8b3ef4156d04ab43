// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BranchMessages.h"
#include "api/Result.h"
#include "engine/TableFolder.h"

#include <QCoreApplication>

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;
class CommitOperations;
class VersionOperations;

/// The branch operations of CatalogEngine. A table's branches are Lance's own, kept with its
/// data (format::BranchRefs): a branch LanceDB made on the table's files is listed as it is,
/// with no catalog record to fall out of step. The files are read and written where the table
/// is, on this machine or on its object store (TableFolder); a table on a store the catalog
/// has no options for cannot be asked (Unsupported, with the reason).
///
/// Creating and deleting a branch writes Lance's files (BranchFiles) and then records the
/// branch's versions in one commit of the history: the files decide whether the branch exists,
/// for the catalog as for LanceDB, so a record that could not be written is made when the
/// branch is next listed, as for any branch LanceDB made.
class BranchOperations
{
    Q_DECLARE_TR_FUNCTIONS(BranchOperations)

public:
    BranchOperations(CatalogDatabase &database, const CatalogLocations &locations,
                     VersionOperations &versions, CommitOperations &commits)
        : m_database(database)
        , m_locations(locations)
        , m_versions(versions)
        , m_commits(commits)
    {}

    /// The table's branches, by name, in pages.
    api::Result<api::ListTableBranchesResponse> list(const api::ListTableBranchesRequest &request);
    /// A new branch at a version of main or of another branch. Refused: a name Lance would not
    /// take (InvalidInput), a name in use (TableBranchAlreadyExists), a source branch or version
    /// that is not there (TableBranchNotFound, TableVersionNotFound).
    api::Result<api::CreateTableBranchResponse>
    create(const api::CreateTableBranchRequest &request);
    /// Deletes the branch, its own files and its version records. Refused while another branch
    /// starts from it or a tag points into it (InvalidInput, as Lance's directory namespace
    /// answers), as Lance refuses it: their
    /// data would be gone with it.
    api::Result<api::DeleteTableBranchResponse>
    remove(const api::DeleteTableBranchRequest &request);

private:
    static api::ApiError notFound(const api::Identifier &id, const QString &branch);
    /// The folder of the table `id`, on a disk or a store, or why it cannot be reached.
    api::Result<TableFolder> tableFolder(const api::Identifier &id);

    /// The key in `folder` of the manifest of `version` of `branch` ("" main; none: its
    /// latest), as recorded.
    api::Result<QString> sourceManifest(const TableFolder &folder, const api::Identifier &id,
                                        const QString &branch, std::optional<qint64> version);

    CatalogDatabase &m_database;
    const CatalogLocations &m_locations;
    VersionOperations &m_versions;
    CommitOperations &m_commits;
};

} // namespace lance::engine
