// SPDX-License-Identifier: Apache-2.0
#include "FaultInjectingProxy.h"

#include "TestConnections.h"

#include <QHostAddress>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPair>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

using Headers = QList<QPair<QByteArray, QByteArray>>;

// Headers about one hop, not the message: each side of the proxy sets its own. Accept-Encoding
// and Content-Encoding belong here too: Qt asks upstream for compression itself and relays the
// body decompressed.
bool isHopByHop(const QByteArray &name)
{
    static const QList<QByteArray> names = {"connection",
                                            "keep-alive",
                                            "proxy-connection",
                                            "proxy-authenticate",
                                            "proxy-authorization",
                                            "te",
                                            "trailer",
                                            "transfer-encoding",
                                            "upgrade",
                                            "host",
                                            "content-length",
                                            "accept-encoding",
                                            "content-encoding"};
    return names.contains(name.toLower());
}

QByteArray headerValue(const Headers &headers, QByteArrayView name)
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0) {
            return value;
        }
    }
    return {};
}

} // namespace

struct FaultInjectingProxy::Request
{
    QByteArray method;
    QByteArray target; //!< as sent: path and query, percent-encoded
    QByteArray path;   //!< `target` up to the `?`
    Headers headers;
    QByteArray body;
};

struct FaultInjectingProxy::Answer
{
    int status = 502;
    QByteArray reason;
    Headers headers;
    QByteArray body;

    static Answer text(int status, QByteArray reason, QByteArray body)
    {
        return {status, std::move(reason), {{"Content-Type", "text/plain"}}, std::move(body)};
    }
};

/// One client connection: the bytes not parsed yet, and whether a request is being answered
/// (a later one waits in `buffer` until then: answers go out in request order).
struct FaultInjectingProxy::Client
{
    QPointer<QTcpSocket> socket;
    QByteArray buffer;
    bool busy = false;
    bool closeAfterAnswer = false; //!< the client sent `Connection: close`
};

FaultInjectingProxy::FaultInjectingProxy(QUrl upstream, QByteArray route, QObject *parent)
    : QObject(parent)
    , m_upstream(std::move(upstream))
{
    const qsizetype space = route.indexOf(' ');
    Q_ASSERT_X(space > 0, "FaultInjectingProxy", "a route is \"METHOD path\"");
    m_routeMethod = route.left(space);
    m_routePath = route.mid(space + 1);
    m_network.setProxy(QNetworkProxy::NoProxy); // never through a proxy from the environment
    connect(&m_server, &QTcpServer::newConnection, this, &FaultInjectingProxy::onNewConnection);
}

FaultInjectingProxy::~FaultInjectingProxy()
{
    // Replies aborted while m_network is destroyed must not call back into members that are
    // gone by then.
    const QList<QNetworkReply *> replies = m_network.findChildren<QNetworkReply *>();
    for (QNetworkReply *reply : replies) {
        reply->disconnect(this);
    }
}

bool FaultInjectingProxy::start()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl FaultInjectingProxy::url() const
{
    return TestConnections::loopbackUrl(m_server.serverPort());
}

void FaultInjectingProxy::answer(int status, QByteArray body, QByteArray contentType)
{
    m_fault = Fault::Answer;
    m_answerStatus = status;
    m_answerBody = std::move(body);
    m_answerContentType = std::move(contentType);
}

void FaultInjectingProxy::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        auto client = std::make_shared<Client>();
        client->socket = socket;
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QTcpSocket::readyRead, this, [this, client] {
            if (client->socket) {
                client->buffer.append(client->socket->readAll());
                readRequests(client);
            }
        });
    }
}

void FaultInjectingProxy::readRequests(const std::shared_ptr<Client> &client)
{
    if (client->busy || !client->socket
        || client->socket->state() != QAbstractSocket::ConnectedState) {
        return;
    }
    const qsizetype headEnd = client->buffer.indexOf("\r\n\r\n");
    if (headEnd < 0) {
        return; // the head is still on its way
    }
    QList<QByteArray> lines = client->buffer.left(headEnd).split('\n');
    const QList<QByteArray> requestLine = lines.takeFirst().trimmed().split(' ');
    Request request;
    request.method = requestLine.value(0);
    request.target = requestLine.value(1);
    const qsizetype question = request.target.indexOf('?');
    request.path = question < 0 ? request.target : request.target.left(question);
    for (const QByteArray &line : std::as_const(lines)) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0) {
            request.headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
        }
    }
    if (headerValue(request.headers, "transfer-encoding").toLower().contains("chunked")) {
        client->busy = true;
        client->closeAfterAnswer = true; // the rest of the stream cannot be told apart
        reply(client, Answer::text(501, "Not Implemented",
                                   "FaultInjectingProxy reads Content-Length bodies only"));
        return;
    }
    const qsizetype length = headerValue(request.headers, "content-length").toLongLong();
    if (client->buffer.size() < headEnd + 4 + length) {
        return; // the body is still on its way
    }
    request.body = client->buffer.mid(headEnd + 4, length);
    client->buffer.remove(0, headEnd + 4 + length);
    client->closeAfterAnswer
        = headerValue(request.headers, "connection").toLower().contains("close");
    client->busy = true;
    handle(client, request);
}

