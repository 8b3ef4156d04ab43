// SPDX-License-Identifier: Apache-2.0
#include "AnswerlessHttpServer.h"

#include "TestConnections.h"

#include <QHostAddress>
#include <QTcpSocket>

#include <memory>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

// The Content-Length of a request head; 0 when absent.
qsizetype contentLength(const QByteArray &head)
{
    for (const QByteArray &line : head.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "content-length") {
            return line.mid(colon + 1).trimmed().toLongLong();
        }
    }
    return 0;
}

} // namespace

AnswerlessHttpServer::AnswerlessHttpServer(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &AnswerlessHttpServer::onNewConnection);
}

bool AnswerlessHttpServer::start()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl AnswerlessHttpServer::url() const
{
    return TestConnections::loopbackUrl(m_server.serverPort());
}

void AnswerlessHttpServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        ++m_connections;
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        auto received = std::make_shared<QByteArray>();
        connect(socket, &QTcpSocket::readyRead, this, [this, socket, received] {
            received->append(socket->readAll());
            const qsizetype headEnd = received->indexOf("\r\n\r\n");
            if (headEnd < 0 || socket->state() != QAbstractSocket::ConnectedState) {
                return;
            }
            const qsizetype length = contentLength(received->left(headEnd));
            if (received->size() < headEnd + 4 + length) {
                return; // the body is still on its way
            }
            m_bodies.append(received->mid(headEnd + 4, length));
            socket->close(); // everything was read: a clean close, no answer
        });
    }
}

} // namespace lance::test
