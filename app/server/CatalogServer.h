// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "AnswerEncoding.h"
#include "ConnectionLimits.h"
#include "TlsContext.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace lance::server {

class ExchangeLog;
class RequestHandler;

/// The HTTP side of `lance-catalog-server`: cpp-httplib parses HTTP (and speaks TLS through
/// OpenSSL), RequestHandler answers.
///
/// It routes every method and path to the handler (so unknown routes and wrong methods get spec
/// error bodies instead of the library's plain ones), gives the library's own refusals (a
/// malformed request, a body over the limit) and any exception a spec error body too, and logs
/// each exchange to the access log (stderr) and the exchange log. Connections wait in a
/// ConnectionPark until a whole request has arrived, so idle and slow clients hold no worker
/// thread; the workers answer complete requests, with keep-alive.
class CatalogServer
{
    Q_DECLARE_TR_FUNCTIONS(CatalogServer)

public:
    struct Settings
    {
        QString host = QStringLiteral("127.0.0.1");
        int port = 2333;       //!< 0: any free port
        int threads = 16;      //!< worker threads: requests answered at once
        bool accessLog = true; //!< one line per request on stderr
        /// HTTPS with these files (HTTP/1.1 over TLS, keep-alive as without); plain HTTP when
        /// the certificate is empty.
        TlsContext::Files tls;
        AnswerEncoding::Policy compression = AnswerEncoding::Policy::Auto;
        /// Caps and deadlines per connection; maxBodyBytes comes from the handler.
        ConnectionLimits limits;
    };

    /// `handler` and `exchangeLog` (may be null) must outlive the server.
    CatalogServer(Settings settings, RequestHandler &handler, ExchangeLog *exchangeLog);
    ~CatalogServer(); //!< stops
    CatalogServer(const CatalogServer &) = delete;
    CatalogServer &operator=(const CatalogServer &) = delete;

    /// Called on the serving thread when serving ends, whether stop() ended it or not. Set it
    /// before start().
    void setFinishedCallback(std::function<void()> callback);

    /// Binds and serves on a thread of its own; returns once requests are being accepted, or
    /// false with one sentence in `error`.
    bool start(QString &error);
    /// Stops accepting, lets requests in progress finish, and returns when all workers have
    /// ended. Idle keep-alive connections delay it by at most two seconds. Thread-safe.
    void stop();

    int port() const;
    /// `http://HOST:PORT` or `https://…` (an IPv6 host in brackets).
    QString url() const;
    bool isTls() const;
    /// With TLS: a sentence when the certificate is expired or not yet valid.
    std::optional<QString> tlsWarning() const;
    /// True when serving ended without stop() being called (the listening socket failed).
    bool failed() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace lance::server
