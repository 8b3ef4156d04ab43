// SPDX-License-Identifier: Apache-2.0
#include "storage/StoreEndpoint.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace lance::storage {

StorageResult<QUrl> StoreEndpoint::check(const QString &endpoint, const StorageOptions &options,
                                         const QString &uri, const QString &storeName)
{
    const QUrl url(endpoint, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty() || (scheme != u"http"_s && scheme != u"https"_s)) {
        return StorageError(StorageError::Kind::InvalidOptions, uri, storeName)
            .withDetail(tr("the endpoint %1 is not an http:// or https:// URL").arg(endpoint));
    }
    if (scheme == u"http"_s && !options.flag(u"allow_http"_s)) {
        return StorageError(StorageError::Kind::InsecureEndpoint, uri,
                            u"%1 at %2"_s.arg(storeName, url.toString()));
    }
    QUrl origin;
    origin.setScheme(scheme);
    origin.setHost(url.host());
    origin.setPort(url.port());
    return origin;
}

HttpTransport::Settings StoreEndpoint::settings(const QUrl &endpoint, const StorageOptions &options)
{
    HttpTransport::Settings settings;
    settings.endpoint = endpoint;
    settings.allowInvalidCertificates = options.flag(u"allow_invalid_certificates"_s);
    if (const auto connect = options.value(u"connect_timeout"_s)) {
        settings.connectTimeoutMs = durationMs(*connect).value_or(settings.connectTimeoutMs);
    }
    return settings;
}

std::optional<int> StoreEndpoint::durationMs(const QString &text)
{
    static const QRegularExpression pattern(u"^\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|s|m)?\\s*$"_s);
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch()) {
        return std::nullopt;
    }
    const double value = match.captured(1).toDouble();
    const QString unit = match.captured(2);
    const double factor = unit == u"ms"_s ? 1 : unit == u"m"_s ? 60000 : 1000;
    return int(value * factor);
}

} // namespace lance::storage
