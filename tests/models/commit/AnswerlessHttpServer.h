// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QTcpServer>
#include <QUrl>

namespace lance::test {

/// A TCP server on 127.0.0.1 that reads each HTTP request whole (head and Content-Length body)
/// and then closes the connection without answering: a server that received a write and
/// crashed, or a proxy that lost the answer. Unlike DroppingTcpServer (which closes once the
/// head has arrived), the request is known to have arrived entirely, as in the case where the
/// client cannot know whether it was applied. Runs on the thread's event loop.
class AnswerlessHttpServer : public QObject
{
    Q_OBJECT

public:
    explicit AnswerlessHttpServer(QObject *parent = nullptr);

    bool start();
    QUrl url() const;
    int connectionCount() const { return m_connections; }
    /// The bodies of the requests read whole, in arrival order.
    QList<QByteArray> bodies() const { return m_bodies; }

private:
    void onNewConnection();

    QTcpServer m_server;
    int m_connections = 0;
    QList<QByteArray> m_bodies;
};

} // namespace lance::test
