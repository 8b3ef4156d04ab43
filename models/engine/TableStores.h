// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/Result.h"
#include "storage/ObjectStore.h"
#include "storage/StorageOptions.h"

#include <QCoreApplication>
#include <QHash>

#include <memory>
#include <mutex>
#include <optional>

namespace lance::engine {

/// The object stores of the tables whose location is a URI (`s3://`, `az://`, `gs://`), opened
/// once per bucket with the catalog's storage options (the operator's, Lance's keys) and
/// shared by every thread of the engine. Local locations are not its business: locate()
/// answers nothing for them and the engine's file code applies.
class TableStores
{
    Q_DECLARE_TR_FUNCTIONS(TableStores)

public:
    /// `vended`: what DescribeTable and DeclareTable hand a client that asks
    /// (`vend_credentials`), valid for `vendSeconds`; nothing is vended when it is 0.
    explicit TableStores(storage::StorageOptions options = {}, storage::StorageOptions vended = {},
                         int vendSeconds = 0);

    struct Table
    {
        std::shared_ptr<storage::ObjectStore> store;
        storage::StorageUri uri; //!< the table's folder in the store
    };

    /// The store and folder of a table at `location`. Nothing for a local location, a scheme no
    /// store here speaks, and a store the options name neither an endpoint nor credentials of
    /// (no `aws_access_key_id` or `aws_endpoint` for `s3://`, no account, endpoint, SAS or
    /// token for `az://`, no token, HMAC key or endpoint for `gs://`): such a table's versions
    /// are recorded as given, as before the catalog could reach stores. Refused when the store
    /// cannot be opened with the options (the store's refusal(), with the option to fix).
    api::Result<std::optional<Table>> locate(const QString &location) const;

    /// locate() for readers, which leave a version as recorded when its store cannot be
    /// reached: nothing for a local location and for a store that does not open.
    std::optional<Table> find(const QString &location) const;

    /// The key in `table.store` of a path as Lance writes it in `manifest_path`: a URI of the
    /// same bucket, or a path relative to the bucket (object_store's paths); nothing for a
    /// URI of another store or bucket.
    static std::optional<QString> keyOf(const Table &table, const QString &objectPath);

    /// The catalog's answer to a store's refusal: a missing object is InvalidInput (the
    /// request named it), a lost create ConcurrentModification, what passes with time
    /// ServiceUnavailable, the rest (credentials, region, bucket) Internal: the operator's to
    /// fix. The message is the store's, with the URI and what to do; never a secret.
    static api::ApiError refusal(const storage::StorageError &error);

    const storage::StorageOptions &options() const { return m_options; }

    /// The storage options a client asking for credentials gets for a table at `location`:
    /// the operator's options for its store, every key (LanceDB uses this set instead of its
    /// own, so it must be complete), and `expires_at_millis`, when Lance must describe the
    /// table again. Empty for a local table or when the catalog vends nothing.
    api::StringMap vend(const QString &location) const;

private:
    bool isConfiguredFor(storage::StorageUri::Scheme scheme) const;

    storage::StorageOptions m_options;
    storage::StorageOptions m_vended;
    int m_vendSeconds = 0;
    mutable std::mutex m_mutex;
    mutable QHash<QString, std::shared_ptr<storage::ObjectStore>> m_stores;
};

} // namespace lance::engine
