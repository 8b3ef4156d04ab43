// SPDX-License-Identifier: Apache-2.0
#include "ConnectionPark.h"

#include "RequestFraming.h"
#include "SocketCalls.h"

#include <QHostAddress>

#include <algorithm>
#include <openssl/err.h>
#include <openssl/ssl.h>

namespace lance::server {

namespace {

using Clock = ParkedConnection::Clock;

constexpr qsizetype ReadChunk = qsizetype{16} * 1024;
// How long a worker waits on a connection for its next request before parking it.
constexpr int LingerMs = 2;
// How long a refused connection gets to send its request, and to read the answer after.
constexpr auto RefusalWait = std::chrono::seconds(1);

void peerOf(SocketHandle socket, QString &address, int &port)
{
    sockaddr_storage peer{};
    if (!sockets::peerAddress(socket, peer)) {
        return;
    }
    QHostAddress host(reinterpret_cast<const sockaddr *>(&peer));
    bool isV4 = false;
    const quint32 v4 = host.toIPv4Address(&isV4); // an IPv4 peer on a dual-stack socket
    address = isV4 ? QHostAddress(v4).toString() : host.toString();
    port = host.isNull() ? 0
                         : ntohs(peer.ss_family == AF_INET6
                                     ? reinterpret_cast<const sockaddr_in6 *>(&peer)->sin6_port
                                     : reinterpret_cast<const sockaddr_in *>(&peer)->sin_port);
}

// Best effort, never blocking: what does not fit the socket buffer is dropped.
void sendSome(ParkedConnection &connection, const QByteArray &bytes)
{
    if (connection.tls) {
        ERR_clear_error();
        SSL_write(connection.tls, bytes.constData(), int(bytes.size()));
        ERR_clear_error();
    } else {
        sockets::send(connection.socket, bytes.constData(), std::size_t(bytes.size()));
    }
}

} // namespace

ConnectionPark::ConnectionPark(ConnectionLimits limits, int workers, ssl_ctx_st *tls, Serve serve,
                               std::function<QByteArray(int)> refusal)
    : m_limits(limits)
    , m_tls(tls)
    , m_serve(std::move(serve))
    , m_refusal(std::move(refusal))
{
    m_pollThread = std::thread([this] { pollLoop(); });
    for (int i = 0; i < std::max(workers, 1); ++i) {
        m_workers.emplace_back([this] { workerLoop(); });
    }
}

ConnectionPark::~ConnectionPark()
{
    stop();
}

void ConnectionPark::wake()
{
    m_waker.wake();
}

void ConnectionPark::adopt(SocketHandle socket)
{
    auto connection = std::make_unique<ParkedConnection>();
    connection->socket = socket;
    peerOf(socket, connection->peerAddress, connection->peerPort);
    sockets::prepareNonBlocking(socket);
    // Headers and body of an answer go out in two writes: without this, Nagle's algorithm and
    // delayed ACKs add 40 ms to every keep-alive answer.
    sockets::setNoDelay(socket);
    const Clock::time_point now = Clock::now();
    connection->opened = now;
    connection->deadline = now + m_limits.headerTimeout;

    std::lock_guard lock(m_mutex);
    if (m_stopping) {
        sockets::close(socket);
        return;
    }
    ++m_open;
    const int fromPeer = ++m_perPeer[connection->peerAddress];
    const bool over = m_open > m_limits.maxConnections || fromPeer > m_limits.maxConnectionsPerPeer;
    if (m_tls) {
        connection->tls = SSL_new(m_tls);
        // OpenSSL takes an int; a Winsock SOCKET fits one (OpenSSL's own BIO makes the same cast).
        if (!connection->tls || SSL_set_fd(connection->tls, int(socket)) != 1 || over) {
            // Over a limit, a TLS client is not worth a handshake: it sees the connection close.
            m_mutex.unlock();
            close(std::move(connection));
            m_mutex.lock();
            return;
        }
        SSL_set_accept_state(connection->tls);
        connection->phase = ParkedConnection::Phase::Handshake;
    } else if (over) {
        connection->phase = ParkedConnection::Phase::Refusing;
        connection->deadline = now + RefusalWait;
    }
    m_incoming.push_back(std::move(connection));
    wake();
}

void ConnectionPark::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_readyChanged.notify_all();
    wake();
    if (m_pollThread.joinable()) {
        m_pollThread.join();
    }
    for (std::thread &worker : m_workers) {
        if (worker.joinable()) {
            worker.join();
        }
    }
}

