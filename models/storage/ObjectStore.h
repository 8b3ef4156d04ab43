// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ExchangeRecord.h"
#include "storage/CallControl.h"
#include "storage/StorageError.h"
#include "storage/StorageUri.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include <functional>

namespace lance::storage {

/// What a store says about one object.
struct ObjectMeta
{
    QString key;
    qint64 size = -1;
    QString eTag; //!< as the store gives it, quotes removed; changes whenever the bytes do
    QDateTime lastModified;
};

/// An object's bytes, or a range of them, with what the store said about the object.
struct ObjectData
{
    QByteArray bytes;
    ObjectMeta meta;
    qint64 offset = 0; //!< where `bytes` start in the object
};

/// One page of a listing, in the store's order (byte order of the keys on every store here).
struct ListPage
{
    QList<ObjectMeta> objects;
    /// Pass to the next list() call; empty when this was the last page.
    QString continuation;
};

/// The objects of one bucket or container (or a local folder tree), by key. Every call is
/// synchronous, runs on the calling thread, ends by `control`'s deadline and can be cancelled
/// from another thread; idempotent calls are retried on failures in passing (5xx, 429, a reset
/// connection), with backoff, within that deadline. Errors name the object's URI and the store.
///
/// One instance may serve several threads at once.
class ObjectStore
{
public:
    /// Told of each request a store sends, after its answer or its failure, on the thread
    /// that sent it: for a request log. The record names the object by its URI and holds no
    /// header, query string or body, so no key, token or signature.
    using Observer = std::function<void(const api::ExchangeRecord &)>;

    virtual ~ObjectStore() = default;

    /// Tells `observer` of every request from now on. Set before the store is shared with
    /// other threads. A local store sends no requests and ignores it.
    virtual void observe(Observer observer) { Q_UNUSED(observer) }

    /// The URI of `key` in this store, for messages and for Lance's metadata.
    virtual StorageUri uriOf(const QString &key) const = 0;
    /// `S3 at http://127.0.0.1:9000`: the store, for messages.
    virtual QString describe() const = 0;

    virtual StorageResult<ObjectData> read(const QString &key, const CallControl &control) = 0;
    /// `length` bytes from `offset`; fewer at the object's end. A negative `offset` reads the
    /// last `length` bytes (the whole object when it is shorter): a Lance file's footer.
    virtual StorageResult<ObjectData> readRange(const QString &key, qint64 offset, qint64 length,
                                                const CallControl &control)
        = 0;
    virtual StorageResult<ObjectMeta> stat(const QString &key, const CallControl &control) = 0;
    /// At most `maxKeys` keys under `prefix` (a plain string prefix, not only folders), after
    /// `startAfter` (first page only) or from `continuation`.
    virtual StorageResult<ListPage> list(const QString &prefix, const QString &startAfter,
                                         const QString &continuation, int maxKeys,
                                         const CallControl &control)
        = 0;
    /// Writes `bytes` as `key` only if no object has that key: AlreadyExists otherwise, and
    /// then nothing was written. Atomic on the store: of two writers, exactly one wins.
    virtual StorageResult<ObjectMeta> createIfAbsent(const QString &key, const QByteArray &bytes,
                                                     const CallControl &control)
        = 0;
    /// Copies `from` to `to` only if `to` does not exist (AlreadyExists otherwise).
    virtual StorageResult<void> copyIfAbsent(const QString &from, const QString &to,
                                             const CallControl &control)
        = 0;
    /// Deletes `key`. Deleting what is not there succeeds (every store here agrees on that
    /// but Azure, which this hides).
    virtual StorageResult<void> remove(const QString &key, const CallControl &control) = 0;

    /// Every object under `prefix`, in key order, across as many list() pages as it takes (a
    /// table's folder: thousands of objects).
    virtual StorageResult<QList<ObjectMeta>> listAll(const QString &prefix,
                                                     const CallControl &control);
    /// createIfAbsent(), for a write whose outcome decides something: when the answer is lost
    /// (any failure but AlreadyExists: a timeout, a reset connection), the key is read back.
    /// These very bytes there mean the create took; other bytes are AlreadyExists (another
    /// writer's); nothing there, or a read that fails too, answers the first failure.
    StorageResult<ObjectMeta> createOrConfirm(const QString &key, const QByteArray &bytes,
                                              const CallControl &control);
};

} // namespace lance::storage
