// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QObject>
#include <QTcpServer>
#include <QUrl>

namespace lance::test {

/// A TCP server on 127.0.0.1 that drops the first `dropCount` connections: it reads the request
/// head and closes the connection without answering (what a crashing server or a proxy that
/// resets connections looks like to a client). Later connections get `cannedResponse`, written
/// as it is, and are then closed. No HTTP parsing: it only waits for the blank line that ends
/// the request head. Runs on the thread's event loop (Qt's HTTP client has its own thread).
class DroppingTcpServer : public QObject
{
    Q_OBJECT

public:
    DroppingTcpServer(int dropCount, QByteArray cannedResponse, QObject *parent = nullptr);

    bool start();
    QUrl url() const;
    int connectionCount() const { return m_connections; } //!< accepted so far
    int droppedCount() const { return m_dropped; }

    /// A complete HTTP/1.1 response with `Connection: close` and a Content-Length.
    static QByteArray httpResponse(int status, const QByteArray &jsonBody);

private:
    void onNewConnection();

    QTcpServer m_server;
    int m_dropCount = 0;
    QByteArray m_cannedResponse;
    int m_connections = 0;
    int m_dropped = 0;
};

} // namespace lance::test
