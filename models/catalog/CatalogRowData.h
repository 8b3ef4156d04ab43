// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QVariant>

namespace lance::catalog {

class CatalogNode;

/// What a row of CatalogTreeModel shows for each role (CatalogTreeModel::Role documents them),
/// computed from its namespace's node on every call: nothing is cached per row, which is what
/// keeps 100,000 tables cheap.
class CatalogRowData
{
    Q_DECLARE_TR_FUNCTIONS(CatalogRowData)

public:
    static QVariant namespaceData(const CatalogNode &node, int role, const QString &delimiter);
    /// Table number `table` (counted from the first table) of `parent`.
    static QVariant tableData(const CatalogNode &parent, int table, int role,
                              const QString &delimiter);
    /// The "Loading…" or error row of `parent`.
    static QVariant syntheticData(const CatalogNode &parent, int role);
    /// What a row of `kind` (a CatalogNode::Kind) lets a view do with it.
    static Qt::ItemFlags flags(int kind);
};

} // namespace lance::catalog
