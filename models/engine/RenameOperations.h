// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/TableMessages.h"

#include <QCoreApplication>

namespace lance::engine {

class CatalogDatabase;
class CommitOperations;
class TableOperations;

/// RenameTable: the table's catalog entry takes a new name, in its namespace or another one,
/// with its versions and tags; the data stays where it is (Lance keeps no name in its files).
/// Refused, with nothing changed, when the target names an existing table or namespace or its
/// namespace is missing. Recorded in the history like a commit, under the table's old and new
/// names, so that either finds it.
class RenameOperations
{
    Q_DECLARE_TR_FUNCTIONS(RenameOperations)

public:
    RenameOperations(CatalogDatabase &database, TableOperations &tables, CommitOperations &commits)
        : m_database(database)
        , m_tables(tables)
        , m_commits(commits)
    {}

    api::Result<api::RenameTableResponse> rename(const api::RenameTableRequest &request);

private:
    CatalogDatabase &m_database;
    TableOperations &m_tables;
    CommitOperations &m_commits;
};

} // namespace lance::engine