void ConnectionPark::waitAgain(ParkedConnection &connection)
{
    const Clock::time_point now = Clock::now();
    ++connection.requestsServed;
    connection.phase = ParkedConnection::Phase::Waiting;
    connection.requestStarted = !connection.buffer.isEmpty();
    connection.opened = now;
    connection.bodyAwaited = false;
    connection.deadline
        = now + (connection.requestStarted ? m_limits.headerTimeout : m_limits.idleTimeout);
}

void ConnectionPark::close(Connection connection)
{
    if (connection->tls) {
        SSL_free(connection->tls);
    }
    sockets::close(connection->socket);
    std::lock_guard lock(m_mutex);
    m_bufferedBodies -= connection->reservedBytes;
    --m_open;
    auto peer = m_perPeer.find(connection->peerAddress);
    if (peer != m_perPeer.end() && --*peer <= 0) {
        m_perPeer.erase(peer);
    }
}

void ConnectionPark::refuse(ParkedConnection &connection, int status)
{
    sendSome(connection, m_refusal(status));
    if (connection.tls) {
        SSL_shutdown(connection.tls);
        ERR_clear_error();
    }
    // Shut for writing, then read until the peer closes: closing with unread bytes would send
    // a reset that can destroy the answer before the client reads it.
    sockets::shutdownWrites(connection.socket);
    connection.phase = ParkedConnection::Phase::Draining;
    connection.buffer.clear();
    connection.deadline = Clock::now() + RefusalWait;
}

bool ConnectionPark::readAvailable(ParkedConnection &connection)
{
    for (;;) {
        const qsizetype before = connection.buffer.size();
        connection.buffer.resize(before + ReadChunk);
        char *into = connection.buffer.data() + before;
        qint64 got = -1;
        if (connection.tls) {
            ERR_clear_error();
            const int n = SSL_read(connection.tls, into, int(ReadChunk));
            const int error = n > 0 ? SSL_ERROR_NONE : SSL_get_error(connection.tls, n);
            got = n > 0 ? n
                        : (error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE ? -2 : 0);
        } else {
            got = sockets::receive(connection.socket, into, std::size_t(ReadChunk));
            if (got < 0) {
                got = sockets::wouldBlock() ? -2 : 0;
            }
        }
        connection.buffer.resize(before + std::max<qsizetype>(got, 0));
        if (got == 0) {
            return false; // closed by the peer, or broken
        }
        if (got == -2) {
            return true; // all read that has arrived
        }
        // A plain socket's short read took everything queued: asking again only returns
        // EAGAIN. (A TLS session hands out one record at a time, so it is asked until it is dry.)
        const bool dry = !connection.tls && got < qsizetype(ReadChunk);
        if (connection.phase == ParkedConnection::Phase::Draining) {
            connection.buffer.clear();
        } else if (connection.buffer.size() > m_limits.maxHeaderBytes + m_limits.maxBodyBytes) {
            return true; // more than any request the server takes: hand it over as it is
        }
        if (dry) {
            return true;
        }
    }
}

