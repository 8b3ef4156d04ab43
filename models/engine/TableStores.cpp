// SPDX-License-Identifier: Apache-2.0
#include "engine/TableStores.h"

#include "storage/StoreFactory.h"

#include <QDateTime>

#include <algorithm>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::storage::StorageError;
using lance::storage::StorageUri;

namespace lance::engine {

TableStores::TableStores(storage::StorageOptions options, storage::StorageOptions vended,
                         int vendSeconds)
    : m_options(std::move(options))
    , m_vended(std::move(vended))
    , m_vendSeconds(vendSeconds)
{}

api::StringMap TableStores::vend(const QString &location) const
{
    if (m_vendSeconds <= 0 || m_vended.isEmpty() || !find(location)) {
        return {};
    }
    api::StringMap options;
    const QMap<QString, QString> values = m_vended.values();
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        options.insert(it.key(), it.value());
    }
    options.insert(u"expires_at_millis"_s, QString::number(QDateTime::currentMSecsSinceEpoch()
                                                           + qint64(m_vendSeconds) * 1000));
    return options;
}

api::Result<std::optional<TableStores::Table>> TableStores::locate(const QString &location) const
{
    // A local path, a scheme no store here speaks, or a store no one set up: not ours to
    // reach, and its versions are recorded as given.
    const auto uri = StorageUri::parse(location);
    if (!uri || uri->isLocal() || !isConfiguredFor(uri->scheme())) {
        return std::optional<Table>();
    }
    const QString storeKey = StorageUri::schemeName(uri->scheme()) + u"://"_s + uri->bucket();
    std::lock_guard lock(m_mutex);
    auto store = m_stores.value(storeKey);
    if (!store) {
        auto opened = storage::StoreFactory::open(*uri, m_options);
        if (!opened) {
            return refusal(opened.error());
        }
        store = *opened;
        m_stores.insert(storeKey, store);
    }
    return std::optional<Table>(Table{store, *uri});
}

bool TableStores::isConfiguredFor(StorageUri::Scheme scheme) const
{
    return m_options.reaches(scheme);
}

std::optional<TableStores::Table> TableStores::find(const QString &location) const
{
    auto located = locate(location);
    return located ? *located : std::nullopt;
}

std::optional<QString> TableStores::keyOf(const Table &table, const QString &objectPath)
{
    if (objectPath.contains(u"://"_s)) {
        const auto uri = StorageUri::parse(objectPath);
        if (!uri || uri->scheme() != table.uri.scheme() || uri->bucket() != table.uri.bucket()) {
            return std::nullopt;
        }
        return uri->key();
    }
    QString key = objectPath;
    while (key.startsWith(u'/')) {
        key.remove(0, 1);
    }
    return key;
}

ApiError TableStores::refusal(const StorageError &error)
{
    ErrorCode code = ErrorCode::Internal;
    switch (error.kind()) {
    case StorageError::Kind::NotFound:
    case StorageError::Kind::InvalidOptions:
        code = ErrorCode::InvalidInput;
        break;
    case StorageError::Kind::AlreadyExists:
        code = ErrorCode::ConcurrentModification;
        break;
    case StorageError::Kind::Network:
    case StorageError::Kind::Timeout:
    case StorageError::Kind::Truncated:
    case StorageError::Kind::Throttled:
    case StorageError::Kind::ServerError:
        code = ErrorCode::ServiceUnavailable;
        break;
    default:
        break;
    }
    return ApiError::catalog(code, error.message());
}

} // namespace lance::engine
