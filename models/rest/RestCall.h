// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Cancellable.h"
#include "api/ExchangeRecord.h"
#include "api/Result.h"
#include "rest/PreparedRequest.h"
#include "rest/RetryPolicy.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QPointer>
#include <QSslConfiguration>
#include <QSslError>
#include <QTimer>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QNetworkAccessManager;
class QNetworkReply;
QT_END_NAMESPACE

namespace lance::rest {

/// Sends one PreparedRequest with a QNetworkAccessManager and reports the raw HTTP answer (any
/// status) or the transport failure as an ApiError, never blocking.
///
///  - Each attempt has its own timer: no complete answer within `timeoutMs` gives kind Timeout.
///  - Reads (`PreparedRequest::isRead`) are tried again, up to `RetryPolicy::maxAttempts` in all,
///    when the server answers 503 or 429 or the connection is reset. The wait honours
///    `Retry-After` (seconds or an HTTP date); a longer wait than `maxRetryAfterMs` is not waited
///    out: that answer is reported. Writes are sent exactly once.
///  - TLS: certificate errors are never ignored; they end the call with kind Tls, listed.
///  - `done` runs exactly once, from the event loop (never inside start() or cancel()), unless
///    `context` was destroyed first: then the request is aborted and nothing is called.
///  - The call deletes itself once it has finished.
///
/// Logs method, URL path, status and milliseconds of each attempt to `lance.api` (debug); never
/// headers or bodies. Each attempt that went out (answered, failed, timed out, cancelled or
/// abandoned) is also reported through exchangeFinished(), for the request log.
class RestCall : public api::Cancellable
{
    Q_OBJECT

public:
    /// An HTTP answer, whatever its status.
    struct Response
    {
        int status = 0;
        QList<QPair<QByteArray, QByteArray>> headers;
        QByteArray body;
        QUrl url;          //!< the final URL, after same-origin redirects
        QByteArray method; //!< the method that got this answer
        int attempts = 0;  //!< requests sent, retries and the method fallback included

        /// The first value of header `name` (case-insensitive), empty if absent.
        QByteArray header(QByteArrayView name) const;
    };
    using Done = std::function<void(api::Result<Response>)>;

    struct Settings
    {
        int timeoutMs = 30000; //!< per attempt
        RetryPolicy retry;
        /// Trusted CAs for https; Qt's default configuration when unset.
        std::optional<QSslConfiguration> tls;
        /// When not empty: a 405 answer is followed by one more request with this method (the
        /// reference server routes some spec POST routes as GET).
        QByteArray methodOn405;
    };

    /// Starts sending `request`. `context` may be null: then `done` always runs.
    static RestCall *start(QNetworkAccessManager *network, PreparedRequest request,
                           Settings settings, QObject *context, Done done);
    /// A call that sends nothing and reports `error` from the event loop, so a refused request
    /// keeps the "later, exactly once" promise.
    static RestCall *fail(api::ApiError error, QObject *context, Done done);

    void cancel() override;

signals:
    /// One attempt has ended: answered (any status), failed on the wire, timed out, or was
    /// aborted (cancel, context destroyed). Masked headers, never bodies. Emitted before the
    /// call's callback runs, and never for a request that was refused before sending.
    void exchangeFinished(const lance::api::ExchangeRecord &record);

private:
    RestCall(QNetworkAccessManager *network, PreparedRequest request, Settings settings,
             QObject *context, Done done);

    void sendAttempt();
    void onReplyFinished(QNetworkReply *reply);
    void onTimeout();
    void onContextDestroyed();
    bool retryLater(std::optional<int> delayMs);
    std::optional<int> retryDelayMs(const QNetworkReply &reply) const;
    int backoffMs() const;
    api::ApiError transportError(const QNetworkReply &reply) const;
    void dropReply();
    void reportAttempt(const QUrl &url, int status, const QString &error);
    void finishLater(api::Result<Response> result);
    void finish(api::Result<Response> result);
    void deliver(api::Result<Response> result);

    QPointer<QNetworkAccessManager> m_network;
    PreparedRequest m_request;
    Settings m_settings;
    QPointer<QObject> m_context;
    bool m_hasContext = false;
    Done m_done;

    QByteArray m_method;
    QPointer<QNetworkReply> m_reply;
    QList<QSslError> m_sslErrors;
    QTimer m_timeout;
    QTimer m_backoff;
    QElapsedTimer m_clock;
    QDateTime m_attemptStartedAt;
    int m_attempts = 0;       //!< requests sent
    int m_retries = 0;        //!< of which retries (the method fallback is not one)
    bool m_finished = false;  //!< the result is decided (it may still be on its way)
    bool m_abandoned = false; //!< the context died: no callback at all
};

} // namespace lance::rest
