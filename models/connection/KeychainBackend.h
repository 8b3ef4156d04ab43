// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connection/SecretBackend.h"

#include <QHash>
#include <QObject>

namespace lance::connection {

class KeychainWorker;

/// SecretBackend over the OS keychain through qtkeychain (Secret Service or KWallet on Linux,
/// Keychain on macOS, Credential Manager on Windows). The jobs run on KeychainWorker's shared
/// thread, so start() returns at once whatever the keychain does; answers come back queued to
/// this object's thread. Entries are stored under `service` with the key SecretStore gives.
class KeychainBackend : public QObject, public SecretBackend
{
    Q_OBJECT

public:
    explicit KeychainBackend(const QString &service, QObject *parent = nullptr);
    /// Answers still on their way are dropped; the jobs themselves finish on their thread.
    ~KeychainBackend() override;

    void start(Operation operation, const QString &key, const QString &secret, Done done) override;

private:
    void onFinished();

    KeychainWorker *m_worker = nullptr; //!< lives on the shared thread; deleted there
    QHash<quint64, Done> m_pending;
    quint64 m_nextTicket = 0;
};

} // namespace lance::connection
