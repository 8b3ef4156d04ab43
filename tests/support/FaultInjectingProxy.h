// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QNetworkAccessManager>
#include <QObject>
#include <QTcpServer>
#include <QUrl>

#include <functional>
#include <memory>

class QNetworkReply;

namespace lance::test {

/// An HTTP proxy on 127.0.0.1 (an ephemeral port) in front of a real server, usually a
/// CatalogServerProcess, that fails one route on demand: every request is forwarded to the
/// upstream server and its answer relayed (status, headers, body), except requests of the
/// faulted route ("POST /v1/table/batch-commit" unless told otherwise), which get the fault set
/// now:
///  - PassThrough: forwarded like any other;
///  - Answer: a scripted status, body and content type, never forwarded (a 503 with a JSON error
///    body, or a 404 with an empty body: a server without the route);
///  - DropUnsent: read whole, not forwarded, and the connection closed without an answer;
///  - DropAfterApplying: forwarded, so the server applies it, and once the server has answered
///    the connection is closed without relaying that answer (the answer was lost).
///
/// Every header but the hop-by-hop ones (Host, Connection, Content-Length, ...) passes both
/// ways unchanged, `x-api-key` and `content-type` included. Request bodies must come with a
/// Content-Length (Qt sends them so); a chunked one is answered 501. An upstream that cannot be
/// reached is answered 502.
///
/// The requests of the faulted route are counted and their bodies kept, whatever the fault:
/// a test can see that a batch was sent exactly once. Runs on the thread's event loop (Qt's
/// HTTP client works on its own thread, so a client on the same thread is served).
class FaultInjectingProxy : public QObject
{
    Q_OBJECT

public:
    enum class Fault { PassThrough, Answer, DropUnsent, DropAfterApplying };
    Q_ENUM(Fault)

    /// `route` is "METHOD path", matched exactly against the request's path (without query).
    explicit FaultInjectingProxy(QUrl upstream,
                                 QByteArray route
                                 = QByteArrayLiteral("POST /v1/table/batch-commit"),
                                 QObject *parent = nullptr);
    ~FaultInjectingProxy() override;

    bool start();
    QUrl url() const; //!< `http://127.0.0.1:<port>`

    Fault fault() const { return m_fault; }
    void passThrough() { m_fault = Fault::PassThrough; }
    /// Answers the route with `status` and `body`; no Content-Type when `contentType` is empty.
    void answer(int status, QByteArray body,
                QByteArray contentType = QByteArrayLiteral("application/json"));
    void dropUnsent() { m_fault = Fault::DropUnsent; }
    void dropAfterApplying() { m_fault = Fault::DropAfterApplying; }

    /// Requests of the route received so far, whatever became of them.
    int routeCount() const { return int(m_routeBodies.size()); }
    /// Their bodies, in arrival order.
    const QList<QByteArray> &routeBodies() const { return m_routeBodies; }
    /// Requests of the route forwarded to the upstream server (PassThrough, DropAfterApplying).
    int routeForwardedCount() const { return m_routeForwarded; }
    int requestCount() const { return m_requests; } //!< every request received
    /// Requests received after the latest one of the route (the reads a client made after
    /// it); 0 before the first.
    int requestsAfterRoute() const { return m_routeBodies.isEmpty() ? 0 : m_requests - m_atRoute; }

signals:
    /// A request of the route was dealt with: answered, dropped, or (DropAfterApplying) applied
    /// upstream and dropped.
    void routeHandled(lance::test::FaultInjectingProxy::Fault fault);

private:
    struct Client;
    struct Request;
    struct Answer;

    void onNewConnection();
    void readRequests(const std::shared_ptr<Client> &client);
    void handle(const std::shared_ptr<Client> &client, const Request &request);
    void forward(const Request &request, std::function<void(const Answer &)> done);
    void reply(const std::shared_ptr<Client> &client, const Answer &answer);
    void drop(const std::shared_ptr<Client> &client);
    static Answer answerOf(QNetworkReply &reply);

    QUrl m_upstream;
    QByteArray m_routeMethod;
    QByteArray m_routePath;
    QTcpServer m_server;
    QNetworkAccessManager m_network;
    Fault m_fault = Fault::PassThrough;
    int m_answerStatus = 0;
    QByteArray m_answerBody;
    QByteArray m_answerContentType;
    QList<QByteArray> m_routeBodies;
    int m_routeForwarded = 0;
    int m_requests = 0;
    int m_atRoute = 0; //!< m_requests when the latest request of the route came
};

} // namespace lance::test
