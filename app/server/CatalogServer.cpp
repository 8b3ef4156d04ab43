// SPDX-License-Identifier: Apache-2.0
#include "CatalogServer.h"

#include "AccessLog.h"
#include "AnswerEncoding.h"
#include "ConnectionPark.h"
#include "ConnectionStream.h"
#include "ErrorAnswer.h"
#include "ExchangeLog.h"
#include "GatedHttpServer.h"
#include "HttpRequest.h"
#include "ImmediateTaskQueue.h"
#include "RequestHandler.h"
#include "RouteTable.h"
#include "TlsContext.h"

#include <QHostAddress>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <httplib.h>
#include <mutex>
#include <optional>
#include <thread>

// setsockopt(); on Windows nothing is set (see install()).
#ifndef Q_OS_WIN
#include <sys/socket.h>
#endif

using namespace Qt::StringLiterals;

namespace lance::server {

namespace {

using Clock = std::chrono::steady_clock;

// Then the connection closes and the client opens another: no connection is kept forever.
constexpr int MaxRequestsPerConnection = 10000;

// When the current request on this worker started. Set by the pre-routing handler: httplib has
// no earlier hook, so reading the request line and headers is not counted.
thread_local std::optional<Clock::time_point> requestStart;
// The body of the current request's answer before its encoding, for the exchange log.
thread_local QByteArray answeredBody;

QByteArray toBytes(const std::string &text)
{
    return QByteArray(text.data(), qsizetype(text.size()));
}

QByteArray rawPathOf(const httplib::Request &req)
{
    const QByteArray target = toBytes(req.target);
    const qsizetype question = target.indexOf('?');
    return question < 0 ? target : target.left(question);
}

std::optional<QByteArray> headerOf(const httplib::Request &req, const char *name)
{
    if (!req.has_header(name)) {
        return std::nullopt;
    }
    return toBytes(req.get_header_value(name));
}

HttpRequest toHttpRequest(const httplib::Request &req, bool withBody)
{
    HttpRequest request;
    request.method = toBytes(req.method);
    request.rawPath = rawPathOf(req);
    // A multimap keeps equal keys in arrival order, so "the first one counts" still holds.
    for (const auto &[name, value] : req.params) {
        request.query.append({QString::fromStdString(name), QString::fromStdString(value)});
    }
    request.contentType = headerOf(req, "Content-Type");
    request.apiKey = headerOf(req, "x-api-key");
    request.authorization = headerOf(req, "Authorization");
    if (withBody) {
        request.body = toBytes(req.body);
    }
    return request;
}

bool isLoopbackPeer(const httplib::Request &req)
{
    QHostAddress peer(QString::fromStdString(req.remote_addr));
    return peer.isLoopback()
           || (peer.protocol() == QAbstractSocket::IPv6Protocol
               && QHostAddress(peer.toIPv4Address()).isLoopback());
}

// The answer into httplib's response, its body in the coding AnswerEncoding chooses. The body
// goes out through a content provider: httplib would otherwise compress it once more, with
// brotli at its slowest quality.
void write(const HttpAnswer &answer, const httplib::Request &req, httplib::Response &res,
           AnswerEncoding::Policy policy)
{
    answeredBody = answer.body;
    res.status = answer.status;
    for (const auto &[name, value] : answer.headers) {
        res.set_header(name.constData(), value.toStdString());
    }
    if (answer.body.isEmpty()) {
        return;
    }
    const auto coding = AnswerEncoding::choose(policy, headerOf(req, "Accept-Encoding"),
                                               answer.body.size(), isLoopbackPeer(req));
    auto encoded = AnswerEncoding::encode(coding, answer.body);
    if (coding != AnswerEncoding::Coding::Identity && encoded) {
        res.set_header("Content-Encoding", AnswerEncoding::token(coding).toStdString());
    } else {
        encoded = answer.body;
    }
    if (policy != AnswerEncoding::Policy::Never
        && answer.body.size() >= AnswerEncoding::MinimumBytes) {
        res.set_header("Vary", "Accept-Encoding");
    }
    auto bytes = std::make_shared<const QByteArray>(std::move(*encoded));
    res.set_content_provider(
        std::size_t(bytes->size()), answer.contentType.toStdString(),
        [bytes](std::size_t offset, std::size_t length, httplib::DataSink &sink) {
            return sink.write(bytes->constData() + offset, length);
        });
}

// Methods httplib accepts but never hands to a route handler: they must be answered before
// routing, or httplib would send its own bare 400.
bool isUndispatchedMethod(const std::string &method)
{
    return method == "CONNECT" || method == "TRACE" || method == "PRI";
}

// httplib reads the body of a POST, PUT or PATCH without Content-Length or chunked encoding
// until the peer closes or the read times out; by HTTP/1.1 such a request has no body at all.
bool hasNoBodyByHttpRules(const httplib::Request &req)
{
    const bool takesBody = req.method == "POST" || req.method == "PUT" || req.method == "PATCH";
    return takesBody && !req.has_header("Content-Length") && !req.has_header("Transfer-Encoding");
}

} // namespace

struct CatalogServer::Private
{
    Settings settings;
    RequestHandler &handler;
    ExchangeLog *exchangeLog;
    AccessLog accessLog{stderr};
    QString tlsError; //!< why the TLS files cannot be used
    // Set by makeServer(), so declared before `server`, which it initialises.
    RequestServing *serving = nullptr; //!< the server, for the park's workers
    std::function<void(ConnectionPark *)> setPark;
    SSL_CTX *tlsContext = nullptr;
    std::unique_ptr<httplib::Server> server; //!< a GatedHttpServer, on an SSLServer for TLS
    std::unique_ptr<ConnectionPark> park;
    std::thread thread;
    std::function<void()> finishedCallback;
    int port = 0;
    std::atomic<bool> stopRequested{false};
    std::atomic<bool> finished{false};
    std::mutex stopMutex;

