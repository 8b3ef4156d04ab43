// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/ObjectStore.h"

#include <optional>

namespace lance::storage {

/// Objects as files of the local file system: a key is an absolute path (`/`-separated). What
/// `file://` URIs and plain paths open. Creating only if absent writes a temporary file beside
/// the target and links it into place, so no reader ever sees half a file and of two writers
/// exactly one wins, as on the stores.
class LocalStore : public ObjectStore
{
    Q_DECLARE_TR_FUNCTIONS(LocalStore)

public:
    StorageUri uriOf(const QString &key) const override;
    QString describe() const override;

    StorageResult<ObjectData> read(const QString &key, const CallControl &control) override;
    StorageResult<ObjectData> readRange(const QString &key, qint64 offset, qint64 length,
                                        const CallControl &control) override;
    StorageResult<ObjectMeta> stat(const QString &key, const CallControl &control) override;
    StorageResult<ListPage> list(const QString &prefix, const QString &startAfter,
                                 const QString &continuation, int maxKeys,
                                 const CallControl &control) override;
    StorageResult<ObjectMeta> createIfAbsent(const QString &key, const QByteArray &bytes,
                                             const CallControl &control) override;
    StorageResult<void> copyIfAbsent(const QString &from, const QString &to,
                                     const CallControl &control) override;
    StorageResult<void> remove(const QString &key, const CallControl &control) override;
    /// One walk of the folder, where pages of list() walk it once each.
    StorageResult<QList<ObjectMeta>> listAll(const QString &prefix,
                                             const CallControl &control) override;

    /// A regular file's size, modification time and e-tag, the e-tag as object_store's local
    /// store makes it (`{inode:x}-{mtime micros:x}-{size:x}`, inode 0 on Windows), so what
    /// the catalog records matches what Lance computes. Nothing for a missing file or a folder.
    static std::optional<ObjectMeta> statFile(const QString &path);

private:
    /// The files whose paths start with `prefix`, in the byte order of their UTF-8 (as the
    /// stores list keys), each with those bytes.
    static QList<std::pair<QByteArray, QString>> keysUnder(const QString &prefix);
    StorageError error(StorageError::Kind kind, const QString &key,
                       const QString &detail = {}) const;
};

} // namespace lance::storage
