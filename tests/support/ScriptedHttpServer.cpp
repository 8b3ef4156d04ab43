// SPDX-License-Identifier: Apache-2.0
#include "ScriptedHttpServer.h"

#include "TestConnections.h"

#include <QRegularExpression>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <httplib.h>
#include <mutex>
#include <thread>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

QByteArray toBytes(const std::string &text)
{
    return QByteArray(text.data(), qsizetype(text.size()));
}

std::string toStd(const QByteArray &bytes)
{
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

// httplib adds the peer's and its own address as pseudo headers; they were never on the wire.
bool isPseudoHeader(const std::string &name)
{
    return name == "REMOTE_ADDR" || name == "REMOTE_PORT" || name == "LOCAL_ADDR"
           || name == "LOCAL_PORT";
}

} // namespace

ScriptedResponse ScriptedResponse::json(int status, QByteArray body)
{
    ScriptedResponse response;
    response.status = status;
    response.body = std::move(body);
    return response;
}

ScriptedResponse ScriptedResponse::text(int status, QByteArray body)
{
    ScriptedResponse response;
    response.status = status;
    response.body = std::move(body);
    response.contentType = "text/plain";
    return response;
}

ScriptedResponse ScriptedResponse::empty(int status)
{
    ScriptedResponse response;
    response.status = status;
    return response;
}

ScriptedResponse &ScriptedResponse::withHeader(QByteArray name, QByteArray value)
{
    headers.append({std::move(name), std::move(value)});
    return *this;
}

bool RecordedRequest::hasHeader(QByteArrayView name) const
{
    for (const auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0) {
            return true;
        }
    }
    return false;
}

QByteArray RecordedRequest::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0) {
            return value;
        }
    }
    return {};
}

QString RecordedRequest::queryValue(const QString &name) const
{
    return query.value(name);
}

struct ScriptedHttpServer::Private
{
    struct Route
    {
        QByteArray method;
        QString text; //!< the pattern as scripted
        QRegularExpression pattern;
        std::deque<ScriptedResponse> queued;
        std::optional<ScriptedResponse> fallback;
    };

    std::optional<TlsFiles> tls;
    std::unique_ptr<httplib::Server> server;
    std::thread thread;
    int port = 0;

    mutable std::mutex mutex;
    std::condition_variable wake;
    std::vector<Route> routes;
    QList<RecordedRequest> requests;
    int held = 0;
    quint64 releaseGeneration = 0;
    bool stopping = false;

    Route &routeFor(const QString &route)
    {
        const qsizetype space = route.indexOf(u' ');
        Q_ASSERT_X(space > 0, "ScriptedHttpServer", "a route is \"METHOD pattern\"");
        const QByteArray method = route.left(space).toLatin1();
        const QString pattern = route.mid(space + 1);
        for (Route &existing : routes) {
            if (existing.method == method && existing.text == pattern) {
                return existing;
            }
        }
        Route added;
        added.method = method;
        added.text = pattern;
        // Anchored, and `*` stops at `/` (Qt's wildcard conversion is path globbing).
        added.pattern
            = QRegularExpression(QRegularExpression::wildcardToRegularExpression(pattern));
        routes.push_back(std::move(added));
        return routes.back();
    }

    std::optional<ScriptedResponse> take(const QByteArray &method, const QByteArray &rawPath)
    {
        const QString path = QString::fromLatin1(rawPath);
        for (Route &route : routes) {
            if (route.method != method || !route.pattern.match(path).hasMatch()) {
                continue;
            }
            if (!route.queued.empty()) {
                ScriptedResponse response = std::move(route.queued.front());
                route.queued.pop_front();
                return response;
            }
            if (route.fallback) {
                return route.fallback;
            }
        }
        return std::nullopt;
    }

