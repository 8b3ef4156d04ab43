// SPDX-License-Identifier: Apache-2.0
#include "ConnectionStream.h"

#include "SocketCalls.h"

#include <algorithm>
#include <cstring>
#include <openssl/err.h>
#include <openssl/ssl.h>

namespace lance::server {

namespace {

using Clock = ParkedConnection::Clock;

// What write() holds back: an answer's headers and a small body leave together; a larger body
// goes out as httplib writes it.
constexpr size_t GatherBytes = size_t{16} * 1024;

} // namespace

ConnectionStream::ConnectionStream(ParkedConnection &connection, const ConnectionLimits &limits)
    : m_connection(connection)
    , m_limits(limits)
    , m_started(Clock::now())
{}

Clock::time_point ConnectionStream::readDeadline() const
{
    // The headers were complete when the worker took the connection; what it reads now is a
    // body that did not fit the park's budget, or a chunked one.
    return m_started + m_limits.headerTimeout
           + ConnectionLimits::timeFor(m_read, m_limits.minBodyBytesPerSecond)
           + ConnectionLimits::timeFor(qint64{64} * 1024, m_limits.minBodyBytesPerSecond);
}

Clock::time_point ConnectionStream::writeDeadline() const
{
    return m_started + m_limits.headerTimeout
           + ConnectionLimits::timeFor(m_written, m_limits.minAnswerBytesPerSecond);
}

bool ConnectionStream::waitFor(short events, Clock::time_point deadline) const
{
    for (;;) {
        const auto left
            = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) {
            return false;
        }
        pollfd entry{m_connection.socket, events, 0};
        const int ready = sockets::poll(&entry, 1, int(std::min<qint64>(left.count(), 1000)));
        if (ready > 0) {
            return true; // ready, or an error that the next call reports
        }
        if (ready < 0 && !sockets::wouldBlock()) {
            return false;
        }
    }
}

bool ConnectionStream::is_readable() const
{
    if (!m_connection.buffer.isEmpty() || (m_connection.tls && SSL_pending(m_connection.tls) > 0)) {
        return true;
    }
    pollfd entry{m_connection.socket, POLLIN, 0};
    return sockets::poll(&entry, 1, 0) > 0;
}

bool ConnectionStream::is_writable() const
{
    pollfd entry{m_connection.socket, POLLOUT, 0};
    return sockets::poll(&entry, 1, 0) > 0;
}

ssize_t ConnectionStream::read(char *ptr, size_t size)
{
    if (!m_connection.buffer.isEmpty()) {
        const auto taken = std::min<qsizetype>(m_connection.buffer.size(), qsizetype(size));
        std::memcpy(ptr, m_connection.buffer.constData(), std::size_t(taken));
        m_connection.buffer.remove(0, taken);
        m_consumed += taken;
        return taken;
    }
    // The peer may wait for what was written (`100 Continue`) before it sends more.
    if (!flush()) {
        return -1;
    }
    const int chunk = int(std::min<size_t>(size, 1 << 20));
    for (;;) {
        qint64 got = -1;
        bool wantsWrite = false;
        if (m_connection.tls) {
            ERR_clear_error();
            const int n = SSL_read(m_connection.tls, ptr, chunk);
            if (n > 0) {
                got = n;
            } else {
                const int error = SSL_get_error(m_connection.tls, n);
                if (error == SSL_ERROR_ZERO_RETURN) {
                    return 0;
                }
                if (error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE) {
                    return -1;
                }
                wantsWrite = error == SSL_ERROR_WANT_WRITE;
            }
        } else {
            got = sockets::receive(m_connection.socket, ptr, std::size_t(chunk));
            if (got == 0) {
                return 0;
            }
            if (got < 0 && !sockets::wouldBlock()) {
                return -1;
            }
        }
        if (got > 0) {
            m_read += got;
            m_consumed += got;
            return ssize_t(got);
        }
        if (!waitFor(wantsWrite ? POLLOUT : POLLIN, readDeadline())) {
            return -1;
        }
    }
}

ssize_t ConnectionStream::write(const char *ptr, size_t size)
{
    if (m_gathered.size() + size <= GatherBytes) {
        m_gathered.append(ptr, size);
        return ssize_t(size);
    }
    if (!flush() || !send(ptr, size)) {
        return -1;
    }
    return ssize_t(size);
}

bool ConnectionStream::flush()
{
    if (m_gathered.empty()) {
        return true;
    }
    const bool sent = send(m_gathered.data(), m_gathered.size());
    m_gathered.clear();
    return sent;
}

bool ConnectionStream::send(const char *ptr, size_t size)
{
    size_t sent = 0;
    while (sent < size) {
        const int chunk = int(std::min<size_t>(size - sent, 1 << 20));
        qint64 put = -1;
        bool wantsRead = false;
        if (m_connection.tls) {
            ERR_clear_error();
            const int n = SSL_write(m_connection.tls, ptr + sent, chunk);
            if (n > 0) {
                put = n;
            } else {
                const int error = SSL_get_error(m_connection.tls, n);
                if (error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE) {
                    return false;
                }
                wantsRead = error == SSL_ERROR_WANT_READ;
            }
        } else {
            put = sockets::send(m_connection.socket, ptr + sent, std::size_t(chunk));
            if (put < 0 && !sockets::wouldBlock()) {
                return false;
            }
        }
        if (put > 0) {
            sent += std::size_t(put);
            m_written += put;
            continue;
        }
        if (!waitFor(wantsRead ? POLLIN : POLLOUT, writeDeadline())) {
            return false;
        }
    }
    return true;
}

void ConnectionStream::get_remote_ip_and_port(std::string &ip, int &port) const
{
    ip = m_connection.peerAddress.toStdString();
    port = m_connection.peerPort;
}

void ConnectionStream::get_local_ip_and_port(std::string &ip, int &port) const
{
    if (m_connection.localPort < 0) {
        m_connection.localPort = 0;
        sockaddr_storage address{};
        if (sockets::localAddress(m_connection.socket, address)) {
            char text[INET6_ADDRSTRLEN] = {};
            if (address.ss_family == AF_INET) {
                const auto *v4 = reinterpret_cast<const sockaddr_in *>(&address);
                ::inet_ntop(AF_INET, &v4->sin_addr, text, sizeof(text));
                m_connection.localPort = ntohs(v4->sin_port);
            } else if (address.ss_family == AF_INET6) {
                const auto *v6 = reinterpret_cast<const sockaddr_in6 *>(&address);
                ::inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof(text));
                m_connection.localPort = ntohs(v6->sin6_port);
            }
            m_connection.localAddress = text;
        }
    }
    ip = m_connection.localAddress;
    port = m_connection.localPort;
}

socket_t ConnectionStream::socket() const
{
    return m_connection.socket;
}

} // namespace lance::server
