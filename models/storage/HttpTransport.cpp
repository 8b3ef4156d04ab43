// SPDX-License-Identifier: Apache-2.0
#include "storage/HttpTransport.h"

#include <QRandomGenerator>

#include <algorithm>
#include <httplib.h>

using namespace Qt::StringLiterals;

namespace lance::storage {

namespace {

constexpr std::size_t MaxIdleConnections = 32;
constexpr int MaxBackoffMs = 2000;
constexpr int MaxRetryAfterMs = 5000;

void setTimeout(httplib::Client &client, void (httplib::Client::*setter)(time_t, time_t),
                int milliseconds)
{
    const int ms = std::max(1, milliseconds);
    (client.*setter)(ms / 1000, (ms % 1000) * 1000);
}

bool retriedStatus(int status, bool idempotent)
{
    if (status == 429 || status == 503) {
        return true; // the store did nothing: throttled or unavailable
    }
    return idempotent && (status == 500 || status == 502 || status == 504);
}

} // namespace

struct HttpTransport::Attempt
{
    std::optional<HttpResponse> response;
    httplib::Error error = httplib::Error::Success;
    qint64 bytesReceived = 0;
    qint64 bytesAnnounced = -1;
};

HttpTransport::HttpTransport(Settings settings)
    : m_settings(std::move(settings))
{}

HttpTransport::~HttpTransport() = default;

QByteArray HttpTransport::hostHeader() const
{
    const QUrl &url = m_settings.endpoint;
    const int defaultPort = url.scheme() == u"https"_s ? 443 : 80;
    const QByteArray host = url.host(QUrl::FullyEncoded).toUtf8();
    if (url.port() < 0 || url.port() == defaultPort) {
        return host;
    }
    return host + ':' + QByteArray::number(url.port());
}

std::unique_ptr<httplib::Client> HttpTransport::takeClient()
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_idle.empty()) {
            auto client = std::move(m_idle.back());
            m_idle.pop_back();
            return client;
        }
    }
    const QUrl &url = m_settings.endpoint;
    const QString origin = url.scheme() + u"://"_s + url.host(QUrl::FullyEncoded)
                           + (url.port() >= 0 ? u":"_s + QString::number(url.port()) : QString());
    auto client = std::make_unique<httplib::Client>(origin.toStdString());
    client->set_keep_alive(true);
    // The body is the object's bytes as stored: no transfer compression, no re-encoding of
    // the target the signer signed.
    client->set_decompress(false);
    client->set_url_encode(false);
    client->set_follow_location(false);
    if (url.scheme() == u"https"_s) {
        client->enable_server_certificate_verification(!m_settings.allowInvalidCertificates);
    }
    return client;
}

void HttpTransport::giveBack(std::unique_ptr<httplib::Client> client)
{
    std::lock_guard lock(m_mutex);
    if (m_idle.size() < MaxIdleConnections) {
        m_idle.push_back(std::move(client));
    }
}

HttpTransport::Attempt HttpTransport::sendOnce(const HttpRequest &request,
                                               const CallControl &control)
{
    Attempt attempt;
    std::unique_ptr<httplib::Client> client = takeClient();
    const int remaining = control.remainingMilliseconds();
    setTimeout(*client, &httplib::Client::set_connection_timeout,
               std::min(remaining, m_settings.connectTimeoutMs));
    setTimeout(*client, &httplib::Client::set_read_timeout, remaining);
    setTimeout(*client, &httplib::Client::set_write_timeout, remaining);

    httplib::Request wire;
    wire.method = request.method.toStdString();
    wire.path = request.target.toStdString();
    for (const auto &[name, value] : request.headers) {
        wire.headers.emplace(name.toStdString(), value.toStdString());
    }
    wire.body = request.body.toStdString();
    QByteArray body;
    wire.content_receiver = [&](const char *data, size_t length, uint64_t, uint64_t total) {
        body.append(data, qsizetype(length));
        attempt.bytesReceived += qint64(length);
        attempt.bytesAnnounced = total > 0 ? qint64(total) : attempt.bytesAnnounced;
        return !control.isCancelled() && !control.hasExpired();
    };
    httplib::Client *raw = client.get();
    const int hook = control.cancellation().addHook([raw] { raw->stop(); });
    httplib::Response answer;
    httplib::Error error = httplib::Error::Success;
    const bool sent = client->send(wire, answer, error);
    control.cancellation().removeHook(hook);

    if (!sent) {
        attempt.error = error;
        return attempt; // a connection that failed is not reused
    }
    HttpResponse response;
    response.status = answer.status;
    for (const auto &[name, value] : answer.headers) {
        response.headers.append(
            {QByteArray::fromStdString(name).toLower(), QByteArray::fromStdString(value)});
    }
    response.body = body;
    attempt.response = std::move(response);
    giveBack(std::move(client));
    return attempt;
}