void FaultInjectingProxy::handle(const std::shared_ptr<Client> &client, const Request &request)
{
    ++m_requests;
    if (request.method != m_routeMethod || request.path != m_routePath) {
        forward(request, [this, client](const Answer &answer) { reply(client, answer); });
        return;
    }
    m_routeBodies.append(request.body);
    m_atRoute = m_requests;
    const Fault fault = m_fault; // what was set when the request came, whatever comes next
    switch (fault) {
    case Fault::PassThrough:
        ++m_routeForwarded;
        forward(request, [this, client, fault](const Answer &answer) {
            reply(client, answer);
            emit routeHandled(fault);
        });
        return;
    case Fault::Answer: {
        Answer scripted{m_answerStatus, "Scripted", {}, m_answerBody};
        if (!m_answerContentType.isEmpty()) {
            scripted.headers.append({"Content-Type", m_answerContentType});
        }
        reply(client, scripted);
        emit routeHandled(fault);
        return;
    }
    case Fault::DropUnsent:
        drop(client);
        emit routeHandled(fault);
        return;
    case Fault::DropAfterApplying:
        ++m_routeForwarded;
        // The upstream answer is awaited, so the request is applied before the client learns
        // anything, and then never relayed.
        forward(request, [this, client, fault](const Answer &) {
            drop(client);
            emit routeHandled(fault);
        });
        return;
    }
}

void FaultInjectingProxy::forward(const Request &request, std::function<void(const Answer &)> done)
{
    const QByteArray base = m_upstream.adjusted(QUrl::StripTrailingSlash).toEncoded();
    QNetworkRequest out(QUrl::fromEncoded(base + request.target));
    out.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy); // relayed, not followed
    out.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    out.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    out.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    out.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    out.setTransferTimeout(30000);
    for (const auto &[name, value] : request.headers) {
        if (isHopByHop(name)) {
            continue;
        }
        // A header sent twice is one list, as HTTP defines it.
        const QByteArray earlier = out.rawHeader(name);
        out.setRawHeader(name, earlier.isEmpty() ? value : earlier + ", " + value);
    }
    // No body and no Content-Length for the methods that carry none, as the client sent them.
    static const QList<QByteArray> bodiless = {"GET", "HEAD", "DELETE", "OPTIONS"};
    QNetworkReply *reply = request.body.isEmpty() && bodiless.contains(request.method)
                               ? m_network.sendCustomRequest(out, request.method)
                               : m_network.sendCustomRequest(out, request.method, request.body);
    connect(reply, &QNetworkReply::finished, this, [reply, done = std::move(done)] {
        reply->deleteLater();
        done(answerOf(*reply));
    });
}

FaultInjectingProxy::Answer FaultInjectingProxy::answerOf(QNetworkReply &reply)
{
    const QVariant status = reply.attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!status.isValid()) {
        const bool timedOut = reply.error() == QNetworkReply::OperationCanceledError
                              || reply.error() == QNetworkReply::TimeoutError;
        return Answer::text(timedOut ? 504 : 502, timedOut ? "Gateway Timeout" : "Bad Gateway",
                            "FaultInjectingProxy: upstream failed: "
                                + reply.errorString().toUtf8());
    }
    Answer answer;
    answer.status = status.toInt();
    answer.reason = reply.attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray();
    for (const auto &[name, value] : reply.rawHeaderPairs()) {
        if (!isHopByHop(name)) {
            answer.headers.append({name, value});
        }
    }
    answer.body = reply.readAll();
    return answer;
}

void FaultInjectingProxy::reply(const std::shared_ptr<Client> &client, const Answer &answer)
{
    if (!client->socket) {
        return; // the client gave up meanwhile
    }
    QByteArray bytes = "HTTP/1.1 " + QByteArray::number(answer.status) + ' '
                       + (answer.reason.isEmpty() ? QByteArray("Answer") : answer.reason) + "\r\n";
    for (const auto &[name, value] : answer.headers) {
        bytes += name + ": " + value + "\r\n";
    }
    bytes += "Content-Length: " + QByteArray::number(answer.body.size()) + "\r\n";
    if (client->closeAfterAnswer) {
        bytes += "Connection: close\r\n";
    }
    bytes += "\r\n" + answer.body;
    client->socket->write(bytes);
    if (client->closeAfterAnswer) {
        client->socket->disconnectFromHost(); // after the answer has been flushed
        return;
    }
    client->busy = false;
    // The next request may be buffered already; read it from the event loop, not from inside
    // the handling of this one.
    QTimer::singleShot(0, this, [this, client] { readRequests(client); });
}

void FaultInjectingProxy::drop(const std::shared_ptr<Client> &client)
{
    client->buffer.clear();
    if (client->socket) {
        client->socket->close(); // everything was read: a clean close, and no answer
    }
}

} // namespace lance::test
