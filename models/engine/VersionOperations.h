// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"
#include "engine/TableFolder.h"
#include "engine/TableStores.h"

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;
class CatalogTransaction;
struct TableRecord;

/// The version operations of CatalogEngine; the database is the source of truth for version
/// records. Create and delete run inside a caller's write transaction, so that batches can hold
/// them with other operations.
class VersionOperations
{
    Q_DECLARE_TR_FUNCTIONS(VersionOperations)

public:
    VersionOperations(CatalogDatabase &database, const CatalogLocations &locations)
        : m_database(database)
        , m_locations(locations)
    {}

    api::Result<api::ListTableVersionsResponse> list(const api::ListTableVersionsRequest &request);
    api::Result<api::DescribeTableVersionResponse>
    describe(const api::DescribeTableVersionRequest &request);

    /// Put-if-not-exists of (table, branch, version): ConcurrentModification when it exists.
    /// A staged manifest inside the table's folder is recorded at its final name and moved
    /// there after the transaction commits (see place() and ManifestJournal): until then a
    /// reader can see the record before the file.
    api::Result<api::CreateTableVersionResponse>
    create(CatalogTransaction &transaction, const api::CreateTableVersionRequest &request);
    /// Deletes version records only; manifests and data stay.
    api::Result<api::BatchDeleteTableVersionsResponse>
    remove(CatalogTransaction &transaction, const api::BatchDeleteTableVersionsRequest &request);

    /// A branch LanceDB made after the table was registered has no version records yet: its
    /// manifests under `tree/<branch>/_versions/` are recorded the first time it is listed (or
    /// a branch is made from it), on a disk or on the table's store. Nothing happens for a
    /// branch with records or without files.
    api::Result<void> recordBranchFound(const api::Identifier &id, const QString &branch);

private:
    /// Keeps with their records the facts a listing read from the store (each version with
    /// its VersionDetails::summary()), so that no later listing, after a restart too, reads
    /// them again.
    void keepFacts(const api::Identifier &id, const QString &branch,
                   const QList<std::pair<api::TableVersion, api::StringMap>> &versions);
    /// The final manifests of `branch` of the table on a store, read and checked, ascending;
    /// none when the branch has no ref there or the store cannot be read.
    static QList<api::TableVersion> versionsOnStore(const TableFolder &table,
                                                    const QString &branch);
    /// The record of the new version's manifest. A table in a folder this catalog reads: the
    /// manifest must be a file of the `_versions/` folder of the request's branch that holds
    /// the version (read whole), else the request is refused (InvalidInput). A final name is
    /// recorded as it is; a staged one (`<final name>-<uuid>`) is recorded at the final name
    /// of the request's scheme beside it, with its size, time and e-tag, and promised a move
    /// there (without replacing) after the commit; a final name that exists already or is
    /// promised to another commit is a conflict. A table on an object store: placeOnStore().
    /// A table elsewhere (a scheme no store here speaks) is recorded as given.
    /// `storeFacts`: set to what the manifest says (VersionDetails::summary()) when it was
    /// read from a store, to be kept with the record.
    api::Result<api::TableVersion> place(CatalogTransaction &transaction,
                                         const QString &tableLocation,
                                         const api::CreateTableVersionRequest &request,
                                         std::optional<api::StringMap> &storeFacts);
    /// place() for a table on a store, where nothing renames: the manifest (read whole and
    /// checked as a local one) must be an object of the branch's `_versions/`; a staged one is
    /// created under its final name only if that is free, BEFORE the record is committed, so
    /// that no record ever names a manifest that is not there, and its staging object is
    /// removed after the commit. A final name that holds these very bytes already is the
    /// work of an earlier attempt cut short and is recorded; any other is a conflict (409).
    api::Result<api::TableVersion> placeOnStore(CatalogTransaction &transaction,
                                                const TableStores::Table &table,
                                                const api::CreateTableVersionRequest &request,
                                                std::optional<api::StringMap> &facts);

    CatalogDatabase &m_database;
    const CatalogLocations &m_locations;
};

} // namespace lance::engine
