// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connection/ConnectionProfile.h"

#include <QObject>
#include <QString>

#include <memory>

namespace lance::connection {

class CatalogConnection;
class SecretStore;

/// Opens a CatalogConnection for a saved profile: reads its secret and its storage credentials
/// from the SecretStore when it has them (asynchronously: a keychain may take seconds), then
/// CatalogConnection::open().
///
/// Exactly one of opened() or failed() follows each open(), always later from the event loop,
/// never inside the call, unless a newer open() or cancel() came first: a newer open()
/// supersedes one that is still waiting, and the older one then reports nothing.
///
/// Ownership handoff: opened() hands out a connection the opener still owns; a slot connected to
/// it takes it with takeConnection(). One that nobody took by the time opened() returns is
/// destroyed, so an unheard answer cannot leak a connection. Lives on the GUI thread.
class ConnectionOpener : public QObject
{
    Q_OBJECT

public:
    /// `secrets` must outlive the opener.
    explicit ConnectionOpener(SecretStore &secrets, QObject *parent = nullptr);
    ~ConnectionOpener() override;

    /// Starts opening `profile`, superseding any open() still in progress.
    void open(const ConnectionProfile &profile);
    /// Drops the open() in progress, if any: neither opened() nor failed() follows for it.
    void cancel();
    bool isOpening() const { return m_opening; }
    /// The profile of the latest open().
    const ConnectionProfile &profile() const { return m_profile; }

    /// The connection opened() announced; only valid inside a slot connected to opened(). The
    /// caller owns it; null when it was taken already.
    std::unique_ptr<CatalogConnection> takeConnection();

signals:
    /// The connection to `profile()` is open; take it with takeConnection() (see the class).
    void opened(lance::connection::CatalogConnection *connection);
    /// It could not be opened; `message` is one translated sentence, such as "No API key is
    /// saved for the connection "Prod"; enter it in Manage Connections." Never holds a secret.
    void failed(const QString &message);

private:
    void readStorageSecrets(quint64 generation, const QString &secret);
    void finish(quint64 generation, const QString &secret, const ProfileStorage &storageSecrets);
    void fail(quint64 generation, const QString &message);
    QString missingSecretMessage() const;

    SecretStore &m_secrets;
    ConnectionProfile m_profile;
    quint64 m_generation = 0; //!< answers for an older open() are dropped
    bool m_opening = false;
    std::unique_ptr<CatalogConnection> m_handedOut; //!< during opened() only
};

} // namespace lance::connection
