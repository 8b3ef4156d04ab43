// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

#include <QHash>

namespace lance::engine {

class CatalogDatabase;

/// The SQL of version records: one per (table, branch, version); the main branch is "".
class VersionStore
{
    Q_DECLARE_TR_FUNCTIONS(VersionStore)

public:
    explicit VersionStore(CatalogDatabase &database)
        : m_database(database)
    {}

    /// Put-if-not-exists: false when the version exists already.
    api::Result<bool> insert(const api::Identifier &table, const QString &branch,
                             const api::TableVersion &version);
    /// insert() of every version of each branch, by branch name (a table found with branches).
    api::Result<void> insertBranches(const api::Identifier &table,
                                     const QMap<QString, QList<api::TableVersion>> &branches);
    api::Result<std::optional<api::TableVersion>> find(const api::Identifier &table,
                                                       const QString &branch, qint64 version);
    /// The record of `version`; TableVersionNotFound when there is none.
    api::Result<api::TableVersion> require(const api::Identifier &table, const QString &branch,
                                           qint64 version);
    api::Result<std::optional<api::TableVersion>> latest(const api::Identifier &table,
                                                         const QString &branch);
    /// The record of `version`, or with none the latest; TableVersionNotFound when there is no
    /// such record, or no record at all yet.
    api::Result<api::TableVersion> requireOrLatest(const api::Identifier &table,
                                                   const QString &branch,
                                                   std::optional<qint64> version);
    /// At most `limit` records after `after` (before it when descending), in that order.
    api::Result<QList<api::TableVersion>> list(const api::Identifier &table, const QString &branch,
                                               std::optional<qint64> after, qint64 limit,
                                               bool descending);
    /// Keeps `facts` (VersionDetails::summary()) with the record of `version` (its number,
    /// manifest path and e-tag), unless it has some already.
    api::Result<void> setFacts(const api::Identifier &table, const QString &branch,
                               const api::TableVersion &version, const api::StringMap &facts);
    /// The facts kept with the records of versions `first` through `last`, by version.
    api::Result<QHash<qint64, api::StringMap>>
    facts(const api::Identifier &table, const QString &branch, qint64 first, qint64 last);
    /// Deletes the records in `range` (start inclusive, end exclusive, -1 through the latest).
    api::Result<qint64> remove(const api::Identifier &table, const QString &branch,
                               const api::VersionRange &range);
    /// True when the table has a version record on any branch.
    api::Result<bool> hasAny(const api::Identifier &table);

private:
    CatalogDatabase &m_database;
};

} // namespace lance::engine
