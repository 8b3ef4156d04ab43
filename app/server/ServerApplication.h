// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QTextStream;
QT_END_NAMESPACE

namespace lance::server {

/// `lance-catalog-server` from arguments to exit code:
///  1. parse the command line and read the credential files;
///  2. refuse a host that is not a loopback address when no credential is configured;
///  3. open the catalog once on this thread (creating it and registering the Lance tables
///     already in the root on first use), so a root that cannot be used fails here, plainly;
///  4. bind, then print exactly one line `Listening on http://HOST:PORT` to `out`;
///  5. serve until SIGINT or SIGTERM, stop cleanly and return 0.
/// Any failure before serving prints one line to `err` and returns 1. Secrets are never printed.
class ServerApplication
{
    Q_DECLARE_TR_FUNCTIONS(ServerApplication)

public:
    ServerApplication(QTextStream &out, QTextStream &err);

    /// `arguments` includes the program name first. Call it on the main thread before any
    /// other thread has started: it blocks SIGINT and SIGTERM for the whole process.
    int run(const QStringList &arguments);

    /// True for `localhost` and the IPv4 and IPv6 loopback addresses.
    static bool isLoopbackHost(const QString &host);

private:
    int fail(const QString &message);

    QTextStream &m_out;
    QTextStream &m_err;
};

} // namespace lance::server
