// SPDX-License-Identifier: Apache-2.0
#include "storage/S3Store.h"

#include "storage/ListingXml.h"
#include "storage/StoreEndpoint.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace lance::storage {

S3Store::S3Store(Identity identity, std::unique_ptr<HttpTransport> transport,
                 std::optional<SigV4Signer> signer, bool pathStyle, QString bucket)
    : HttpObjectStore(std::move(identity), std::move(transport))
    , m_signer(std::move(signer))
    , m_pathStyle(pathStyle)
    , m_bucket(std::move(bucket))
{}

StorageResult<std::unique_ptr<S3Store>> S3Store::open(const QString &bucket,
                                                      const StorageOptions &options)
{
    // With an endpoint, Lance uses aws_region or us-west-2; without one we cannot ask AWS
    // where the bucket is before signing, so the default region is AWS's first.
    const auto endpointOption = options.value(u"aws_endpoint"_s);
    const QString region
        = options.valueOr(u"aws_region"_s, endpointOption ? u"us-west-2"_s : u"us-east-1"_s);
    const bool virtualHosted = options.flag(u"aws_virtual_hosted_style_request"_s, false);
    const QString uri = u"s3://"_s + bucket;

    QString endpointText = endpointOption.value_or(u"https://s3.%1.amazonaws.com"_s.arg(region));
    const bool pathStyle = endpointOption && !virtualHosted;
    if (!pathStyle) {
        // Virtual-hosted: the bucket is the first label of the host.
        QUrl url(endpointText);
        url.setHost(bucket + u'.' + url.host());
        endpointText = url.toString();
    }
    auto endpoint = StoreEndpoint::check(endpointText, options, uri, u"S3"_s);
    if (!endpoint) {
        return endpoint.error();
    }

    Identity identity;
    identity.scheme = StorageUri::Scheme::S3;
    identity.bucket = bucket;
    identity.description = u"S3 at %1"_s.arg(endpoint->toString());
    identity.expiresAtMillis = options.expiresAtMillis();

    std::optional<SigV4Signer> signer;
    const auto keyId = options.value(u"aws_access_key_id"_s);
    const auto secret = options.value(u"aws_secret_access_key"_s);
    if (keyId && secret) {
        signer.emplace(
            SigV4Signer::Credentials{*keyId, *secret, options.valueOr(u"aws_session_token"_s, {})},
            region, u"s3"_s);
        identity.hasCredentials = true;
    }
    auto transport = std::make_unique<HttpTransport>(StoreEndpoint::settings(*endpoint, options));
    return std::unique_ptr<S3Store>(new S3Store(std::move(identity), std::move(transport),
                                                std::move(signer), pathStyle, bucket));
}

QByteArray S3Store::objectPath(const QString &key) const
{
    const QByteArray encodedKey = SigV4Signer::uriEncode(key.toUtf8(), true);
    return m_pathStyle ? '/' + SigV4Signer::uriEncode(m_bucket.toUtf8(), false) + '/' + encodedKey
                       : '/' + encodedKey;
}

void S3Store::authorize(HttpRequest &request) const
{
    if (!m_signer) {
        return;
    }
    m_signer->signHttp(request, QDateTime::currentDateTimeUtc());
}

HttpRequest S3Store::listRequest(const QString &prefix, const QString &startAfter,
                                 const QString &continuation, int maxKeys) const
{
    QList<QPair<QByteArray, QByteArray>> query{
        {"list-type", "2"}, {"max-keys", QByteArray::number(maxKeys)}, {"prefix", prefix.toUtf8()}};
    if (!continuation.isEmpty()) {
        query.append({"continuation-token", continuation.toUtf8()});
    } else if (!startAfter.isEmpty()) {
        query.append({"start-after", startAfter.toUtf8()});
    }
    const QByteArray path
        = m_pathStyle ? '/' + SigV4Signer::uriEncode(m_bucket.toUtf8(), false) : QByteArray("/");
    return HttpRequest{"GET", withQuery(path, query), {}, {}, true};
}

std::optional<ListPage> S3Store::parseListing(const QByteArray &body) const
{
    return ListingXml::parseBucketListing(body);
}

void S3Store::markCreateOnly(HttpRequest &request) const
{
    request.headers.append({QByteArrayLiteral("If-None-Match"), QByteArrayLiteral("*")});
}

} // namespace lance::storage