bool ConnectionPark::progress(ParkedConnection &connection, bool readable)
{
    using Phase = ParkedConnection::Phase;
    if (connection.phase == Phase::Handshake) {
        ERR_clear_error();
        const int done = SSL_do_handshake(connection.tls);
        if (done != 1) {
            const int error = SSL_get_error(connection.tls, done);
            connection.waitsToWrite = error == SSL_ERROR_WANT_WRITE;
            return error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE;
        }
        connection.waitsToWrite = false;
        connection.phase = Phase::Waiting;
    }
    if (readable && !readAvailable(connection)) {
        return false;
    }
    if (connection.phase == Phase::Waiting && !connection.requestStarted
        && !connection.buffer.isEmpty()) {
        connection.requestStarted = true;
        connection.deadline = Clock::now() + m_limits.headerTimeout;
    }
    if (connection.phase == Phase::Refusing
        && RequestFraming::of(connection.buffer).state != RequestFraming::State::Incomplete) {
        refuse(connection, 503);
    }
    return true;
}

bool ConnectionPark::handOverIfReady(Connection &connection)
{
    if (connection->phase != ParkedConnection::Phase::Waiting || connection->buffer.isEmpty()) {
        return false;
    }
    const RequestFraming framing = RequestFraming::of(connection->buffer);
    connection->requestBytes = 0;
    connection->streamed = false;
    switch (framing.state) {
    case RequestFraming::State::Incomplete:
        if (connection->buffer.size() <= m_limits.maxHeaderBytes) {
            return false;
        }
        break; // the parser refuses it
    case RequestFraming::State::Complete:
        connection->requestBytes = framing.totalBytes;
        break;
    case RequestFraming::State::Streamed: {
        // A worker reads the body as it comes, at the minimum rate; so that trickling clients
        // cannot take every worker this way, half of them at most.
        std::lock_guard lock(m_mutex);
        if (2 * (m_streaming + 1) > int(m_workers.size()) && m_workers.size() > 1) {
            refuse(*connection, 503);
            return false;
        }
        ++m_streaming;
        connection->streamed = true;
        break;
    }
    case RequestFraming::State::BodyPending: {
        const qint64 body = framing.totalBytes - framing.headerBytes;
        if (body > m_limits.maxBodyBytes) {
            refuse(*connection, 413); // not waited for: the answer is known
            return false;
        }
        if (!connection->bodyAwaited) {
            if (body > m_limits.smallBodyBytes) {
                std::lock_guard lock(m_mutex);
                if (m_bufferedBodies + body > m_limits.bufferedBodyBytes) {
                    refuse(*connection, 503);
                    return false;
                }
                connection->reservedBytes = body;
                m_bufferedBodies += body;
            }
            connection->deadline
                = Clock::now() + m_limits.headerTimeout
                  + ConnectionLimits::timeFor(body, m_limits.minBodyBytesPerSecond);
            connection->bodyAwaited = true;
        }
        return false;
    }
    }
    {
        std::lock_guard lock(m_mutex);
        m_bufferedBodies -= connection->reservedBytes;
        connection->reservedBytes = 0;
        m_ready.push_back(std::move(connection));
    }
    m_readyChanged.notify_one();
    return true;
}