int HttpTransport::backoffMs(int attempt, const HttpResponse *response) const
{
    if (response) {
        bool ok = false;
        const int seconds = response->header("retry-after").trimmed().toInt(&ok);
        if (ok && seconds >= 0) {
            return std::min(seconds * 1000, MaxRetryAfterMs);
        }
    }
    // Exponential, with full jitter so that many callers do not come back in step.
    const int ceiling = std::min(MaxBackoffMs, m_settings.firstBackoffMs << std::min(attempt, 10));
    return int(QRandomGenerator::global()->bounded(ceiling / 2, ceiling + 1));
}

StorageResult<HttpResponse> HttpTransport::send(const HttpRequest &request,
                                                const CallControl &control, const QString &uri,
                                                const QString &store)
{
    for (int attempt = 0;; ++attempt) {
        if (control.isCancelled()) {
            return StorageError(StorageError::Kind::Cancelled, uri, store);
        }
        if (control.hasExpired()) {
            return StorageError(StorageError::Kind::Timeout, uri, store);
        }
        Attempt result = sendOnce(request, control);
        const bool lastAttempt = attempt + 1 >= m_settings.maxAttempts;
        if (result.response) {
            if (lastAttempt || !retriedStatus(result.response->status, request.idempotent)) {
                return std::move(*result.response);
            }
            const int wait = backoffMs(attempt, &*result.response);
            if (wait >= control.remainingMilliseconds()) {
                return std::move(*result.response);
            }
            if (control.cancellation().sleepFor(wait)) {
                return StorageError(StorageError::Kind::Cancelled, uri, store);
            }
            continue;
        }

        // No answer. Say why, unless it is worth another try.
        if (control.isCancelled()) {
            return StorageError(StorageError::Kind::Cancelled, uri, store);
        }
        if (control.hasExpired() || result.error == httplib::Error::ConnectionTimeout) {
            return StorageError(StorageError::Kind::Timeout, uri, store);
        }
        const QString why = QString::fromStdString(httplib::to_string(result.error));
        const bool tls = result.error == httplib::Error::SSLConnection
                         || result.error == httplib::Error::SSLLoadingCerts
                         || result.error == httplib::Error::SSLServerVerification;
        StorageError failure
            = result.bytesReceived > 0
                  ? StorageError(StorageError::Kind::Truncated, uri, store)
                        .withDetail(StorageError::tr("%1 of %2 bytes arrived")
                                        .arg(result.bytesReceived)
                                        .arg(result.bytesAnnounced))
                  : StorageError(StorageError::Kind::Network, uri, store).withDetail(why);
        // A request that may have been carried out is not sent again: its second answer
        // could contradict the first (a create that "already exists" because it succeeded).
        if (tls || lastAttempt || !request.idempotent) {
            return failure;
        }
        if (control.cancellation().sleepFor(backoffMs(attempt, nullptr))) {
            return StorageError(StorageError::Kind::Cancelled, uri, store);
        }
    }
}

} // namespace lance::storage
