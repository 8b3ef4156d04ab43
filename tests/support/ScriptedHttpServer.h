// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QMultiMap>
#include <QPair>
#include <QString>
#include <QUrl>

#include <memory>

namespace lance::test {

/// One scripted answer of ScriptedHttpServer.
struct ScriptedResponse
{
    int status = 200;
    QByteArray body;
    QByteArray contentType = "application/json"; //!< not sent when the body is empty
    QList<QPair<QByteArray, QByteArray>> headers;
    int delayMs = 0;   //!< wait this long before answering (cut short by stop())
    bool hold = false; //!< answer only after releaseHeld() or stop()

    static ScriptedResponse json(int status, QByteArray body);
    static ScriptedResponse text(int status, QByteArray body);
    static ScriptedResponse empty(int status);
    ScriptedResponse &withHeader(QByteArray name, QByteArray value);
};

/// A request as the server received it.
struct RecordedRequest
{
    QByteArray method;
    QByteArray target;                 //!< the raw request target, percent-encoding exactly as sent
    QByteArray rawPath;                //!< `target` up to the `?`
    QString path;                      //!< decoded by httplib
    QMultiMap<QString, QString> query; //!< decoded by httplib
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    bool hasHeader(QByteArrayView name) const;
    QByteArray header(QByteArrayView name) const; //!< first value, case-insensitive
    QString queryValue(const QString &name) const;
};

/// A real HTTP (or HTTPS) server on 127.0.0.1 with an ephemeral port, for tests that need the
/// wire: cpp-httplib parses, this class scripts the answers and records the requests.
///
/// Answers are scripted per route, "METHOD pattern", where the pattern is matched against the
/// raw (still percent-encoded) path and `*` matches any run of characters except `/`:
/// `"POST /v1/table/*/describe"`. Queued answers are used once each, in order; when a route's
/// queue is empty its default answer (if any) is used; a request no route answers gets a
/// plain-text 404. Everything is thread-safe: httplib answers on its own threads.
class ScriptedHttpServer
{
public:
    struct TlsFiles
    {
        QString certificateFile; //!< PEM, the server's certificate
        QString privateKeyFile;  //!< PEM, unencrypted
    };

    ScriptedHttpServer();
    explicit ScriptedHttpServer(TlsFiles tls);
    ~ScriptedHttpServer(); //!< stops
    ScriptedHttpServer(const ScriptedHttpServer &) = delete;
    ScriptedHttpServer &operator=(const ScriptedHttpServer &) = delete;

    /// Binds 127.0.0.1:0 and serves on a thread; false if that failed.
    bool start();
    /// Releases held answers and stops; never hangs on open connections for long (their
    /// keep-alive is at most one second). Safe to call twice.
    void stop();
    QUrl url() const; //!< `http(s)://127.0.0.1:<port>`

    /// Answers the next request of `route` with `response` (once).
    void enqueue(const QString &route, ScriptedResponse response);
    /// Answers every request of `route` with `response` once its queue is empty.
    void setDefault(const QString &route, ScriptedResponse response);
    /// Lets every held request answer now.
    void releaseHeld();

    QList<RecordedRequest> requests() const;
    int requestCount() const;
    int heldCount() const; //!< requests waiting for releaseHeld()

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace lance::test
