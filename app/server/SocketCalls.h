// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "SocketHandle.h"

#include <cstddef>
#include <cstdint>

// pollfd, POLLIN, POLLOUT, sockaddr_storage, inet_ntop() and ntohs(), from either side. Only .cpp
// files include this header, so Winsock's headers reach no other part of the server.
#ifdef _WIN32
#include <winsock2.h>
#include <ws2tcpip.h>
#else
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#endif

/// The few socket calls the server makes itself (cpp-httplib makes the rest), with one POSIX
/// side and one Winsock side, so that ConnectionPark and ConnectionStream need no platform
/// conditions. Every call is non-blocking or bounded, and none raises SIGPIPE: a peer that
/// closed its end turns a send into an error the caller handles, not the end of the server.
namespace lance::server::sockets {

/// poll() over `count` entries (WSAPoll on Windows); -1 on error, as poll().
int poll(pollfd *entries, std::size_t count, int timeoutMs);
/// Puts the socket in non-blocking mode, and keeps SIGPIPE away where a socket option can
/// (macOS's SO_NOSIGPIPE; Linux's send() takes MSG_NOSIGNAL instead).
bool prepareNonBlocking(SocketHandle socket);
/// TCP_NODELAY: an answer's headers and body leave without waiting for an ACK.
void setNoDelay(SocketHandle socket);
/// Bytes received, 0 when the peer closed, -1 on an error or when nothing is there
/// (wouldBlock() tells which).
std::int64_t receive(SocketHandle socket, char *into, std::size_t size);
/// Bytes sent, -1 on an error or a full buffer (wouldBlock() tells which).
std::int64_t send(SocketHandle socket, const char *bytes, std::size_t size);
/// Whether the last failed call of this thread only found the socket not ready (or was
/// interrupted), so that waiting and trying again is right.
bool wouldBlock();
/// Ends the sending direction; the peer reads the end of the stream.
void shutdownWrites(SocketHandle socket);
void close(SocketHandle socket);
/// The peer's or the local address; false when the socket cannot say.
bool peerAddress(SocketHandle socket, sockaddr_storage &address);
bool localAddress(SocketHandle socket, sockaddr_storage &address);

} // namespace lance::server::sockets
