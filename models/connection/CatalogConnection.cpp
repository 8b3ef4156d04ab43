// SPDX-License-Identifier: Apache-2.0
#include "connection/CatalogConnection.h"

#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"

#include <QNetworkAccessManager>

namespace lance::connection {

api::Result<std::unique_ptr<CatalogConnection>>
CatalogConnection::open(const ConnectionProfile &profile, const QString &secret,
                        const ProfileStorage &storageSecrets)
{
    if (const auto problem = profile.check(); !problem.hasValue()) {
        return api::ApiError::invalidInput(problem.error().userMessage());
    }
    // Checked again with the real secret: it may be missing or hold a line break.
    if (profile.needsSecret()) {
        if (const auto problem = profile.restConfig(secret).check(); !problem.hasValue()) {
            return api::ApiError::invalidInput(problem.error().userMessage());
        }
    }
    std::unique_ptr<CatalogConnection> connection(new CatalogConnection(profile));
    connection->m_storage = profile.storage.mergedWith(storageSecrets.secretsOnly());
    if (profile.kind == ConnectionProfile::Kind::Local) {
        connection->m_local = new local::LocalCatalogService(profile.localFolder, connection.get());
        connection->m_service = connection->m_local;
        connect(connection->m_local, &local::LocalCatalogService::exchangeFinished,
                connection.get(), &CatalogConnection::exchangeFinished);
    } else {
        // A manager per connection: its connection cache and TLS sessions belong to one server.
        connection->m_network = new QNetworkAccessManager(connection.get());
        connection->m_rest = new rest::RestClient(connection->m_network, profile.restConfig(secret),
                                                  connection.get());
        connection->m_service = connection->m_rest;
        connect(connection->m_rest, &rest::RestClient::exchangeFinished, connection.get(),
                &CatalogConnection::exchangeFinished);
    }
    return connection;
}

api::Result<void> CatalogConnection::replaceSecret(const QString &secret)
{
    if (!acceptsSecret()) {
        return api::ApiError::invalidInput(tr("This connection does not use an API key or token."));
    }
    return m_rest->setSecret(secret);
}

void CatalogConnection::followSaved(const ConnectionProfile &saved)
{
    // A steward who marks the open connection Production must be asked for its name at the
    // next commit, not after reconnecting; the other way round, the band must not stay red.
    if (saved.name == m_profile.name && saved.environment == m_profile.environment) {
        return;
    }
    m_profile.name = saved.name;
    m_profile.environment = saved.environment;
    emit profileChanged();
}

CatalogConnection::CatalogConnection(ConnectionProfile profile)
    : m_profile(std::move(profile))
{}

CatalogConnection::~CatalogConnection()
{
    // The service before the manager its requests run on, and both while this object is
    // still whole: their last exchange records go nowhere rather than to a half-destroyed one.
    if (m_rest) {
        m_rest->disconnect(this);
    }
    if (m_local) {
        m_local->disconnect(this);
    }
    m_service = nullptr;
    delete m_rest;
    delete m_local;
    delete m_network;
}

} // namespace lance::connection