    void handle(const httplib::Request &req, httplib::Response &res)
    {
        RecordedRequest recorded;
        recorded.method = toBytes(req.method);
        recorded.target = toBytes(req.target);
        const qsizetype question = recorded.target.indexOf('?');
        recorded.rawPath = question < 0 ? recorded.target : recorded.target.left(question);
        recorded.path = QString::fromStdString(req.path);
        for (const auto &[name, value] : req.params) {
            recorded.query.insert(QString::fromStdString(name), QString::fromStdString(value));
        }
        for (const auto &[name, value] : req.headers) {
            if (!isPseudoHeader(name)) {
                recorded.headers.append({toBytes(name), toBytes(value)});
            }
        }
        recorded.body = toBytes(req.body);

        std::unique_lock lock(mutex);
        std::optional<ScriptedResponse> response = take(recorded.method, recorded.rawPath);
        requests.append(recorded);
        if (!response) {
            response = ScriptedResponse::text(404, "no scripted answer for " + recorded.method + ' '
                                                       + recorded.rawPath);
        }
        if (response->hold) {
            ++held;
            const quint64 generation = releaseGeneration;
            wake.wait(lock, [&] { return stopping || releaseGeneration != generation; });
            --held;
        } else if (response->delayMs > 0) {
            wake.wait_for(lock, std::chrono::milliseconds(response->delayMs),
                          [&] { return stopping; });
        }
        lock.unlock();

        res.status = response->status;
        for (const auto &[name, value] : response->headers) {
            res.set_header(toStd(name), toStd(value));
        }
        if (!response->body.isEmpty()) {
            res.set_content(toStd(response->body), toStd(response->contentType));
        }
    }
};

ScriptedHttpServer::ScriptedHttpServer()
    : d(std::make_unique<Private>())
{}

ScriptedHttpServer::ScriptedHttpServer(TlsFiles tls)
    : ScriptedHttpServer()
{
    d->tls = std::move(tls);
}

ScriptedHttpServer::~ScriptedHttpServer()
{
    stop();
}

bool ScriptedHttpServer::start()
{
    if (d->server) {
        return true;
    }
    if (d->tls) {
        d->server = std::make_unique<httplib::SSLServer>(
            d->tls->certificateFile.toLocal8Bit().constData(),
            d->tls->privateKeyFile.toLocal8Bit().constData());
    } else {
        d->server = std::make_unique<httplib::Server>();
    }
    if (!d->server->is_valid()) {
        d->server.reset();
        return false;
    }
    // Idle keep-alive connections hold up stop() for at most this long.
    d->server->set_keep_alive_timeout(1);
    const auto handler = [this](const httplib::Request &req, httplib::Response &res) {
        d->handle(req, res);
    };
    d->server->Get(".*", handler);
    d->server->Post(".*", handler);
    d->server->Put(".*", handler);
    d->server->Patch(".*", handler);
    d->server->Delete(".*", handler);
    d->server->Options(".*", handler);

    d->port = d->server->bind_to_any_port("127.0.0.1");
    if (d->port <= 0) {
        d->server.reset();
        return false;
    }
    httplib::Server *server = d->server.get();
    d->thread = std::thread([server] { server->listen_after_bind(); });
    // stop() only takes effect once the accept loop runs; the socket already listens, so this
    // wait is about the thread getting scheduled, not about the network.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!server->is_running() && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::yield();
    }
    return server->is_running();
}

void ScriptedHttpServer::stop()
{
    if (!d->server) {
        return;
    }
    {
        std::lock_guard lock(d->mutex);
        d->stopping = true;
    }
    d->wake.notify_all();
    d->server->stop();
    if (d->thread.joinable()) {
        d->thread.join();
    }
    d->server.reset();
}

QUrl ScriptedHttpServer::url() const
{
    return TestConnections::loopbackUrl(d->port, d->tls ? u"https"_s : u"http"_s);
}

void ScriptedHttpServer::enqueue(const QString &route, ScriptedResponse response)
{
    std::lock_guard lock(d->mutex);
    d->routeFor(route).queued.push_back(std::move(response));
}

void ScriptedHttpServer::setDefault(const QString &route, ScriptedResponse response)
{
    std::lock_guard lock(d->mutex);
    d->routeFor(route).fallback = std::move(response);
}

void ScriptedHttpServer::releaseHeld()
{
    {
        std::lock_guard lock(d->mutex);
        ++d->releaseGeneration;
    }
    d->wake.notify_all();
}

QList<RecordedRequest> ScriptedHttpServer::requests() const
{
    std::lock_guard lock(d->mutex);
    return d->requests;
}

int ScriptedHttpServer::requestCount() const
{
    std::lock_guard lock(d->mutex);
    return int(d->requests.size());
}

int ScriptedHttpServer::heldCount() const
{
    std::lock_guard lock(d->mutex);
    return d->held;
}

} // namespace lance::test
