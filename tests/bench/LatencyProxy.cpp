// SPDX-License-Identifier: Apache-2.0
#include "LatencyProxy.h"

#include <QHostAddress>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace lance::bench {

LatencyProxy::LatencyProxy(quint16 upstreamPort, int delayMs, QObject *parent)
    : QObject(parent)
    , m_upstreamPort(upstreamPort)
    , m_delayMs(delayMs)
{
    connect(&m_server, &QTcpServer::newConnection, this, &LatencyProxy::onConnection);
}

bool LatencyProxy::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl LatencyProxy::url() const
{
    return QUrl(u"http://127.0.0.1:%1"_s.arg(m_server.serverPort()));
}

void LatencyProxy::onConnection()
{
    while (QTcpSocket *client = m_server.nextPendingConnection()) {
        auto *upstream = new QTcpSocket(client);
        upstream->connectToHost(QHostAddress::LocalHost, m_upstreamPort);
        const QPointer<QTcpSocket> target(upstream);
        connect(client, &QTcpSocket::readyRead, this, [this, client, target] {
            const QByteArray bytes = client->readAll();
            ++m_held;
            // Every write waits the same time, so they reach the server in the order sent.
            QTimer::singleShot(m_delayMs, this, [target, bytes] {
                if (target) {
                    target->write(bytes);
                }
            });
        });
        connect(upstream, &QTcpSocket::readyRead, client,
                [client, upstream] { client->write(upstream->readAll()); });
        connect(upstream, &QTcpSocket::disconnected, client, &QTcpSocket::disconnectFromHost);
        connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
    }
}

} // namespace lance::bench
