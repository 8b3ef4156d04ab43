// SPDX-License-Identifier: Apache-2.0
#include "storage/HttpObjectStore.h"

#include "storage/ListingXml.h"
#include "storage/SigV4Signer.h"

#include <QDateTime>
#include <QElapsedTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::storage {

namespace {

// What the request log shows of one request: the object's URI, never the request's target
// (a SAS token rides in its query string) nor a header (the signature is in one).
api::ExchangeRecord exchangeRecord(const HttpRequest &request, const QString &uri,
                                   const StorageResult<HttpResponse> &answer,
                                   const QDateTime &startedAt, qint64 elapsedMs)
{
    api::ExchangeRecord record;
    record.startedAt = startedAt;
    record.method = request.method;
    record.url = uri;
    // Every store's listing names a prefix; no read of an object does.
    const qsizetype query = request.target.indexOf('?');
    const QByteArray parameters = query < 0 ? QByteArray() : '&' + request.target.mid(query + 1);
    const bool listing = request.method == "GET" && parameters.contains("&prefix=");
    record.operation = listing                      ? u"ListObjects"_s
                       : request.method == "GET"    ? u"GetObject"_s
                       : request.method == "HEAD"   ? u"HeadObject"_s
                       : request.method == "PUT"    ? u"PutObject"_s
                       : request.method == "DELETE" ? u"DeleteObject"_s
                                                    : QString::fromLatin1(request.method);
    record.status = answer ? answer->status : 0;
    record.elapsedMs = elapsedMs;
    if (!answer) {
        record.error = answer.error().message();
    }
    return record;
}

using Kind = StorageError::Kind;

// `bytes 0-9/1234` → 0 and 1234.
std::pair<qint64, qint64> contentRange(const QByteArray &header)
{
    const QByteArray value = header.trimmed();
    const qsizetype space = value.indexOf(' ');
    const qsizetype dash = value.indexOf('-');
    const qsizetype slash = value.indexOf('/');
    if (space < 0 || dash < 0 || slash < 0) {
        return {0, -1};
    }
    return {value.mid(space + 1, dash - space - 1).toLongLong(), value.mid(slash + 1).toLongLong()};
}

} // namespace

HttpObjectStore::HttpObjectStore(Identity identity, std::unique_ptr<HttpTransport> transport)
    : m_identity(std::move(identity))
    , m_description(m_identity.description)
    , m_transport(std::move(transport))
{}

StorageUri HttpObjectStore::uriOf(const QString &key) const
{
    return StorageUri::remote(m_identity.scheme, m_identity.bucket, key);
}

void HttpObjectStore::prepareUpload(HttpRequest &) const {}

std::optional<HttpRequest> HttpObjectStore::copyRequest(const QString &, const QString &) const
{
    return std::nullopt;
}

QByteArray HttpObjectStore::withQuery(const QByteArray &path,
                                      const QList<QPair<QByteArray, QByteArray>> &query)
{
    QByteArrayList parts;
    for (const auto &[name, value] : query) {
        parts.append(SigV4Signer::uriEncode(name, false) + '='
                     + SigV4Signer::uriEncode(value, false));
    }
    return parts.isEmpty() ? path : path + '?' + parts.join('&');
}

StorageResult<HttpResponse> HttpObjectStore::exchange(HttpRequest request,
                                                      const CallControl &control,
                                                      const QString &key, bool conditionalCreate)
{
    const QString uri = uriOf(key).toString();
    // Lance's vended credentials say when they stop working: refuse before the store does,
    // with the reason, rather than let a signed request fail as "access denied".
    if (m_identity.expiresAtMillis
        && *m_identity.expiresAtMillis <= QDateTime::currentMSecsSinceEpoch()) {
        return StorageError(Kind::ExpiredCredentials, uri, m_description)
            .withDetail(
                tr("expires_at_millis is %1")
                    .arg(QDateTime::fromMSecsSinceEpoch(*m_identity.expiresAtMillis, Qt::UTC)
                             .toString(Qt::ISODate)));
    }
    request.headers.prepend({"Host", m_transport->hostHeader()});
    // httplib itself sends `Content-Length: 0` with an empty PUT; a second one is a 400.
    if ((request.method == "PUT" || request.method == "POST") && !request.body.isEmpty()) {
        request.headers.append({"Content-Length", QByteArray::number(request.body.size())});
    }
    authorize(request);
    const QDateTime startedAt = QDateTime::currentDateTime();
    QElapsedTimer elapsed;
    elapsed.start();
    auto answer = m_transport->send(request, control, uri, m_description);
    if (m_observer) {
        m_observer(exchangeRecord(request, uri, answer, startedAt, elapsed.elapsed()));
    }
    if (!answer) {
        return answer.error();
    }
    if (!answer->isSuccess()) {
        StoreErrorAnswer::Context context{uri, m_description, m_identity.hasCredentials,
                                          conditionalCreate};
        return StoreErrorAnswer::read(*answer, context);
    }
    return answer;
}

ObjectMeta HttpObjectStore::metaOf(const QString &key, const HttpResponse &response)
{
    ObjectMeta meta;
    meta.key = key;
    const qint64 total = contentRange(response.header("content-range")).second;
    meta.size = total >= 0 ? total : response.header("content-length").toLongLong();
    meta.eTag = ListingXml::unquotedETag(QString::fromUtf8(response.header("etag")));
    meta.lastModified
        = ListingXml::parseHttpDate(QString::fromUtf8(response.header("last-modified")));
    return meta;
}

