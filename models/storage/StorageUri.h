// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/StorageError.h"

#include <QString>

namespace lance::storage {

/// Where an object or a prefix is, as Lance writes it: `s3://bucket/key`, `az://container/key`
/// (also `azure://`), `gs://bucket/key`, `file:///path` or a plain local path. Keys have no
/// leading slash; a local URI's key is the absolute path.
class StorageUri
{
public:
    enum class Scheme { Local, S3, Azure, Gcs };

    StorageUri() = default;

    /// Refuses other schemes (with the ones that work), a missing bucket, and a relative
    /// `file:` path.
    static StorageResult<StorageUri> parse(const QString &text);
    static StorageUri local(const QString &absolutePath);
    static StorageUri remote(Scheme scheme, const QString &bucket, const QString &key);
    /// Whether `text` names an object of a store (`s3://`, `az://`, `gs://`), not a local path:
    /// where a path of this machine or a URI may be given.
    static bool namesStoreObject(const QString &text);

    Scheme scheme() const { return m_scheme; }
    bool isLocal() const { return m_scheme == Scheme::Local; }
    QString bucket() const { return m_bucket; } //!< the bucket or container; empty if local
    QString key() const { return m_key; }

    /// This URI with `relative` appended below it (one slash between).
    StorageUri child(const QString &relative) const;
    /// The key of `this` as a prefix of others: the key with one trailing slash (or empty).
    QString keyAsPrefix() const;

    /// `s3://bucket/key`; a local URI is its path.
    QString toString() const;
    /// `s3`, `az`, `gs` or `file`.
    static QString schemeName(Scheme scheme);

    bool operator==(const StorageUri &) const = default;

private:
    Scheme m_scheme = Scheme::Local;
    QString m_bucket;
    QString m_key;
};

} // namespace lance::storage
