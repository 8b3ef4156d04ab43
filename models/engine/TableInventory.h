// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"
#include "api/Result.h"
#include "engine/TableFolder.h"
#include "format/ReferenceIndex.h"
#include "storage/ObjectStore.h"

#include <QCoreApplication>
#include <QMap>

#include <memory>
#include <optional>

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;
class ManifestIndexCache;

/// Everything a table's health and the cleanup of its old versions are computed from, read at
/// one moment: the catalog's records of main and the tags it keeps (in one database
/// transaction), then, outside it, the listing of the table's folder, Lance's own tags and
/// branch refs, and every manifest of main's `_versions/` and of each branch's
/// (`tree/<branch>/_versions/`), in a ReferenceIndex. On a disk or a store alike (TableFolder);
/// a store's manifests are read 32 at once, a disk's 2.
class TableInventory
{
    Q_DECLARE_TR_FUNCTIONS(TableInventory)

public:
    /// InvalidTableState naming the manifest when one cannot be read or decoded: an answer
    /// without it would take its files for nobody's. The store's refusal when the folder cannot
    /// be listed.
    /// `cache`, when given, holds what earlier reads found: a manifest listed as it was then
    /// is not read again.
    static api::Result<TableInventory> read(CatalogDatabase &database,
                                            const CatalogLocations &locations,
                                            const api::Identifier &table,
                                            ManifestIndexCache *cache = nullptr);

    TableFolder folder;
    QList<api::TableVersion> records;       //!< main's, ascending
    QMap<qint64, QStringList> tags;         //!< main's tagged versions and their tags' names
    QMap<qint64, QStringList> branchStarts; //!< main's versions branches start from
    /// Every object of the folder, keys relative to it, in key order.
    QList<storage::ObjectMeta> listing;
    /// What every manifest read names.
    std::shared_ptr<const format::ReferenceIndex> index;
    /// Every final manifest of main's `_versions/`, by version.
    QMap<qint64, format::ReferenceIndex::Version> main;
    /// Every manifest of every branch.
    QList<format::ReferenceIndex::Version> branches;
    /// What the catalog's latest version of main holds besides its fragments (its schema and
    /// indexes); empty when there is none or its manifest is gone.
    format::ManifestContents latestManifest;

    /// The catalog's latest version of main; none for a table only declared.
    std::optional<qint64> latest() const;

private:
    explicit TableInventory(TableFolder tableFolder)
        : folder(std::move(tableFolder))
    {}
};

} // namespace lance::engine
