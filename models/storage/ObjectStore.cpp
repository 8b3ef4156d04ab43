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

} // namespace lance::storage
