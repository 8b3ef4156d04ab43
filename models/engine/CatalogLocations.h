// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "engine/TableStores.h"

#include <optional>

namespace lance::engine {

/// Where a catalog's tables live, on disk or on an object store. A root table `t` lives in
/// `<root>/t.lance`, a table `a$b$t` in `<root>/a/b/t.lance`, as Lance's directory namespace
/// lays out root tables; `<root>` is the catalog folder, or the tables' root on a store when
/// there is one (`s3://bucket/prefix`). The spellings of a local path (URI, object-store path)
/// are format::LocalPaths'.
class CatalogLocations
{
public:
    /// ".lance", the ending of a table folder's name: the default location of a table, and
    /// how a folder found in the root is taken for one.
    static inline const QString TableSuffix = QStringLiteral(".lance");

    /// `root`: the absolute, canonical catalog folder (empty for a catalog in PostgreSQL whose
    /// tables are all on a store). `tablesRoot`: where new tables go on a store, when they go
    /// there. `storageOptions`: how to reach the stores of tables whose location is a URI.
    /// `vended` and `vendSeconds`: see TableStores.
    explicit CatalogLocations(QString root, std::optional<storage::StorageUri> tablesRoot = {},
                              storage::StorageOptions storageOptions = {},
                              storage::StorageOptions vended = {}, int vendSeconds = 0);

    const QString &root() const { return m_root; }
    QString databaseFile() const;
    QString defaultLocation(const api::Identifier &table) const;

    /// The local folder a table location names: an absolute path, a `file://` URI, or a path
    /// relative to the root; nothing for a remote location (`s3://…`, any other scheme).
    std::optional<QString> localPath(const QString &location) const;
    /// True when `path` lies strictly inside the root (never the root itself).
    bool isInsideRoot(const QString &path) const;
    /// The tables' root on a store, if new tables go to one.
    const std::optional<storage::StorageUri> &tablesRoot() const { return m_tablesRoot; }
    /// True when the store location `table` lies strictly inside the tables' root on a store:
    /// what a drop may delete there.
    bool isInsideTablesRoot(const storage::StorageUri &table) const;
    /// The stores of the tables that live on object storage.
    const TableStores &stores() const { return m_stores; }

private:
    QString m_root;
    std::optional<storage::StorageUri> m_tablesRoot;
    TableStores m_stores;
};

} // namespace lance::engine
