// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QTcpServer>
#include <QUrl>

namespace lance::bench {

/// A TCP proxy on 127.0.0.1 (an ephemeral port) in front of a server on 127.0.0.1 that holds
/// what each client sends `delayMs` before passing it on, and relays the answers at once: a
/// store across a network, for benchmarks of the reads a client makes of it. An HTTP request
/// of a store client is one small write, so every request waits about `delayMs`. Counts what
/// it held (about one per request). Runs on its thread's event loop, which must turn while the
/// clients (on other threads) wait.
class LatencyProxy : public QObject
{
    Q_OBJECT

public:
    LatencyProxy(quint16 upstreamPort, int delayMs, QObject *parent = nullptr);

    /// Starts listening; false when no port could be had.
    bool listen();
    QUrl url() const;
    /// Writes from clients held so far.
    int held() const { return m_held; }

private:
    void onConnection();

    QTcpServer m_server;
    quint16 m_upstreamPort;
    int m_delayMs;
    int m_held = 0;
};

} // namespace lance::bench
