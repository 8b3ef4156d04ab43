// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connection/SecretBackend.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace lance::connection {

/// The API keys and bearer tokens of the connection profiles, one per profile name.
///
/// Kept in the OS keychain when there is one. When there is none (no Secret Service or KWallet,
/// no D-Bus session, a keychain that fails, refuses, or does not answer within timeoutMs()), the
/// store switches to memory for the rest of the session: secrets written since start-up and
/// those it has read keep working until the app quits, storage() becomes Memory, and
/// memoryOnly() says why in one sentence for the UI. It never goes back to the keychain in the
/// same session, so a hanging keychain costs one timeout, not one per request.
///
/// Never blocks: every call returns at once (the keychain works on its own thread, see
/// KeychainWorker) and its callback runs later on this object's thread, exactly once, unless
/// `context` was destroyed first (a null context means: always). Secrets are never logged.
class SecretStore : public QObject
{
    Q_OBJECT

public:
    enum class Storage {
        Unknown,  //!< nothing has asked the keychain yet (see probe())
        Keychain, //!< the keychain has answered: secrets outlive the app
        Memory,   //!< secrets are kept in memory until the app quits
    };
    Q_ENUM(Storage)

    static constexpr int DefaultTimeoutMs = 5000;
    static inline const QString DefaultService = QStringLiteral("lance-catalog-browser");

    /// Secrets in the OS keychain, as entries of `service`.
    explicit SecretStore(const QString &service = DefaultService, QObject *parent = nullptr);
    /// Secrets in `backend` (tests use fakes that answer as told, or never).
    explicit SecretStore(std::unique_ptr<SecretBackend> backend, QObject *parent = nullptr);
    ~SecretStore() override;

    Storage storage() const { return m_storage; }
    /// True once the keychain has answered and as long as it works.
    bool isPersistent() const { return m_storage == Storage::Keychain; }
    /// Why secrets are kept in memory (one translated sentence); empty unless storage() is Memory.
    QString memoryOnlyReason() const { return m_memoryOnlyReason; }

    /// How many times the keychain has been asked (probes, reads, writes) this session: none for
    /// a connection that has no secret.
    quint64 keychainRequests() const { return m_nextTicket; }

    int timeoutMs() const { return m_timeoutMs; }
    void setTimeoutMs(int timeoutMs) { m_timeoutMs = timeoutMs; }

    /// Asks the keychain once without touching a secret, so the UI learns at start-up whether
    /// secrets will persist (storageChanged() or memoryOnly() follows).
    void probe();

    using ReadDone = std::function<void(std::optional<QString> secret)>;
    using WriteDone = std::function<void(bool persisted)>;
    using Done = std::function<void()>;

    /// The secret of `profile`, or nothing when it has none.
    void readSecret(const QString &profile, QObject *context, ReadDone done);
    /// Stores the secret; `persisted` is false when it is kept in memory only.
    void writeSecret(const QString &profile, const QString &secret, QObject *context = nullptr,
                     WriteDone done = {});
    void removeSecret(const QString &profile, QObject *context = nullptr, Done done = {});
    /// Moves the secret of `from` (if any) to `to`, for ProfileStore::rename().
    void renameSecret(const QString &from, const QString &to, QObject *context = nullptr,
                      Done done = {});

signals:
    void storageChanged(lance::connection::SecretStore::Storage storage);
    /// From now on secrets are kept in memory only; `reason` is one translated sentence, e.g.
    /// "The keychain cannot be used (Unknown error); secrets are kept in memory until the
    /// browser quits." Emitted once.
    void memoryOnly(const QString &reason);

private:
    /// Handles the keychain's outcome, or nothing when the answer must come from memory.
    using Reply = std::function<void(const std::optional<SecretBackend::Outcome> &outcome)>;

    void begin(SecretBackend::Operation operation, const QString &key, const QString &secret,
               Reply reply);
    void onOutcome(quint64 ticket, const SecretBackend::Outcome &outcome);
    void fallBackToMemory(const QString &reason);
    void setStorage(Storage storage);

    std::unique_ptr<SecretBackend> m_backend;
    Storage m_storage = Storage::Unknown;
    QString m_memoryOnlyReason;
    int m_timeoutMs = DefaultTimeoutMs;
    QHash<QString, QString> m_memory; //!< profile name -> secret
    QMap<quint64, Reply> m_pending;   //!< asked the keychain, no answer yet (in order)
    quint64 m_nextTicket = 0;
};

} // namespace lance::connection
