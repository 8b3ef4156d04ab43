// SPDX-License-Identifier: Apache-2.0
#include "storage/ObjectStore.h"

namespace lance::storage {

StorageResult<QList<ObjectMeta>> ObjectStore::listAll(const QString &prefix,
                                                      const CallControl &control)
{
    QList<ObjectMeta> objects;
    QString continuation;
    do {
        auto page = list(prefix, {}, continuation, 1000, control);
        if (!page) {
            return page.error();
        }
        objects += page->objects;
        continuation = page->continuation;
    } while (!continuation.isEmpty());
    return objects;
}

StorageResult<ObjectMeta> ObjectStore::createOrConfirm(const QString &key, const QByteArray &bytes,
                                                       const CallControl &control)
{
    auto created = createIfAbsent(key, bytes, control);
    if (created || created.error().kind() == StorageError::Kind::AlreadyExists) {
        return created;
    }
    // What is there now says what happened: nothing (the first failure stands), these bytes
    // (the create took), other bytes (another writer's: as AlreadyExists). A read that fails
    // too leaves it unknown, and the first failure stands.
    const auto meta = stat(key, control);
    if (!meta) {
        return created;
    }
    if (meta->size == bytes.size()) {
        if (auto there = read(key, control); !there) {
            return created;
        } else if (there->bytes == bytes) {
            return there->meta;
        }
    }
    return StorageError(StorageError::Kind::AlreadyExists, uriOf(key).toString(), describe());
}

} // namespace lance::storage