void ConnectionPark::pollLoop()
{
    using Phase = ParkedConnection::Phase;
    std::vector<pollfd> entries;
    for (;;) {
        std::vector<Connection> fresh;
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping) {
                break;
            }
            fresh.swap(m_incoming);
        }
        // New and given-back connections: a given-back one may hold the next request already
        // (pipelined, or in its TLS session's buffer).
        for (Connection &connection : fresh) {
            if (!progress(*connection, connection->phase != Phase::Handshake)) {
                close(std::move(connection));
            } else if (!handOverIfReady(connection)) {
                m_parked.push_back(std::move(connection));
            }
        }

        Clock::time_point next = Clock::now() + std::chrono::seconds(1);
        // The waker's entry comes first, when there is one.
        entries.clear();
        if (m_waker.readable() != NoSocket) {
            entries.push_back(pollfd{m_waker.readable(), POLLIN, 0});
        }
        const std::size_t first = entries.size();
        for (const Connection &connection : m_parked) {
            const short events = connection->waitsToWrite ? POLLOUT : POLLIN;
            entries.push_back(pollfd{connection->socket, events, 0});
            next = std::min(next, connection->deadline);
        }
        const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(
            next - Clock::now() + std::chrono::milliseconds(1));
        const int ready
            = sockets::poll(entries.data(), entries.size(), int(std::max<qint64>(wait.count(), 0)));
        if (ready < 0 && !sockets::wouldBlock()) {
            continue;
        }
        if (first > 0 && entries[0].revents != 0) {
            m_waker.drain();
        }
        const Clock::time_point now = Clock::now();
        for (std::size_t i = 0; i < m_parked.size(); ++i) {
            Connection &connection = m_parked[i];
            bool keep = true;
            if (entries[first + i].revents != 0) {
                keep = progress(*connection, true) && !handOverIfReady(connection);
                if (!connection) {
                    continue; // with a worker now
                }
            } else if (now >= connection->deadline) {
                switch (connection->phase) {
                case Phase::Waiting:
                    // A request begun and not finished in time gets 408; an idle connection,
                    // or one that never sent a byte, just closes.
                    if (connection->requestStarted) {
                        refuse(*connection, 408);
                    } else {
                        keep = false;
                    }
                    break;
                case Phase::Refusing:
                    refuse(*connection, 503);
                    break;
                case Phase::Handshake:
                case Phase::Draining:
                    keep = false;
                    break;
                }
            }
            if (!keep) {
                close(std::move(connection));
            }
        }
        std::erase_if(m_parked, [](const Connection &connection) { return !connection; });
    }
    for (Connection &connection : m_parked) {
        close(std::move(connection));
    }
    m_parked.clear();
    std::vector<Connection> left;
    {
        std::lock_guard lock(m_mutex);
        left.swap(m_incoming);
    }
    for (Connection &connection : left) {
        close(std::move(connection));
    }
}

bool ConnectionPark::lingerForNext(ParkedConnection &connection)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping) {
            return false;
        }
    }
    const bool pending = connection.tls && SSL_pending(connection.tls) > 0;
    if (connection.buffer.isEmpty() && !pending) {
        pollfd entry{connection.socket, POLLIN, 0};
        if (sockets::poll(&entry, 1, LingerMs) <= 0) {
            return false;
        }
    }
    if (!readAvailable(connection)) {
        return false; // closed: the park's close() follows through the caller
    }
    const RequestFraming framing = RequestFraming::of(connection.buffer);
    if (framing.state != RequestFraming::State::Complete) {
        return false; // the park waits for the rest
    }
    ++connection.requestsServed;
    connection.requestBytes = framing.totalBytes;
    return true;
}

void ConnectionPark::workerLoop()
{
    for (;;) {
        Connection connection;
        {
            std::unique_lock lock(m_mutex);
            m_readyChanged.wait(lock, [this] { return m_stopping || !m_ready.empty(); });
            if (m_ready.empty()) {
                return; // stopping, and every complete request is answered
            }
            connection = std::move(m_ready.front());
            m_ready.pop_front();
        }
        bool keep = m_serve(*connection);
        if (connection->streamed) {
            std::lock_guard lock(m_mutex);
            --m_streaming;
            connection->streamed = false;
        }
        // A busy client's next request comes within a round trip: serve it here rather than
        // pass the connection through the park and back (two thread wake-ups, which cost more
        // than the request on a small VM).
        while (keep && lingerForNext(*connection)) {
            keep = m_serve(*connection);
        }
        if (keep) {
            waitAgain(*connection);
            std::lock_guard lock(m_mutex);
            if (!m_stopping) {
                m_incoming.push_back(std::move(connection));
                wake();
                continue;
            }
        }
        close(std::move(connection));
    }
}

} // namespace lance::server
