// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/Result.h"
#include "storage/ObjectStore.h"

#include <QCoreApplication>

#include <memory>
#include <optional>

namespace lance::engine {

class CatalogLocations;

/// A table's folder wherever its files are: on this machine's disk (a storage::LocalStore whose
/// keys are absolute paths) or in a bucket of an object store. Branches and restores write
/// their files through it, so that one piece of code serves both, and what a store cannot do
/// (rename, replace) is not done on a disk either: every file that decides something is
/// created only if absent.
class TableFolder
{
    Q_DECLARE_TR_FUNCTIONS(TableFolder)

public:
    /// The folder of the table at `location`. Unsupported, with the location, when it is on a
    /// store this catalog has no options for; the store's refusal when it does not open.
    static api::Result<TableFolder> of(const CatalogLocations &locations, const QString &location);

    /// `tree/<name>/`: a branch's own folder, with its `_versions/`.
    TableFolder branch(const QString &name) const;

    storage::ObjectStore &store() const { return *m_store; }
    const std::shared_ptr<storage::ObjectStore> &sharedStore() const { return m_store; }
    bool isLocal() const { return m_local; }
    /// The folder's own key, ending in `/`; empty for a table at a bucket's root.
    const QString &prefix() const { return m_prefix; }
    /// The folder as Lance names a dataset's root in what it writes (a branch's base path): its
    /// absolute path on a disk, its URI on a store.
    QString root() const;
    /// The key of `relative` (`_versions/1.manifest`) in this folder.
    QString key(const QString &relative) const { return m_prefix + relative; }
    /// A key as a person reads it: a local path, or the URI on the store.
    QString readable(const QString &key) const;
    /// What the catalog records as a version's `manifest_path` for `key`: object_store's path,
    /// the absolute path without its leading `/` on a disk, the key in its bucket on a store.
    QString recordedPath(const QString &key) const;
    /// The key of a recorded `manifest_path`; nothing when it names another store or bucket.
    std::optional<QString> keyOf(const QString &recordedPath) const;
    /// Every object under `relativePrefix`, in key order.
    storage::StorageResult<QList<storage::ObjectMeta>>
    listAll(const QString &relativePrefix, const storage::CallControl &control) const
    {
        return m_store->listAll(key(relativePrefix), control);
    }

private:
    TableFolder(std::shared_ptr<storage::ObjectStore> store, QString prefix, bool local);

    std::shared_ptr<storage::ObjectStore> m_store;
    QString m_prefix;
    bool m_local = false;
};

} // namespace lance::engine
