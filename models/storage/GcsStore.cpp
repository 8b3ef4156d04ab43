// SPDX-License-Identifier: Apache-2.0
#include "storage/GcsStore.h"

#include "storage/ListingXml.h"
#include "storage/StoreEndpoint.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace lance::storage {

GcsStore::GcsStore(Identity identity, std::unique_ptr<HttpTransport> transport, QString token,
                   std::optional<SigV4Signer> signer, QString bucket)
    : HttpObjectStore(std::move(identity), std::move(transport))
    , m_token(std::move(token))
    , m_signer(std::move(signer))
    , m_bucket(std::move(bucket))
{}

StorageResult<std::unique_ptr<GcsStore>> GcsStore::open(const QString &bucket,
                                                        const StorageOptions &options)
{
    const QString endpointText
        = options.valueOr(u"google_storage_endpoint"_s, u"https://storage.googleapis.com"_s);
    auto endpoint = StoreEndpoint::check(endpointText, options, u"gs://"_s + bucket, u"GCS"_s);
    if (!endpoint) {
        return endpoint.error();
    }
    Identity identity;
    identity.scheme = StorageUri::Scheme::Gcs;
    identity.bucket = bucket;
    identity.description = u"GCS at %1"_s.arg(endpoint->toString());
    identity.expiresAtMillis = options.expiresAtMillis();

    const QString token = options.valueOr(u"google_storage_token"_s, {});
    std::optional<SigV4Signer> signer;
    const auto accessId = options.value(u"google_hmac_access_id"_s);
    const auto secret = options.value(u"google_hmac_secret"_s);
    if (token.isEmpty() && accessId && secret) {
        // GCS's HMAC keys sign with any region name; "auto" is the one its documentation uses.
        signer.emplace(SigV4Signer::Credentials{*accessId, *secret, {}}, u"auto"_s, u"storage"_s,
                       SigV4Signer::Dialect::Goog4);
    }
    identity.hasCredentials = !token.isEmpty() || signer.has_value();
    auto transport = std::make_unique<HttpTransport>(StoreEndpoint::settings(*endpoint, options));
    return std::unique_ptr<GcsStore>(
        new GcsStore(std::move(identity), std::move(transport), token, std::move(signer), bucket));
}

QByteArray GcsStore::objectPath(const QString &key) const
{
    return '/' + SigV4Signer::uriEncode(m_bucket.toUtf8(), false) + '/'
           + SigV4Signer::uriEncode(key.toUtf8(), true);
}

void GcsStore::authorize(HttpRequest &request) const
{
    if (!m_token.isEmpty()) {
        request.headers.append({"Authorization", "Bearer " + m_token.toUtf8()});
        return;
    }
    if (!m_signer) {
        return;
    }
    m_signer->signHttp(request, QDateTime::currentDateTimeUtc());
}

HttpRequest GcsStore::listRequest(const QString &prefix, const QString &startAfter,
                                  const QString &continuation, int maxKeys) const
{
    // The XML API's marker is a key: listing starts after it, which is start-after itself.
    QList<QPair<QByteArray, QByteArray>> query{{"max-keys", QByteArray::number(maxKeys)},
                                               {"prefix", prefix.toUtf8()}};
    const QString marker = continuation.isEmpty() ? startAfter : continuation;
    if (!marker.isEmpty()) {
        query.append({"marker", marker.toUtf8()});
    }
    return HttpRequest{"GET",
                       withQuery('/' + SigV4Signer::uriEncode(m_bucket.toUtf8(), false), query),
                       {},
                       {},
                       true};
}

std::optional<ListPage> GcsStore::parseListing(const QByteArray &body) const
{
    return ListingXml::parseBucketListing(body);
}

void GcsStore::markCreateOnly(HttpRequest &request) const
{
    request.headers.append(
        {QByteArrayLiteral("x-goog-if-generation-match"), QByteArrayLiteral("0")});
}

std::optional<HttpRequest> GcsStore::copyRequest(const QString &from, const QString &to) const
{
    HttpRequest request{"PUT", objectPath(to), {}, {}, false};
    request.headers.append({"x-goog-copy-source", objectPath(from)});
    markCreateOnly(request);
    return request;
}

} // namespace lance::storage
