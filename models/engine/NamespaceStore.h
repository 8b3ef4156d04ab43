// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

#include <utility>

namespace lance::engine {

class CatalogDatabase;

/// The SQL of namespaces. The root namespace is a row like any other and always there.
class NamespaceStore
{
    Q_DECLARE_TR_FUNCTIONS(NamespaceStore)

public:
    explicit NamespaceStore(CatalogDatabase &database)
        : m_database(database)
    {}

    /// The properties of `id`, or nothing when it does not exist.
    api::Result<std::optional<api::StringMap>> properties(const api::Identifier &id);
    api::Result<bool> exists(const api::Identifier &id);
    /// Which of `first` and `second` exist, asked in one query (a table's declare asks both
    /// for its parent and for a namespace of its own name, once per table of a batch).
    api::Result<std::pair<bool, bool>> exist(const api::Identifier &first,
                                             const api::Identifier &second);
    /// The properties of `id`; NamespaceNotFound when it does not exist.
    api::Result<api::StringMap> require(const api::Identifier &id);
    static api::ApiError notFound(const api::Identifier &id);
    /// Adds `id` (its parent must exist); false when it exists already.
    api::Result<bool> insert(const api::Identifier &id, const api::StringMap &properties);
    /// Removes `id` and every catalog entry below it: namespaces, tables, versions, tags.
    api::Result<qint64> remove(const api::Identifier &id);
    /// Replaces the properties of the namespace `id`, which exists.
    api::Result<void> setProperties(const api::Identifier &id, const api::StringMap &properties);
    /// Names of the direct child namespaces of `parent` after `after`, sorted, at most `limit`.
    api::Result<QStringList> children(const api::Identifier &parent, const QString &after,
                                      qint64 limit);
    /// True when `id` holds a namespace or a table.
    api::Result<bool> hasChildren(const api::Identifier &id);

private:
    CatalogDatabase &m_database;
};

} // namespace lance::engine
