// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/HttpTransport.h"
#include "storage/StorageOptions.h"

#include <QUrl>

namespace lance::storage {

/// The endpoint of an HTTP store, checked the way object_store checks it: a URL with a host,
/// `https://` unless `allow_http` is set, and the transport settings the options ask for
/// (`allow_invalid_certificates`, `connect_timeout` as object_store's durations: `5s`, `500ms`).
class StoreEndpoint
{
    Q_DECLARE_TR_FUNCTIONS(StoreEndpoint)

public:
    static StorageResult<QUrl> check(const QString &endpoint, const StorageOptions &options,
                                     const QString &uri, const QString &storeName);
    static HttpTransport::Settings settings(const QUrl &endpoint, const StorageOptions &options);
    /// Milliseconds of `5s`, `500ms`, `2m` or a bare number of seconds; nothing otherwise.
    static std::optional<int> durationMs(const QString &text);
};

} // namespace lance::storage
