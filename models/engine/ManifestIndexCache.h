// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "format/ManifestContents.h"
#include "format/ReferenceIndex.h"
#include "storage/ObjectStore.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>
#include <mutex>
#include <optional>
#include <utility>

namespace lance::engine {

/// What TableInventory read of a table's manifests, kept for the next read. A table's health,
/// the preview of its cleanup and that preview again at every change of the policy each need
/// every manifest of the table, as many as it has versions, and Lance never rewrites a
/// manifest: one listed again with the same size, time and e-tag is the one read before, and
/// only the others are read. Kept for the few tables read last; thread-safe.
class ManifestIndexCache
{
public:
    static constexpr qsizetype MaxTables = 4;

    /// One manifest as it was listed and read.
    struct Manifest
    {
        qint64 size = -1;
        QDateTime modified;
        QString eTag;
        format::ReferenceIndex::Version version;
        /// What it holds besides its fragments, kept for the catalog's latest version only.
        std::optional<format::ManifestContents> rest;

        /// Whether `listed` is this manifest, unchanged.
        bool isStill(const storage::ObjectMeta &listed) const
        {
            return listed.size == size && listed.lastModified == modified && listed.eTag == eTag;
        }
    };

    struct Table
    {
        /// Never changed once kept: a read that adds manifests adds them to a clone().
        std::shared_ptr<const format::ReferenceIndex> index;
        QHash<QString, Manifest> manifests; //!< by path in the table's folder
    };

    /// What was kept of the table at `location`; empty when nothing was.
    Table find(const QString &location) const;
    /// Keeps `table` for `location`, in place of what was; the table read longest ago goes
    /// when more than MaxTables are kept.
    void keep(const QString &location, Table table);

private:
    mutable std::mutex m_mutex; //!< ThreadSanitizer sees it (Debian's Qt is not instrumented)
    QList<std::pair<QString, Table>> m_tables; //!< the one read last, last
};

} // namespace lance::engine
