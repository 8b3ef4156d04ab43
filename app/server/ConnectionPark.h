// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ConnectionLimits.h"
#include "ParkedConnection.h"
#include "PollWaker.h"

#include <QByteArray>
#include <QHash>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

struct ssl_ctx_st;

namespace lance::server {

/// Where connections wait while no worker needs them: one thread polls every open connection
/// that has no complete request yet (idle keep-alive ones, slow senders, TLS handshakes), reads
/// what arrives, and hands a connection to the worker threads only once a whole request is in
/// its buffer (ConnectionLimits says when a body is read by a worker instead). So a stalled
/// client holds a few kilobytes and no thread, and ordinary requests never queue behind it.
///
/// It also enforces the limits: connections over the total or per-address cap are answered
/// 503 with `Retry-After` once their request has arrived; a request whose headers do not
/// arrive within the header timeout gets 408; idle keep-alive connections close after the
/// idle timeout. Thread-safe: adopt() comes from the accept loop, giveBack() from workers.
class ConnectionPark
{
public:
    /// Answers one request on a connection (a worker thread calls it); true to keep the
    /// connection for the next request.
    using Serve = std::function<bool(ParkedConnection &connection)>;

    /// `tls`: the context of cpp-httplib's SSLServer, or null for plain HTTP; it must outlive
    /// the park. `refusal(status)` is the whole HTTP answer for 503 and 408 (spec error body).
    ConnectionPark(ConnectionLimits limits, int workers, ssl_ctx_st *tls, Serve serve,
                   std::function<QByteArray(int status)> refusal);
    /// stop() and join.
    ~ConnectionPark();
    ConnectionPark(const ConnectionPark &) = delete;
    ConnectionPark &operator=(const ConnectionPark &) = delete;

    /// Takes an accepted socket. Never blocks for the client.
    void adopt(SocketHandle socket);
    /// Closes every waiting connection at once and stops taking new ones; requests in progress
    /// are answered, then their connections close. Returns when all threads have ended.
    void stop();

    const ConnectionLimits &limits() const { return m_limits; }

private:
    using Connection = std::unique_ptr<ParkedConnection>;
    using Clock = ParkedConnection::Clock;

    void pollLoop();
    void workerLoop();
    void wake();
    /// Reads what arrived and moves the connection on; false when it is to be closed.
    bool progress(ParkedConnection &connection, bool readable);
    bool readAvailable(ParkedConnection &connection);
    /// Hands the connection to a worker when its request is complete (or must be streamed);
    /// answers true when it left the park.
    bool handOverIfReady(Connection &connection);
    void refuse(ParkedConnection &connection, int status);
    void close(Connection connection);
    void waitAgain(ParkedConnection &connection);
    /// After an answer: true when the connection's next request arrived complete within a
    /// moment, for the same worker to answer.
    bool lingerForNext(ParkedConnection &connection);

    const ConnectionLimits m_limits;
    ssl_ctx_st *const m_tls;
    const Serve m_serve;
    const std::function<QByteArray(int)> m_refusal;

    std::mutex m_mutex;                 //!< guards everything below up to the threads
    std::vector<Connection> m_incoming; //!< adopted or given back, not yet polled
    std::deque<Connection> m_ready;     //!< complete requests for the workers
    std::condition_variable m_readyChanged;
    QHash<QString, int> m_perPeer; //!< open connections by peer address
    int m_open = 0;
    qint64 m_bufferedBodies = 0; //!< bytes of unfinished bodies held in the park
    int m_streaming = 0;         //!< workers reading a body as it comes
    bool m_stopping = false;
    PollWaker m_waker;

    std::vector<Connection> m_parked; //!< the poll thread's own
    std::thread m_pollThread;
    std::vector<std::thread> m_workers;
};

} // namespace lance::server
