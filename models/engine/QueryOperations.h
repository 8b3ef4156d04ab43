// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/QueryMessages.h"
#include "api/Result.h"

#include <QCoreApplication>

namespace lance::engine {

class CatalogDatabase;
class CatalogLocations;

/// QueryTable: rows of one version of a table, read from its data files where they are (a disk
/// or a store) by rows::VersionRows and answered as an Arrow IPC file. The catalog's records
/// say where the table is and which manifest a version (of a branch) is; the read itself holds
/// no database. A scan, with an optional filter on one column (rows::RowFilter: a bad one is
/// InvalidInput, a column the version lacks TableColumnNotFound); vector and full-text search
/// are refused as Unsupported, and so are answers larger than a client should hold at once.
class QueryOperations
{
    Q_DECLARE_TR_FUNCTIONS(QueryOperations)

public:
    /// Rows one query may ask for (`k`): a window pages far fewer at a time.
    static constexpr qint64 MaxRows = 100000;
    /// An answer larger than this is refused, with the advice to ask for fewer rows or columns.
    static constexpr qint64 MaxAnswerBytes = qint64{256} * 1024 * 1024;

    QueryOperations(CatalogDatabase &database, const CatalogLocations &locations)
        : m_database(database)
        , m_locations(locations)
    {}

    api::Result<api::QueryTableResponse> query(const api::QueryTableRequest &request);

private:
    CatalogDatabase &m_database;
    const CatalogLocations &m_locations;
};

} // namespace lance::engine