    Private(Settings s, RequestHandler &h, ExchangeLog *log)
        : settings(std::move(s))
        , handler(h)
        , exchangeLog(log)
        , server(makeServer())
    {}

    std::unique_ptr<httplib::Server> makeServer()
    {
        if (settings.tls.certificateChain.isEmpty()) {
            auto plain = std::make_unique<GatedHttpServer<httplib::Server>>();
            serving = plain.get();
            setPark = [server = plain.get()](ConnectionPark *p) {
                server->setPark(p);
            };
            return plain;
        }
        auto tls = std::make_unique<GatedHttpServer<httplib::SSLServer>>([this](SSL_CTX &context) {
            return TlsContext::configure(context, settings.tls, tlsError);
        });
        if (!tls->is_valid() && tlsError.isEmpty()) {
            tlsError = tr("OpenSSL cannot make a TLS context.");
        }
        serving = tls.get();
        tlsContext = tls->ssl_context();
        setPark = [server = tls.get()](ConnectionPark *p) {
            server->setPark(p);
        };
        return tls;
    }

    // One request on a connection the park handed over; true to keep the connection.
    bool serve(ParkedConnection &connection)
    {
        ConnectionStream stream(connection, settings.limits);
        const bool last
            = connection.requestsServed + 1 >= MaxRequestsPerConnection || stopRequested;
        bool closed = false;
        const bool answered = serving->serveOne(stream, last, closed) && stream.flush();
        // A body the parser did not read (a GET's) is not the start of the next request.
        const qint64 unread = connection.requestBytes - stream.consumed();
        if (unread > 0) {
            connection.buffer.remove(0, std::min<qint64>(unread, connection.buffer.size()));
        }
        return answered && !closed && !last;
    }

    // The whole HTTP answer of the park's own refusals, always closing: 503 past a connection
    // cap or the body budget, 408 for a request that did not arrive in time, 413 for a body
    // announced over the limit.
    QByteArray refusal(int status) const
    {
        const bool busy = status == 503;
        HttpAnswer answer;
        QByteArray reason;
        if (busy) {
            answer = ErrorAnswer::make(503, api::ErrorCode::ServiceUnavailable,
                                       tr("The server holds as many connections or request "
                                          "bodies as it takes; try again shortly."),
                                       {});
            reason = "Service Unavailable";
        } else if (status == 408) {
            answer
                = ErrorAnswer::make(408, api::ErrorCode::InvalidInput,
                                    tr("The request did not arrive in time; send it again."), {});
            reason = "Request Timeout";
        } else {
            answer = ErrorAnswer::forHttpStatus(413, {}, handler.maxBodyBytes());
            reason = "Payload Too Large";
        }
        QByteArray bytes = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\n";
        if (busy) {
            bytes
                += "Retry-After: " + QByteArray::number(settings.limits.retryAfterSeconds) + "\r\n";
        }
        bytes += "Content-Type: application/json\r\nContent-Length: "
                 + QByteArray::number(answer.body.size()) + "\r\nConnection: close\r\n\r\n"
                 + answer.body;
        return bytes;
    }

