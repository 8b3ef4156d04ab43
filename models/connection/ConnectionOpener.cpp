// SPDX-License-Identifier: Apache-2.0
#include "connection/ConnectionOpener.h"

#include "connection/CatalogConnection.h"
#include "connection/ConnectionLogging.h"
#include "connection/SecretStore.h"

#include <QPointer>

namespace lance::connection {

ConnectionOpener::ConnectionOpener(SecretStore &secrets, QObject *parent)
    : QObject(parent)
    , m_secrets(secrets)
{}

ConnectionOpener::~ConnectionOpener() = default;

void ConnectionOpener::open(const ConnectionProfile &profile)
{
    const quint64 generation = ++m_generation;
    m_profile = profile;
    m_opening = true;
    // A profile that cannot connect fails before anyone waits for a keychain.
    if (const api::Result<void> checked = profile.check(); !checked.hasValue()) {
        QMetaObject::invokeMethod(
            this,
            [this, generation, message = checked.error().userMessage()] {
                fail(generation, message);
            },
            Qt::QueuedConnection);
        return;
    }
    if (!profile.needsSecret()) {
        // Later all the same, so callers see one behaviour whatever the profile.
        QMetaObject::invokeMethod(
            this, [this, generation] { readStorageSecrets(generation, {}); }, Qt::QueuedConnection);
        return;
    }
    m_secrets.readSecret(profile.name, this,
                         [this, generation](const std::optional<QString> &secret) {
                             if (!secret || secret->isEmpty()) {
                                 fail(generation, missingSecretMessage());
                                 return;
                             }
                             readStorageSecrets(generation, *secret);
                         });
}

void ConnectionOpener::readStorageSecrets(quint64 generation, const QString &secret)
{
    if (generation != m_generation) {
        return;
    }
    if (m_profile.storageSecrets.isEmpty()) {
        finish(generation, secret, {});
        return;
    }
    // A lost entry is not fatal: the catalog opens, and a table on a store says which option
    // it lacks where the table is shown.
    m_secrets.readSecret(
        ProfileStorage::secretEntry(m_profile.name), this,
        [this, generation, secret](const std::optional<QString> &storage) {
            finish(generation, secret,
                   ProfileStorage::fromSecretJson(storage.value_or(QString()).toUtf8()));
        });
}

void ConnectionOpener::cancel()
{
    ++m_generation;
    m_opening = false;
}

std::unique_ptr<CatalogConnection> ConnectionOpener::takeConnection()
{
    return std::move(m_handedOut);
}

void ConnectionOpener::finish(quint64 generation, const QString &secret,
                              const ProfileStorage &storageSecrets)
{
    if (generation != m_generation) {
        return; // superseded or cancelled while the keychain answered
    }
    m_opening = false;
    auto connection = CatalogConnection::open(m_profile, secret, storageSecrets);
    if (!connection) {
        emit failed(connection.error().userMessage());
        return;
    }
    qCDebug(lcConnection).noquote() << "opened" << m_profile.name;
    m_handedOut = std::move(*connection);
    const QPointer<ConnectionOpener> alive(this); // a slot may destroy the opener
    emit opened(m_handedOut.get());
    if (alive) {
        m_handedOut.reset(); // nobody took it: nobody will use it
    }
}

void ConnectionOpener::fail(quint64 generation, const QString &message)
{
    if (generation != m_generation) {
        return;
    }
    m_opening = false;
    emit failed(message);
}

QString ConnectionOpener::missingSecretMessage() const
{
    if (m_profile.auth == rest::AuthMethod::BearerToken) {
        return tr("No bearer token is saved for the connection \"%1\"; enter it in Manage "
                  "Connections.")
            .arg(m_profile.name);
    }
    return tr("No API key is saved for the connection \"%1\"; enter it in Manage Connections.")
        .arg(m_profile.name);
}

} // namespace lance::connection
