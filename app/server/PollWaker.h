// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "SocketHandle.h"

namespace lance::server {

/// Something a poll() waits on beside the sockets, so that another thread can end the wait at
/// once (a connection given back, stop()). A non-blocking pipe on POSIX systems; on Windows,
/// whose WSAPoll takes sockets only, a UDP socket on the loopback connected to itself.
class PollWaker
{
public:
    PollWaker();
    ~PollWaker();
    PollWaker(const PollWaker &) = delete;
    PollWaker &operator=(const PollWaker &) = delete;

    /// What to poll for reading; NoSocket when none could be made (the poller then has to wake
    /// by its timeout).
    SocketHandle readable() const { return m_read; }
    /// Makes readable() readable. Safe from any thread; never blocks.
    void wake();
    /// Reads every wake-up queued, once the poll has seen them.
    void drain();

private:
    SocketHandle m_read = NoSocket;
    SocketHandle m_write = NoSocket; //!< the same socket as m_read on Windows
};

} // namespace lance::server