    void answer(const httplib::Request &req, httplib::Response &res, bool withBody)
    {
        write(handler.handle(toHttpRequest(req, withBody)), req, res, settings.compression);
    }

    void log(const httplib::Request &req, const httplib::Response &res)
    {
        const QByteArray rawPath = rawPathOf(req);
        if (settings.accessLog) {
            double milliseconds = 0;
            if (requestStart) {
                milliseconds
                    = std::chrono::duration<double, std::milli>(Clock::now() - *requestStart)
                          .count();
            }
            accessLog.record(toBytes(req.method), rawPath, res.status, milliseconds);
        }
        requestStart.reset();
        if (exchangeLog) {
            const RouteMatch match = RouteTable::match(rawPath);
            exchangeLog->record(
                match.route ? std::optional<QString>(match.route->name()) : std::nullopt,
                toBytes(req.method), rawPath, res.status, toBytes(req.body), answeredBody);
        }
        answeredBody.clear();
    }

    void install()
    {
        // Accepted sockets go to the park at once (GatedHttpServer); its workers answer.
        server->new_task_queue = [] {
            return new ImmediateTaskQueue;
        };
        settings.limits.maxBodyBytes = handler.maxBodyBytes();
        server->set_payload_max_length(std::size_t(handler.maxBodyBytes()));
        // A client that announces its body with `Expect: 100-continue` learns at once that it is
        // too large, instead of being invited to send it all (httplib says 100 by default).
        server->set_expect_100_continue_handler([this](const httplib::Request &req,
                                                       httplib::Response &res) {
            const std::string length = req.get_header_value("Content-Length");
            if (QByteArray::fromStdString(length).toULongLong() > quint64(handler.maxBodyBytes())) {
                res.status = 413;
                return 413;
            }
            return 100;
        });
        // What the Keep-Alive header announces; the park enforces both.
        server->set_keep_alive_max_count(std::size_t(MaxRequestsPerConnection));
        server->set_keep_alive_timeout(time_t(settings.limits.idleTimeout.count()));
        // Headers and body go out in two writes: without this, Nagle's algorithm and delayed
        // ACKs add 40 ms to every keep-alive answer.
        server->set_tcp_nodelay(true);
        // httplib's default options add SO_REUSEPORT, with which a second server binds a port
        // another one already listens on (the kernel then splits the connections between them)
        // instead of failing. SO_REUSEADDR alone still allows a quick restart on the same port.
        // Windows sets no option at all: its SO_REUSEADDR lets a second socket take over a bound
        // port (what the paragraph above avoids), and httplib's default asks for it. Without
        // options a second bind of the same address fails, and old connections in TIME_WAIT do
        // not block a restart, as on Linux; SO_EXCLUSIVEADDRUSE would also refuse a specific
        // address beside a wildcard one, but would make a restart wait for TIME_WAIT to end.
        server->set_socket_options([](socket_t socket) {
#ifdef Q_OS_WIN
            Q_UNUSED(socket);
#else
            const int yes = 1;
            setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
#endif
        });

        server->set_pre_routing_handler(
            [this](const httplib::Request &req, httplib::Response &res) {
                requestStart = Clock::now();
                answeredBody.clear();
                if (isUndispatchedMethod(req.method) || hasNoBodyByHttpRules(req)) {
                    answer(req, res, false);
                    return httplib::Server::HandlerResponse::Handled;
                }
                return httplib::Server::HandlerResponse::Unhandled;
            });
        const auto everyRoute = [this](const httplib::Request &req, httplib::Response &res) {
            answer(req, res, true);
        };
        // Every method and path reaches RequestHandler, which knows 404 from 405. httplib
        // matches its decoded path, where `.` would not match a decoded line break (`%0A`).
        const std::string anyPath = R"([\s\S]*)";
        server->Get(anyPath, everyRoute);
        server->Post(anyPath, everyRoute);
        server->Put(anyPath, everyRoute);
        server->Patch(anyPath, everyRoute);
        server->Delete(anyPath, everyRoute);
        server->Options(anyPath, everyRoute);

        // Called for every status >= 400, ours included: only a bodiless answer is httplib's own.
        server->set_error_handler(httplib::Server::HandlerWithResponse(
            [this](const httplib::Request &req, httplib::Response &res) {
                if (!res.body.empty() || res.content_provider_) {
                    return httplib::Server::HandlerResponse::Unhandled;
                }
                write(
                    ErrorAnswer::forHttpStatus(res.status, rawPathOf(req), handler.maxBodyBytes()),
                    req, res, settings.compression);
                return httplib::Server::HandlerResponse::Handled;
            }));
        server->set_exception_handler(
            [this](const httplib::Request &req, httplib::Response &res, std::exception_ptr error) {
                QString text = tr("The server failed while answering this request.");
                try {
                    std::rethrow_exception(error);
                } catch (const std::exception &exception) {
                    text += u' ' + QString::fromLocal8Bit(exception.what());
                } catch (...) {
                }
                write(ErrorAnswer::make(500, api::ErrorCode::Internal, text, rawPathOf(req)), req,
                      res, settings.compression);
            });
        server->set_logger(
            [this](const httplib::Request &req, const httplib::Response &res) { log(req, res); });
    }
};

CatalogServer::CatalogServer(Settings settings, RequestHandler &handler, ExchangeLog *exchangeLog)
    : d(std::make_unique<Private>(std::move(settings), handler, exchangeLog))
{
    d->install();
}

CatalogServer::~CatalogServer()
{
    stop();
}

void CatalogServer::setFinishedCallback(std::function<void()> callback)
{
    d->finishedCallback = std::move(callback);
}

bool CatalogServer::start(QString &error)
{
    if (!d->tlsError.isEmpty()) {
        error = d->tlsError;
        return false;
    }
    const std::string host = d->settings.host.toStdString();
    errno = 0;
    if (d->settings.port == 0) {
        d->port = d->server->bind_to_any_port(host);
    } else {
        d->port = d->server->bind_to_port(host, d->settings.port) ? d->settings.port : -1;
    }
    if (d->port <= 0) {
        const int cause = errno;
        error = tr("Cannot listen on %1 port %2: %3")
                    .arg(d->settings.host)
                    .arg(d->settings.port)
                    .arg(cause != 0 ? QString::fromLocal8Bit(std::strerror(cause))
                                    : tr("the address cannot be bound"));
        return false;
    }
    d->park = std::make_unique<ConnectionPark>(
        d->settings.limits, d->settings.threads, d->tlsContext,
        [this](ParkedConnection &connection) { return d->serve(connection); },
        [this](int status) { return d->refusal(status); });
    d->setPark(d->park.get());
    d->thread = std::thread([this] {
        d->server->listen_after_bind();
        d->finished = true;
        if (d->finishedCallback) {
            d->finishedCallback();
        }
    });
    // The socket already listens; this waits for the accept loop's thread to be scheduled, so
    // that stop() from now on is never lost.
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    while (!d->server->is_running() && !d->finished && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!d->server->is_running()) {
        error = tr("The server on %1 stopped as soon as it started.").arg(url());
        stop();
        return false;
    }
    return true;
}

void CatalogServer::stop()
{
    std::lock_guard lock(d->stopMutex);
    d->stopRequested = true;
    d->server->stop();
    if (d->thread.joinable()) {
        d->thread.join();
    }
    // No more connections come; the waiting ones close, those being answered finish first.
    if (d->park) {
        d->park->stop();
    }
}

int CatalogServer::port() const
{
    return d->port;
}

QString CatalogServer::url() const
{
    QString host = d->settings.host;
    if (QHostAddress(host).protocol() == QAbstractSocket::IPv6Protocol) {
        host = u'[' + host + u']';
    }
    return u"%1://%2:%3"_s.arg(isTls() ? u"https"_s : u"http"_s, host).arg(d->port);
}

bool CatalogServer::isTls() const
{
    return !d->settings.tls.certificateChain.isEmpty();
}

std::optional<QString> CatalogServer::tlsWarning() const
{
    if (!isTls() || !d->tlsError.isEmpty()) {
        return std::nullopt;
    }
    const auto *tls = static_cast<const httplib::SSLServer *>(d->server.get());
    return TlsContext::validityWarning(*tls->ssl_context());
}

bool CatalogServer::failed() const
{
    return d->finished && !d->stopRequested;
}

} // namespace lance::server
