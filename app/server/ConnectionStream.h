// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ConnectionLimits.h"
#include "ParkedConnection.h"

#include <httplib.h>
#include <string>

namespace lance::server {

/// cpp-httplib's view of a parked connection while a worker answers one request on it: reads
/// come from the bytes ConnectionPark buffered first, then from the socket (or its TLS
/// session); small writes are gathered and leave with flush() (or when a read must wait for
/// the peer), so that an answer's headers and body go out in one segment: a second send costs
/// a second wake-up of the client, which on a small VM is more than the whole request costs
/// the server. The socket stays non-blocking, and every wait is bounded:
/// the rest of a body must come at the limits' minimum rate, and so must the answer leave, or
/// the call fails and the worker drops the connection.
class ConnectionStream : public httplib::Stream
{
public:
    ConnectionStream(ParkedConnection &connection, const ConnectionLimits &limits);

    bool is_readable() const override;
    bool is_writable() const override;
    ssize_t read(char *ptr, size_t size) override;
    ssize_t write(const char *ptr, size_t size) override;
    void get_remote_ip_and_port(std::string &ip, int &port) const override;
    void get_local_ip_and_port(std::string &ip, int &port) const override;
    socket_t socket() const override;

    /// Sends what write() gathered; false if the connection failed or stalled.
    bool flush();

    /// Bytes read through this stream so far.
    qint64 consumed() const { return m_consumed; }

private:
    using Clock = ParkedConnection::Clock;

    /// Waits until the socket is ready for `events` (POLLIN, POLLOUT) or `deadline` passes.
    bool waitFor(short events, Clock::time_point deadline) const;
    Clock::time_point readDeadline() const;
    Clock::time_point writeDeadline() const;
    /// Sends `size` bytes now, waiting for the socket as the deadlines allow.
    bool send(const char *ptr, size_t size);

    ParkedConnection &m_connection;
    const ConnectionLimits &m_limits;
    Clock::time_point m_started;
    qint64 m_read = 0;      //!< bytes read from the socket by this stream
    qint64 m_consumed = 0;  //!< from the buffer and the socket
    qint64 m_written = 0;   //!< bytes of the answer written so far
    std::string m_gathered; //!< written, not sent yet
};

} // namespace lance::server
