// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connection/CatalogConnection.h"
#include "connection/ConnectionProfile.h"

#include <QString>
#include <QUrl>

#include <memory>

namespace lance::test {

/// Profiles, connections and secret storage for the tests that connect to a catalog, most of
/// them to lance-catalog-server started with CatalogServerProcess::startWithApiKey().
class TestConnections
{
public:
    /// The keychain service the tests' SecretStores use: never the browser's own entries.
    static inline const QString KeychainService = QStringLiteral("lance-catalog-browser-test");

    /// `scheme://127.0.0.1:port`: where the test servers listen.
    static QUrl loopbackUrl(quint16 port, const QString &scheme = QStringLiteral("http"));
    /// A REST profile for `url`; 10 s per attempt rather than the default 30 s, so a request
    /// that goes wrong fails the test before ctest's timeout does.
    static connection::ConnectionProfile restProfile(const QUrl &url, rest::AuthMethod auth,
                                                     const QString &name
                                                     = QStringLiteral("Server"));
    /// Opens `profile` with `secret`; null, with the reason as a warning, when it cannot.
    static std::unique_ptr<connection::CatalogConnection>
    open(const connection::ConnectionProfile &profile, const QString &secret);
    /// open() of restProfile(`url`, `auth`).
    static std::unique_ptr<connection::CatalogConnection>
    openRest(const QUrl &url, rest::AuthMethod auth, const QString &secret);
    /// Makes sure no keychain answers this process, whatever machine runs it: an unreachable
    /// session bus, and no desktop session that makes qtkeychain try KWallet first. SecretStore
    /// then uses its memory fallback, and a developer's real keychain is never touched. Call it
    /// before the first SecretStore is made (initTestCase).
    static void disableKeychain();
};

} // namespace lance::test
