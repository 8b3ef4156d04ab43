// SPDX-License-Identifier: Apache-2.0
#include "TestConnections.h"

#include <QDebug>
#include <QtGlobal>

namespace lance::test {

QUrl TestConnections::loopbackUrl(quint16 port, const QString &scheme)
{
    QUrl url;
    url.setScheme(scheme);
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(port);
    return url;
}

connection::ConnectionProfile TestConnections::restProfile(const QUrl &url, rest::AuthMethod auth,
                                                           const QString &name)
{
    connection::ConnectionProfile profile;
    profile.name = name;
    profile.url = url;
    profile.auth = auth;
    profile.timeoutMs = 10000;
    return profile;
}

std::unique_ptr<connection::CatalogConnection>
TestConnections::open(const connection::ConnectionProfile &profile, const QString &secret)
{
    auto opened = connection::CatalogConnection::open(profile, secret);
    if (!opened) {
        qWarning().noquote() << opened.error().userMessage();
        return nullptr;
    }
    return std::move(*opened);
}

std::unique_ptr<connection::CatalogConnection>
TestConnections::openRest(const QUrl &url, rest::AuthMethod auth, const QString &secret)
{
    return open(restProfile(url, auth), secret);
}

void TestConnections::disableKeychain()
{
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/lcb-test-no-session-bus");
    for (const char *name : {"XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION",
                             "KDE_SESSION_VERSION", "GNOME_DESKTOP_SESSION_ID"}) {
        qunsetenv(name);
    }
}

} // namespace lance::test
