// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/ExchangeRecord.h"
#include "api/Result.h"
#include "connection/ConnectionProfile.h"

#include <QObject>

#include <memory>

QT_BEGIN_NAMESPACE
class QNetworkAccessManager;
QT_END_NAMESPACE

namespace lance::rest {
class RestClient;
}
namespace lance::local {
class LocalCatalogService;
}

namespace lance::connection {

/// An open connection: the CatalogService the models and panels talk to, built from a profile
/// and its secret. A REST profile gets a QNetworkAccessManager of its own and a RestClient; a
/// local one a LocalCatalogService on the folder (its engine opens on the first call, so
/// opening never touches the disk or the network).
///
/// Owns both. Destroying the connection ends the requests in flight: a REST request's callback
/// reports a Network error, a local call's never runs (see LocalCatalogService). So destroy the
/// models that use it first when switching profiles. Lives on the GUI thread.
class CatalogConnection : public QObject
{
    Q_OBJECT

public:
    /// The connection for `profile` with `secret` (ignored when the profile needs none) and the
    /// profile's storage credentials from the keychain, or why it cannot be made: the profile's
    /// first problem (ConnectionProfile::check()), or a missing or unusable secret. The error is
    /// of kind InvalidInput; its userMessage() is one sentence.
    static api::Result<std::unique_ptr<CatalogConnection>>
    open(const ConnectionProfile &profile, const QString &secret = {},
         const ProfileStorage &storageSecrets = {});
    ~CatalogConnection() override;

    /// The catalog; valid as long as this connection.
    api::CatalogService *service() const { return m_service; }
    const ConnectionProfile &profile() const { return m_profile; }
    /// The profile's storage options with their credentials: for tables on a store, where the
    /// server vends nothing.
    const ProfileStorage &storage() const { return m_storage; }
    /// The identifier delimiter for `?delimiter=` and for showing identifiers.
    QString delimiter() const { return m_profile.delimiter; }
    /// The browser must offer no changes (the profile says so, or `--read-only`).
    bool isReadOnly() const { return m_profile.readOnly; }
    bool isLocal() const { return m_profile.kind == ConnectionProfile::Kind::Local; }
    /// The REST client (dry runs: RestClient::prepare), or null for a local catalog.
    rest::RestClient *restClient() const { return m_rest; }
    /// The local service (dry runs: LocalCatalogService::prepare), or null for REST.
    local::LocalCatalogService *localService() const { return m_local; }

    /// Whether the server can be told a new secret (a REST profile with an API key or a bearer
    /// token): what a 401 or 403 asks for.
    bool acceptsSecret() const { return m_rest && m_profile.needsSecret(); }
    /// Uses `secret` from the next request on, without reconnecting, so models, panels and the
    /// staged batch keep their state. The reason when it cannot be used (acceptsSecret() is
    /// false, or the secret is empty or holds a line break); the secret never appears in it.
    api::Result<void> replaceSecret(const QString &secret);
    /// Takes from `saved` (the profile this connection was opened from, as just saved again)
    /// what applies without reconnecting: its name and its environment, which the window's
    /// band and the commit review read each time. The rest (URL, folder, auth, headers,
    /// delimiter, CA file, timeout, read-only) was read when connecting and waits for the next
    /// one. profileChanged() when anything was taken.
    void followSaved(const ConnectionProfile &saved);

signals:
    /// followSaved() changed the name or the environment.
    void profileChanged();
    /// Every exchange with the catalog, for the request log (RestClient's or the local
    /// service's exchangeFinished(), forwarded).
    void exchangeFinished(const lance::api::ExchangeRecord &record);

private:
    explicit CatalogConnection(ConnectionProfile profile);

    ConnectionProfile m_profile;
    ProfileStorage m_storage;
    QNetworkAccessManager *m_network = nullptr;    //!< child; REST only
    rest::RestClient *m_rest = nullptr;            //!< child
    local::LocalCatalogService *m_local = nullptr; //!< child
    api::CatalogService *m_service = nullptr;      //!< m_rest or m_local
};

} // namespace lance::connection
