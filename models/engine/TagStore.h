// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

#include <utility>

namespace lance::engine {

class CatalogDatabase;

/// The SQL of tags: a name per table pointing at a version of a branch.
class TagStore
{
    Q_DECLARE_TR_FUNCTIONS(TagStore)

public:
    using NamedTag = std::pair<QString, api::TagContents>;

    explicit TagStore(CatalogDatabase &database)
        : m_database(database)
    {}

    /// At most `limit` tags after `after`, sorted by name; `manifestSize` from the version
    /// record (0 when unknown or the record is gone).
    api::Result<QList<NamedTag>> list(const api::Identifier &table, const QString &after,
                                      qint64 limit);
    /// The names of the table's tags on `branch` (stored form), sorted.
    api::Result<QStringList> onBranch(const api::Identifier &table, const QString &branch);
    /// The tag; TableTagNotFound when there is none.
    api::Result<api::TagContents> require(const api::Identifier &table, const QString &tag);
    /// False when the tag exists already.
    api::Result<bool> insert(const api::Identifier &table, const QString &tag,
                             const QString &branch, qint64 version);
    /// False when the tag does not exist.
    api::Result<bool> update(const api::Identifier &table, const QString &tag,
                             const QString &branch, qint64 version);
    /// False when the tag does not exist.
    api::Result<bool> remove(const api::Identifier &table, const QString &tag);

    static api::ApiError notFound(const api::Identifier &table, const QString &tag);

private:
    CatalogDatabase &m_database;
};

} // namespace lance::engine
