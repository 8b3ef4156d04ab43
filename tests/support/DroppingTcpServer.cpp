// SPDX-License-Identifier: Apache-2.0
#include "DroppingTcpServer.h"

#include "TestConnections.h"

#include <QHostAddress>
#include <QTcpSocket>

#include <memory>

using namespace Qt::StringLiterals;

namespace lance::test {

DroppingTcpServer::DroppingTcpServer(int dropCount, QByteArray cannedResponse, QObject *parent)
    : QObject(parent)
    , m_dropCount(dropCount)
    , m_cannedResponse(std::move(cannedResponse))
{
    connect(&m_server, &QTcpServer::newConnection, this, &DroppingTcpServer::onNewConnection);
}

bool DroppingTcpServer::start()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl DroppingTcpServer::url() const
{
    return TestConnections::loopbackUrl(m_server.serverPort());
}

QByteArray DroppingTcpServer::httpResponse(int status, const QByteArray &jsonBody)
{
    return "HTTP/1.1 " + QByteArray::number(status) + " Scripted\r\n"
           + "Content-Type: application/json\r\nConnection: close\r\nContent-Length: "
           + QByteArray::number(jsonBody.size()) + "\r\n\r\n" + jsonBody;
}

void DroppingTcpServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        const bool drop = m_connections < m_dropCount;
        ++m_connections;
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        auto head = std::make_shared<QByteArray>();
        connect(socket, &QTcpSocket::readyRead, this, [this, socket, drop, head] {
            head->append(socket->readAll());
            // Once answered (or dropped) the socket is no longer connected: the rest is ignored.
            if (!head->contains("\r\n\r\n") || socket->state() != QAbstractSocket::ConnectedState) {
                return;
            }
            if (drop) {
                ++m_dropped;
                socket->close();
                return;
            }
            socket->write(m_cannedResponse);
            socket->disconnectFromHost(); // after the write has been flushed
        });
    }
}

} // namespace lance::test
