// SPDX-License-Identifier: Apache-2.0
#include "rest/RestCall.h"

#include "rest/RestLogging.h"
#include "rest/SendOnceBody.h"

#include <QDateTime>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QStringList>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace lance::rest {

namespace {

// `Retry-After` as an HTTP date (RFC 9110 IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT").
std::optional<QDateTime> parseHttpDate(const QByteArray &value)
{
    QDateTime date = QLocale::c().toDateTime(QString::fromLatin1(value).trimmed(),
                                             u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_s);
    if (!date.isValid()) {
        return std::nullopt;
    }
    date.setTimeSpec(Qt::UTC);
    return date;
}

// Failures below HTTP: with these a status may have arrived, but not the whole answer.
bool isTransportFailure(QNetworkReply::NetworkError error)
{
    if (error == QNetworkReply::TooManyRedirectsError
        || error == QNetworkReply::InsecureRedirectError) {
        return false; // the 3xx itself is the answer to report
    }
    // 1-199: connection and proxy errors; ProtocolFailure: the answer broke off or was garbled.
    return (error > QNetworkReply::NoError && error < QNetworkReply::ContentAccessDenied)
           || error == QNetworkReply::ProtocolFailure;
}

} // namespace

QByteArray RestCall::Response::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0) {
            return value;
        }
    }
    return {};
}

RestCall::RestCall(QNetworkAccessManager *network, PreparedRequest request, Settings settings,
                   QObject *context, Done done)
    : m_network(network)
    , m_request(std::move(request))
    , m_settings(std::move(settings))
    , m_context(context)
    , m_hasContext(context != nullptr)
    , m_done(std::move(done))
    , m_method(m_request.method)
{
    m_timeout.setSingleShot(true);
    m_backoff.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, &RestCall::onTimeout);
    connect(&m_backoff, &QTimer::timeout, this, &RestCall::sendAttempt);
    if (context) {
        connect(context, &QObject::destroyed, this, &RestCall::onContextDestroyed);
    }
}

RestCall *RestCall::start(QNetworkAccessManager *network, PreparedRequest request,
                          Settings settings, QObject *context, Done done)
{
    auto *call
        = new RestCall(network, std::move(request), std::move(settings), context, std::move(done));
    call->sendAttempt();
    return call;
}

RestCall *RestCall::fail(api::ApiError error, QObject *context, Done done)
{
    auto *call = new RestCall(nullptr, {}, {}, context, std::move(done));
    call->finishLater(std::move(error));
    return call;
}

void RestCall::cancel()
{
    if (m_finished) {
        return;
    }
    api::ApiError error = api::ApiError::cancelled(m_request.operation, m_request.url);
    const bool inFlight = !m_reply.isNull(); // not while waiting to retry: nothing is out then
    dropReply();
    if (inFlight) {
        reportAttempt(m_request.url, 0, error.userMessage());
    }
    finishLater(std::move(error));
}

void RestCall::sendAttempt()
{
    if (m_finished) {
        return;
    }
    if (!m_network) {
        // Later, not now: this may run inside start(), and callbacks never run inside the call.
        finishLater(api::ApiError::network(m_request.operation, m_request.url,
                                           tr("the network access manager no longer exists")));
        return;
    }
    QNetworkRequest request(m_request.url);
    for (const auto &[name, value] : m_request.headers) {
        request.setRawHeader(name, value);
    }
    // Same origin only: a redirect to another host must not receive the credentials.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::SameOriginRedirectPolicy);
    if (m_settings.tls) {
        request.setSslConfiguration(*m_settings.tls);
    }
    ++m_attempts;
    m_sslErrors.clear();
    m_clock.start();
    m_attemptStartedAt = QDateTime::currentDateTime();
    QNetworkReply *reply = nullptr;
    if (m_method == "GET") {
        reply = m_network->get(request);
    } else if (m_request.isRead) {
        // A read may be repeated harmlessly, so it goes as plain bytes: a body Qt reads through
        // a device costs several more hops between Qt's threads, about a millisecond per call.
        const QByteArray body = m_request.hasBody ? m_request.body : QByteArray();
        request.setHeader(QNetworkRequest::ContentLengthHeader, body.size());
        reply = m_network->sendCustomRequest(request, m_method, body);
    } else {
        // Every write (a body-less POST included) goes through a body Qt cannot rewind,
        // so Qt cannot repeat it behind our back; see SendOnceBody. The length is required too:
        // without it a server waits for a body until the connection closes.
        const QByteArray body = m_request.hasBody ? m_request.body : QByteArray();
        request.setHeader(QNetworkRequest::ContentLengthHeader, body.size());
        request.setAttribute(QNetworkRequest::DoNotBufferUploadDataAttribute, true);
        auto *device = new SendOnceBody(body, this);
        reply = m_network->sendCustomRequest(request, m_method, device);
        device->setParent(reply); // read until the reply finishes, freed with it
    }
    m_reply = reply;
    connect(reply, &QNetworkReply::sslErrors, this,
            [this](const QList<QSslError> &errors) { m_sslErrors = errors; });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onReplyFinished(reply); });
    // The manager owns the reply; if it is destroyed mid-call, the reply goes with it.
    connect(reply, &QObject::destroyed, this, [this] {
        if (!m_finished) {
            api::ApiError error = api::ApiError::network(
                m_request.operation, m_request.url, tr("the network access manager was destroyed"));
            reportAttempt(m_request.url, 0, error.userMessage());
            finish(std::move(error));
        }
    });
    m_timeout.start(m_settings.timeoutMs);
}

