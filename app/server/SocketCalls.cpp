// SPDX-License-Identifier: Apache-2.0
#include "SocketCalls.h"

#ifdef _WIN32
#include <climits>
#else
#include <cerrno>
#include <fcntl.h>
#include <netinet/tcp.h>
#include <unistd.h>
#endif

namespace lance::server::sockets {

namespace {

#ifdef _WIN32
SOCKET native(SocketHandle socket)
{
    return static_cast<SOCKET>(socket);
}
#endif

} // namespace

#ifdef _WIN32

int poll(pollfd *entries, std::size_t count, int timeoutMs)
{
    return ::WSAPoll(entries, ULONG(count), timeoutMs);
}

bool prepareNonBlocking(SocketHandle socket)
{
    u_long on = 1;
    return ::ioctlsocket(native(socket), FIONBIO, &on) == 0;
}

void setNoDelay(SocketHandle socket)
{
    const BOOL yes = TRUE;
    ::setsockopt(native(socket), IPPROTO_TCP, TCP_NODELAY, reinterpret_cast<const char *>(&yes),
                 sizeof(yes));
}

std::int64_t receive(SocketHandle socket, char *into, std::size_t size)
{
    const int got = ::recv(native(socket), into, int(size > INT_MAX ? INT_MAX : size), 0);
    return got == SOCKET_ERROR ? -1 : got;
}

std::int64_t send(SocketHandle socket, const char *bytes, std::size_t size)
{
    // Windows has no SIGPIPE: a reset peer is WSAECONNRESET.
    const int put = ::send(native(socket), bytes, int(size > INT_MAX ? INT_MAX : size), 0);
    return put == SOCKET_ERROR ? -1 : put;
}

bool wouldBlock()
{
    const int error = ::WSAGetLastError();
    return error == WSAEWOULDBLOCK || error == WSAEINTR;
}

void shutdownWrites(SocketHandle socket)
{
    ::shutdown(native(socket), SD_SEND);
}

void close(SocketHandle socket)
{
    ::closesocket(native(socket));
}

bool peerAddress(SocketHandle socket, sockaddr_storage &address)
{
    int length = sizeof(address);
    return ::getpeername(native(socket), reinterpret_cast<sockaddr *>(&address), &length) == 0;
}

bool localAddress(SocketHandle socket, sockaddr_storage &address)
{
    int length = sizeof(address);
    return ::getsockname(native(socket), reinterpret_cast<sockaddr *>(&address), &length) == 0;
}

#else

int poll(pollfd *entries, std::size_t count, int timeoutMs)
{
    return ::poll(entries, nfds_t(count), timeoutMs);
}

bool prepareNonBlocking(SocketHandle socket)
{
#ifdef SO_NOSIGPIPE
    // macOS has no MSG_NOSIGNAL; this option keeps every send on the socket (OpenSSL's too)
    // from raising SIGPIPE.
    const int yes = 1;
    ::setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &yes, sizeof(yes));
#endif
    const int flags = ::fcntl(socket, F_GETFL);
    return flags >= 0 && ::fcntl(socket, F_SETFL, flags | O_NONBLOCK) == 0;
}

void setNoDelay(SocketHandle socket)
{
    const int yes = 1;
    ::setsockopt(socket, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof(yes));
}

std::int64_t receive(SocketHandle socket, char *into, std::size_t size)
{
    return ::recv(socket, into, size, 0);
}

std::int64_t send(SocketHandle socket, const char *bytes, std::size_t size)
{
#ifdef MSG_NOSIGNAL
    return ::send(socket, bytes, size, MSG_NOSIGNAL);
#else
    return ::send(socket, bytes, size, 0); // SO_NOSIGPIPE is set (prepareNonBlocking)
#endif
}

bool wouldBlock()
{
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

void shutdownWrites(SocketHandle socket)
{
    ::shutdown(socket, SHUT_WR);
}

void close(SocketHandle socket)
{
    ::close(socket);
}

bool peerAddress(SocketHandle socket, sockaddr_storage &address)
{
    socklen_t length = sizeof(address);
    return ::getpeername(socket, reinterpret_cast<sockaddr *>(&address), &length) == 0;
}

bool localAddress(SocketHandle socket, sockaddr_storage &address)
{
    socklen_t length = sizeof(address);
    return ::getsockname(socket, reinterpret_cast<sockaddr *>(&address), &length) == 0;
}

#endif

} // namespace lance::server::sockets
