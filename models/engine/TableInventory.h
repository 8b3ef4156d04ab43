// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"
#include "api/Result.h"
#include "engine/TableFolder.h"
#include "format/TableHealth.h"

#include <QCoreApplication>
#include <QMap>

#include <optional>

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;

/// Everything a table's health and the cleanup of its old versions are computed from, read at
/// one moment: the catalog's records of main and the tags it keeps (in one database
/// transaction), then, outside it, the listing of the table's folder, Lance's own tags and
/// branch refs, and every manifest of main's `_versions/` and of each branch's
/// (`tree/<branch>/_versions/`), decoded. On a disk or a store alike (TableFolder); a store's
/// manifests are read 32 at once.
class TableInventory
{
    Q_DECLARE_TR_FUNCTIONS(TableInventory)

public:
    /// InvalidTableState naming the manifest when one cannot be read or decoded: an answer
    /// without it would take its files for nobody's. The store's refusal when the folder cannot
    /// be listed.
    static api::Result<TableInventory> read(CatalogDatabase &database,
                                            const CatalogLocations &locations,
                                            const api::Identifier &table);

    TableFolder folder;
    QList<api::TableVersion> records;       //!< main's, ascending
    QMap<qint64, QStringList> tags;         //!< main's tagged versions and their tags' names
    QMap<qint64, QStringList> branchStarts; //!< main's versions branches start from
    /// Every object of the folder, keys relative to it, in key order.
    QList<storage::ObjectMeta> listing;
    /// Every final manifest of main's `_versions/`, by version.
    QMap<qint64, format::TableHealth::Version> main;
    /// Every manifest of every branch.
    QList<format::TableHealth::Version> branches;

    /// The catalog's latest version of main; none for a table only declared.
    std::optional<qint64> latest() const;

private:
    explicit TableInventory(TableFolder tableFolder)
        : folder(std::move(tableFolder))
    {}
};

} // namespace lance::engine