void RestCall::onReplyFinished(QNetworkReply *reply)
{
    if (m_finished || reply != m_reply) {
        return;
    }
    m_timeout.stop();
    m_reply = nullptr;
    reply->disconnect(this);
    reply->deleteLater();

    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    qCDebug(lcRest).noquote() << QString::fromLatin1(m_method)
                              << m_request.url.path(QUrl::FullyEncoded) << status
                              << m_clock.elapsed() << "ms";

    if (!m_sslErrors.isEmpty() || status <= 0 || isTransportFailure(reply->error())) {
        const api::ApiError error = transportError(*reply);
        reportAttempt(reply->url(), status, error.userMessage());
        if (error.isConnectionReset() && retryLater(backoffMs())) {
            return;
        }
        finish(error);
        return;
    }
    // Every answer is logged, also those answered again below (405 fallback, retries): each was
    // a real exchange with the server.
    const bool failed = status < 200 || status >= 300;
    reportAttempt(reply->url(), status,
                  failed ? api::ApiError::http(m_request.operation, reply->url(), status, body,
                                               reply->rawHeader("Content-Type"))
                               .userMessage()
                         : QString());

    if (status == 405 && !m_settings.methodOn405.isEmpty() && m_method != m_settings.methodOn405) {
        m_method = m_settings.methodOn405;
        sendAttempt();
        return;
    }
    if ((status == 503 || status == 429) && retryLater(retryDelayMs(*reply))) {
        return;
    }

    Response response;
    response.status = status;
    response.headers = reply->rawHeaderPairs();
    response.body = body;
    response.url = reply->url();
    response.method = m_method;
    response.attempts = m_attempts;
    finish(std::move(response));
}

bool RestCall::retryLater(std::optional<int> delayMs)
{
    // Writes are never repeated: a lost answer does not mean the write was not applied.
    if (!m_request.isRead || !delayMs || m_retries + 1 >= m_settings.retry.maxAttempts) {
        return false;
    }
    ++m_retries;
    m_backoff.start(*delayMs);
    return true;
}

std::optional<int> RestCall::retryDelayMs(const QNetworkReply &reply) const
{
    const QByteArray retryAfter = reply.rawHeader("Retry-After").trimmed();
    if (retryAfter.isEmpty()) {
        return backoffMs();
    }
    qint64 delay = -1;
    bool isNumber = false;
    const qint64 seconds = retryAfter.toLongLong(&isNumber);
    if (isNumber && seconds >= 0) {
        delay = seconds > std::numeric_limits<int>::max() / 1000
                    ? std::numeric_limits<qint64>::max()
                    : seconds * 1000;
    } else if (const auto date = parseHttpDate(retryAfter)) {
        delay = std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(*date));
    } else {
        return backoffMs(); // unreadable: behave as if the server had not said
    }
    if (delay > m_settings.retry.maxRetryAfterMs) {
        return std::nullopt; // the server asks for longer than we wait: report it
    }
    return static_cast<int>(delay);
}

int RestCall::backoffMs() const
{
    const qint64 delay = qint64(m_settings.retry.initialDelayMs) << std::min(m_retries, 20);
    return static_cast<int>(std::min<qint64>(delay, m_settings.retry.maxDelayMs));
}

