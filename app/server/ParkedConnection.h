// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "SocketHandle.h"

#include <QByteArray>
#include <QString>

#include <chrono>
#include <string>

struct ssl_st;

namespace lance::server {

/// One client connection between its requests: the socket (non-blocking), its TLS session, and
/// the bytes read but not yet parsed. Owned by ConnectionPark while it waits for a complete
/// request, by a worker while that request is answered; never by two threads at once.
struct ParkedConnection
{
    using Clock = std::chrono::steady_clock;

    enum class Phase {
        Handshake, //!< TLS: the handshake is not done
        Waiting,   //!< for a request, or the rest of one
        Refusing,  //!< over a limit: a 503 goes out once the request has arrived
        Draining,  //!< answered and shut for writing; read until the peer closes
    };

    SocketHandle socket = NoSocket;
    ssl_st *tls = nullptr; //!< null for plain HTTP
    QString peerAddress;   //!< IP address, as the limits count it
    int peerPort = 0;
    /// The server's side, asked of the socket once: httplib asks for it on every request.
    std::string localAddress;
    int localPort = -1; //!< -1: not asked yet
    Phase phase = Phase::Waiting;
    QByteArray buffer;        //!< read, not yet parsed
    Clock::time_point opened; //!< when the current wait began (accept, or the last answer)
    Clock::time_point deadline;
    bool requestStarted = false; //!< a byte of the next request has arrived
    bool waitsToWrite = false;   //!< the TLS handshake needs the socket writable
    qint64 reservedBytes = 0;    //!< of the park's body budget, for the body on its way
    /// The current request's size once complete in the buffer (0: read by the worker as it
    /// comes), so that a body the parser leaves unread (a GET's) is not taken for the next
    /// request.
    qint64 requestBytes = 0;
    bool streamed = false;    //!< its body is read by the worker (chunked, `Expect`)
    bool bodyAwaited = false; //!< its body's deadline is set
    int requestsServed = 0;
};

} // namespace lance::server
