// SPDX-License-Identifier: Apache-2.0
#include "storage/AzureBlobStore.h"

#include "storage/ListingXml.h"
#include "storage/SigV4Signer.h"
#include "storage/StoreEndpoint.h"

#include <QDateTime>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace lance::storage {

namespace {

// The service version every request names: one Azurite 3.35 and Azure both serve.
constexpr char ServiceVersion[] = "2021-12-02";
// Azurite's account, published by Microsoft for the emulator.
const QString EmulatorAccount = u"devstoreaccount1"_s;
const QString EmulatorKey = u"Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/"
                            u"K1SZFPTOtr/KBHBeksoGMGw=="_s;

QByteArray httpDate(const QDateTime &time)
{
    return QLocale::c().toString(time.toUTC(), u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_s).toLatin1();
}

} // namespace

AzureBlobStore::AzureBlobStore(Identity identity, std::unique_ptr<HttpTransport> transport,
                               QByteArray basePath, QString container, Access access)
    : HttpObjectStore(std::move(identity), std::move(transport))
    , m_basePath(std::move(basePath))
    , m_container(std::move(container))
    , m_access(std::move(access))
{}

StorageResult<std::unique_ptr<AzureBlobStore>> AzureBlobStore::open(const QString &container,
                                                                    const StorageOptions &options)
{
    const bool emulator = options.flag(u"azure_storage_use_emulator"_s);
    QString account
        = options.valueOr(u"azure_storage_account_name"_s, emulator ? EmulatorAccount : QString());
    const QString uri = u"az://"_s + container;
    QString accountUrl;
    if (const auto endpoint = options.value(u"azure_storage_endpoint"_s)) {
        accountUrl = *endpoint;
    } else if (emulator) {
        accountUrl = options.valueOr(u"azurite_blob_storage_url"_s, u"http://127.0.0.1:10000"_s)
                     + u'/' + account;
    } else if (!account.isEmpty()) {
        accountUrl = u"https://%1.blob.core.windows.net"_s.arg(account);
    } else {
        return StorageError(StorageError::Kind::InvalidOptions, uri, u"Azure"_s)
            .withDetail(StorageOptions::tr("set azure_storage_account_name or "
                                           "azure_storage_endpoint"));
    }
    // The emulator is plain HTTP by design; object_store allows it without allow_http too.
    StorageOptions checked = options;
    if (emulator) {
        checked.set(u"allow_http"_s, u"true"_s);
    }
    auto endpoint = StoreEndpoint::check(accountUrl, checked, uri, u"Azure"_s);
    if (!endpoint) {
        return endpoint.error();
    }
    QByteArray basePath = QUrl(accountUrl).path(QUrl::FullyEncoded).toUtf8();
    while (basePath.endsWith('/')) {
        basePath.chop(1);
    }
    if (account.isEmpty()) {
        // An endpoint of the emulator's form names the account as its path.
        account = QString::fromUtf8(basePath.mid(1));
    }

    Identity identity;
    identity.scheme = StorageUri::Scheme::Azure;
    identity.bucket = container;
    identity.description = u"Azure account %1 at %2"_s.arg(account, endpoint->toString());
    identity.expiresAtMillis = options.expiresAtMillis();

    Access access;
    if (const auto sas = options.value(u"azure_storage_sas_token"_s)) {
        access.sasQuery = sas->startsWith(u'?') ? sas->mid(1).toUtf8() : sas->toUtf8();
    } else if (const auto token = options.value(u"azure_storage_token"_s)) {
        access.bearerToken = token->toUtf8();
    } else if (const auto key = options.value(u"azure_storage_account_key"_s)) {
        access.signer.emplace(account, *key);
    } else if (emulator) {
        access.signer.emplace(account, EmulatorKey);
    }
    identity.hasCredentials
        = access.signer || !access.sasQuery.isEmpty() || !access.bearerToken.isEmpty();
    auto transport = std::make_unique<HttpTransport>(StoreEndpoint::settings(*endpoint, checked));
    return std::unique_ptr<AzureBlobStore>(new AzureBlobStore(
        std::move(identity), std::move(transport), basePath, container, std::move(access)));
}

QByteArray AzureBlobStore::containerPath() const
{
    return m_basePath + '/' + SigV4Signer::uriEncode(m_container.toUtf8(), false);
}

QByteArray AzureBlobStore::objectPath(const QString &key) const
{
    return containerPath() + '/' + SigV4Signer::uriEncode(key.toUtf8(), true);
}

void AzureBlobStore::authorize(HttpRequest &request) const
{
    request.headers.append({"x-ms-date", httpDate(QDateTime::currentDateTimeUtc())});
    request.headers.append({QByteArrayLiteral("x-ms-version"), QByteArray(ServiceVersion)});
    if (!m_access.sasQuery.isEmpty()) {
        request.target += (request.target.contains('?') ? '&' : '?') + m_access.sasQuery;
    } else if (!m_access.bearerToken.isEmpty()) {
        request.headers.append({"Authorization", "Bearer " + m_access.bearerToken});
    } else if (m_access.signer) {
        m_access.signer->signInPlace(request);
    }
}

HttpRequest AzureBlobStore::listRequest(const QString &prefix, const QString &startAfter,
                                        const QString &continuation, int maxKeys) const
{
    QList<QPair<QByteArray, QByteArray>> query{{"restype", "container"},
                                               {"comp", "list"},
                                               {"maxresults", QByteArray::number(maxKeys)},
                                               {"prefix", prefix.toUtf8()}};
    Q_UNUSED(startAfter); // Azure has none: HttpObjectStore::list() skips the keys before it
    if (!continuation.isEmpty()) {
        query.append({"marker", continuation.toUtf8()});
    }
    return HttpRequest{"GET", withQuery(containerPath(), query), {}, {}, true};
}

std::optional<ListPage> AzureBlobStore::parseListing(const QByteArray &body) const
{
    return ListingXml::parseAzureListing(body);
}

void AzureBlobStore::markCreateOnly(HttpRequest &request) const
{
    request.headers.append({QByteArrayLiteral("If-None-Match"), QByteArrayLiteral("*")});
}

void AzureBlobStore::prepareUpload(HttpRequest &request) const
{
    request.headers.append({QByteArrayLiteral("x-ms-blob-type"), QByteArrayLiteral("BlockBlob")});
}

std::optional<HttpRequest> AzureBlobStore::copyRequest(const QString &from, const QString &to) const
{
    HttpRequest request{"PUT", objectPath(to), {}, {}, false};
    QByteArray source = transport().endpoint().toString().toUtf8() + objectPath(from);
    if (!m_access.sasQuery.isEmpty()) {
        source += '?' + m_access.sasQuery;
    }
    request.headers.append({"x-ms-copy-source", source});
    markCreateOnly(request);
    return request;
}

} // namespace lance::storage
