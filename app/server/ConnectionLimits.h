// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <chrono>

namespace lance::server {

/// What one client may hold of the server, so that stalled or hostile clients (a laptop on a
/// train, a port scanner, a body trickled a byte at a time) cannot keep others waiting.
/// ConnectionPark enforces them; requests reach a worker thread only once they are complete.
struct ConnectionLimits
{
    using Seconds = std::chrono::seconds;

    int maxConnections = 512;        //!< open connections in all; past it: 503
    int maxConnectionsPerPeer = 128; //!< from one IP address; past it: 503
    int retryAfterSeconds = 2;       //!< the `Retry-After` of those 503 answers
    /// A request's line and headers must be complete this long after its first byte (or after
    /// the connection opened); 408 otherwise.
    Seconds headerTimeout{10};
    /// A keep-alive connection with no request in progress is closed after this long.
    Seconds idleTimeout{30};
    /// A body must arrive at this rate at least, after a grace of headerTimeout: a 32 MiB
    /// body gets 10 s + 512 s.
    qint64 minBodyBytesPerSecond = qint64{64} * 1024;
    /// Bytes of unfinished request bodies larger than smallBodyBytes the server holds for all
    /// clients together; a body that does not fit is refused with 503. Smaller bodies are not
    /// counted: at most maxConnections of them are held.
    qint64 bufferedBodyBytes = qint64{256} * 1024 * 1024;
    qint64 smallBodyBytes = qint64{64} * 1024;
    /// A body announced larger than this is not waited for: the worker refuses it (413).
    qint64 maxBodyBytes = qint64{32} * 1024 * 1024;
    /// Request line and headers larger than this are handed to the HTTP parser, which refuses
    /// them.
    qint64 maxHeaderBytes = qint64{64} * 1024;
    /// An answer must leave at this rate at least, after a grace of headerTimeout.
    qint64 minAnswerBytesPerSecond = qint64{64} * 1024;

    /// The time `bytes` may take at `bytesPerSecond` (one of the minimum rates above).
    static std::chrono::steady_clock::duration timeFor(qint64 bytes, qint64 bytesPerSecond)
    {
        return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(double(bytes)
                                          / double(std::max<qint64>(bytesPerSecond, 1))));
    }
};

} // namespace lance::server