api::ApiError RestCall::transportError(const QNetworkReply &reply) const
{
    const QString &operation = m_request.operation;
    if (!m_sslErrors.isEmpty()) {
        QStringList problems;
        for (const QSslError &error : m_sslErrors) {
            problems.append(error.errorString());
        }
        problems.removeDuplicates();
        return api::ApiError::tls(operation, m_request.url, problems.join(u"; "_s));
    }
    switch (reply.error()) {
    case QNetworkReply::SslHandshakeFailedError:
        return api::ApiError::tls(operation, m_request.url, reply.errorString());
    case QNetworkReply::TimeoutError:
        return api::ApiError::timeout(operation, m_request.url, m_settings.timeoutMs);
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::ContentReSendError: {
        // The server (or something between) closed the connection before answering. The second
        // code is the same event when Qt wanted to send the request again and SendOnceBody
        // refused; Qt's own texts ("Connection closed", "Error re-sending the request") would
        // say less, and differently for the same thing.
        api::ApiError error = api::ApiError::network(
            operation, m_request.url, tr("the connection was closed before the server answered"));
        error.setConnectionReset(true);
        return error;
    }
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::HostNotFoundError: {
        // No connection was made, so the request cannot have arrived: a commit is safe to send
        // again, where a reset after sending would leave its outcome unknown.
        api::ApiError error = api::ApiError::network(operation, m_request.url, reply.errorString());
        error.setNeverSent(true);
        return error;
    }
    default:
        return api::ApiError::network(operation, m_request.url, reply.errorString());
    }
}

void RestCall::onTimeout()
{
    if (m_finished) {
        return;
    }
    qCDebug(lcRest).noquote() << QString::fromLatin1(m_method)
                              << m_request.url.path(QUrl::FullyEncoded) << "timeout"
                              << m_clock.elapsed() << "ms";
    api::ApiError error
        = api::ApiError::timeout(m_request.operation, m_request.url, m_settings.timeoutMs);
    dropReply();
    reportAttempt(m_request.url, 0, error.userMessage());
    finish(std::move(error));
}

void RestCall::onContextDestroyed()
{
    // Nobody is left to tell: stop the work without a callback. The attempt did go out, so the
    // request log still hears of it.
    const bool inFlight = !m_reply.isNull();
    dropReply();
    if (inFlight) {
        reportAttempt(m_request.url, 0,
                      api::ApiError::cancelled(m_request.operation, m_request.url).userMessage());
    }
    m_finished = true;
    m_abandoned = true;
    deleteLater();
}

void RestCall::dropReply()
{
    m_timeout.stop();
    m_backoff.stop();
    if (QNetworkReply *reply = m_reply.data()) {
        m_reply = nullptr;
        // Disconnected first: abort() emits finished() at once, which must not count as an answer.
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void RestCall::reportAttempt(const QUrl &url, int status, const QString &error)
{
    api::ExchangeRecord record;
    record.startedAt = m_attemptStartedAt;
    record.operation = m_request.operation;
    record.method = m_method;
    // User info could hold a password; credentials otherwise travel only in (masked) headers.
    record.url = url.toString(QUrl::RemoveUserInfo | QUrl::FullyEncoded);
    record.headers = m_request.maskedHeaders();
    record.status = status;
    record.elapsedMs = m_clock.isValid() ? m_clock.elapsed() : 0;
    record.error = error;
    emit exchangeFinished(record);
}

void RestCall::finishLater(api::Result<Response> result)
{
    if (m_finished) {
        return;
    }
    m_finished = true;
    QMetaObject::invokeMethod(
        this, [this, result = std::move(result)]() mutable { deliver(std::move(result)); },
        Qt::QueuedConnection);
}

void RestCall::finish(api::Result<Response> result)
{
    if (m_finished) {
        return;
    }
    m_finished = true;
    deliver(std::move(result));
}

void RestCall::deliver(api::Result<Response> result)
{
    m_timeout.stop();
    m_backoff.stop();
    deleteLater();
    if (m_abandoned || (m_hasContext && m_context.isNull())) {
        return;
    }
    // Moved out first: the callback may cancel or destroy things that lead back here.
    Done done = std::move(m_done);
    m_done = nullptr;
    if (done) {
        done(std::move(result));
    }
}

} // namespace lance::rest