StorageResult<ObjectData> HttpObjectStore::read(const QString &key, const CallControl &control)
{
    HttpRequest request{"GET", objectPath(key), {}, {}, true};
    auto answer = exchange(request, control, key);
    if (!answer) {
        return answer.error();
    }
    ObjectData data;
    data.meta = metaOf(key, *answer);
    data.meta.size = answer->body.size();
    data.bytes = answer->body;
    return data;
}

StorageResult<ObjectData> HttpObjectStore::readRange(const QString &key, qint64 offset,
                                                     qint64 length, const CallControl &control)
{
    if (length < 0) {
        return read(key, control);
    }
    if (length == 0) {
        auto meta = stat(key, control);
        if (!meta) {
            return meta.error();
        }
        return ObjectData{{}, *meta, std::min(std::max<qint64>(offset, 0), meta->size)};
    }
    if (offset < 0 && !supportsSuffixRange()) {
        auto meta = stat(key, control);
        if (!meta) {
            return meta.error();
        }
        return readRange(key, std::max<qint64>(0, meta->size - length), length, control);
    }
    const QByteArray range = offset < 0 ? "bytes=-" + QByteArray::number(length)
                                        : "bytes=" + QByteArray::number(offset) + '-'
                                              + QByteArray::number(offset + length - 1);
    HttpRequest request{"GET", objectPath(key), {{"Range", range}}, {}, true};
    auto answer = exchange(request, control, key);
    if (!answer && answer.error().httpStatus() == 416) {
        // The range starts at or after the end: no bytes, and the object's facts.
        auto meta = stat(key, control);
        if (!meta) {
            return meta.error();
        }
        return ObjectData{{}, *meta, meta->size};
    }
    if (!answer) {
        return answer.error();
    }
    ObjectData data;
    data.meta = metaOf(key, *answer);
    if (answer->status == 206) {
        const auto [start, total] = contentRange(answer->header("content-range"));
        // A store that reads `bytes=-N` as the first bytes (s3rver does) answers a range that
        // does not end at the object's end: ask again for the explicit range.
        if (offset < 0 && total >= 0 && start + answer->body.size() != total) {
            return readRange(key, std::max<qint64>(0, total - length), length, control);
        }
        data.offset = start;
        data.bytes = answer->body;
        return data;
    }
    // A 200 is the whole object (a store that ignored the range): cut the range here.
    const QByteArray &whole = answer->body;
    data.meta.size = whole.size();
    const qint64 start = offset < 0 ? std::max<qint64>(0, whole.size() - length)
                                    : std::min<qint64>(offset, whole.size());
    data.offset = start;
    data.bytes = whole.mid(start, length);
    return data;
}

StorageResult<ObjectMeta> HttpObjectStore::stat(const QString &key, const CallControl &control)
{
    HttpRequest request{"HEAD", objectPath(key), {}, {}, true};
    auto answer = exchange(request, control, key);
    if (!answer) {
        return answer.error();
    }
    return metaOf(key, *answer);
}

StorageResult<ListPage> HttpObjectStore::list(const QString &prefix, const QString &startAfter,
                                              const QString &continuation, int maxKeys,
                                              const CallControl &control)
{
    const bool skipHere = continuation.isEmpty() && !startAfter.isEmpty() && !supportsStartAfter();
    QString token = continuation;
    for (;;) {
        HttpRequest request = listRequest(prefix, startAfter, token, maxKeys);
        auto answer = exchange(request, control, prefix);
        if (!answer) {
            return answer.error();
        }
        std::optional<ListPage> page = parseListing(answer->body);
        if (!page) {
            return StorageError(Kind::Unexpected, uriOf(prefix).toString(), m_description)
                .withDetail(tr("the listing is not XML this client can read"));
        }
        if (!skipHere) {
            return *page;
        }
        const QByteArray after = startAfter.toUtf8();
        page->objects.removeIf(
            [&](const ObjectMeta &object) { return object.key.toUtf8() <= after; });
        // Keys come in byte order: once one is past the start, every later one is too.
        if (!page->objects.isEmpty() || page->continuation.isEmpty()) {
            return *page;
        }
        token = page->continuation;
    }
}

StorageResult<ObjectMeta> HttpObjectStore::createIfAbsent(const QString &key,
                                                          const QByteArray &bytes,
                                                          const CallControl &control)
{
    HttpRequest request{
        "PUT", objectPath(key), {{"Content-Type", "application/octet-stream"}}, bytes, false};
    prepareUpload(request);
    markCreateOnly(request);
    auto answer = exchange(request, control, key, true);
    if (!answer) {
        return answer.error();
    }
    ObjectMeta meta = metaOf(key, *answer);
    meta.size = bytes.size();
    return meta;
}

StorageResult<void> HttpObjectStore::copyIfAbsent(const QString &from, const QString &to,
                                                  const CallControl &control)
{
    if (std::optional<HttpRequest> request = copyRequest(from, to)) {
        auto answer = exchange(*request, control, to, true);
        if (!answer) {
            // A missing source is named as such, not as the target.
            if (answer.error().kind() == Kind::NotFound) {
                return StorageError(Kind::NotFound, uriOf(from).toString(), m_description);
            }
            return answer.error();
        }
        return {};
    }
    auto source = read(from, control);
    if (!source) {
        return source.error();
    }
    auto created = createIfAbsent(to, source->bytes, control);
    if (!created) {
        return created.error();
    }
    return {};
}

StorageResult<void> HttpObjectStore::remove(const QString &key, const CallControl &control)
{
    HttpRequest request{"DELETE", objectPath(key), {}, {}, true};
    auto answer = exchange(request, control, key);
    if (!answer && answer.error().kind() != Kind::NotFound) {
        return answer.error();
    }
    return {};
}

} // namespace lance::storage
