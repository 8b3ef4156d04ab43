// SPDX-License-Identifier: Apache-2.0
#include "connection/SecretStore.h"

#include "connection/ConnectionLogging.h"
#include "connection/KeychainBackend.h"

#include <QPointer>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace lance::connection {

namespace {

using Operation = SecretBackend::Operation;
using Status = SecretBackend::Outcome::Status;

// Profiles get a prefix so the probe's entry can never be a profile's.
QString keyFor(const QString &profile)
{
    return u"profile/"_s + profile;
}
const QString ProbeKey = u"probe"_s;

// Whether a caller still wants its answer: a null context means it has nothing to lose.
class Caller
{
public:
    explicit Caller(QObject *context)
        : m_context(context)
        , m_hasContext(context != nullptr)
    {}
    bool alive() const { return !m_hasContext || !m_context.isNull(); }

private:
    QPointer<QObject> m_context;
    bool m_hasContext;
};

} // namespace

SecretStore::SecretStore(const QString &service, QObject *parent)
    : SecretStore(std::make_unique<KeychainBackend>(service), parent)
{}

SecretStore::SecretStore(std::unique_ptr<SecretBackend> backend, QObject *parent)
    : QObject(parent)
    , m_backend(std::move(backend))
{
    Q_ASSERT(m_backend);
}

SecretStore::~SecretStore() = default;

void SecretStore::probe()
{
    begin(Operation::Read, ProbeKey, {}, [](const std::optional<SecretBackend::Outcome> &) {});
}

void SecretStore::readSecret(const QString &profile, QObject *context, ReadDone done)
{
    const Caller caller(context);
    begin(Operation::Read, keyFor(profile), {},
          [this, profile, caller, done = std::move(done)](const auto &outcome) {
              std::optional<QString> secret;
              if (!outcome) {
                  if (m_memory.contains(profile)) {
                      secret = m_memory.value(profile);
                  }
              } else if (outcome->status == Status::Done) {
                  secret = outcome->secret;
                  // Kept, so the connection still works if the keychain fails later on.
                  m_memory.insert(profile, outcome->secret);
              }
              qCDebug(lcConnection).noquote()
                  << "secret of" << profile << (secret ? "found" : "absent")
                  << (outcome ? "in the keychain" : "in memory");
              if (caller.alive() && done) {
                  done(std::move(secret));
              }
          });
}

void SecretStore::writeSecret(const QString &profile, const QString &secret, QObject *context,
                              WriteDone done)
{
    // In memory at once: if the keychain fails or hangs, the secret still works this session.
    m_memory.insert(profile, secret);
    const Caller caller(context);
    begin(Operation::Write, keyFor(profile), secret,
          [profile, caller, done = std::move(done)](const auto &outcome) {
              const bool persisted = outcome && outcome->status == Status::Done;
              qCDebug(lcConnection).noquote() << "secret of" << profile << "kept"
                                              << (persisted ? "in the keychain" : "in memory");
              if (caller.alive() && done) {
                  done(persisted);
              }
          });
}

void SecretStore::removeSecret(const QString &profile, QObject *context, Done done)
{
    m_memory.remove(profile);
    const Caller caller(context);
    begin(Operation::Remove, keyFor(profile), {}, [caller, done = std::move(done)](const auto &) {
        if (caller.alive() && done) {
            done();
        }
    });
}

void SecretStore::renameSecret(const QString &from, const QString &to, QObject *context, Done done)
{
    const Caller caller(context);
    auto finish = [caller, done = std::move(done)] {
        if (caller.alive() && done) {
            done();
        }
    };
    if (from == to) {
        // Nothing to move; and the steps below would end by removing the secret.
        QMetaObject::invokeMethod(this, finish, Qt::QueuedConnection);
        return;
    }
    if (m_memory.contains(from)) {
        m_memory.insert(to, m_memory.take(from));
    }
    // Read, write under the new name, then remove the old one: a failure half-way leaves the
    // secret under both names rather than under none.
    readSecret(from, this, [this, from, to, finish](std::optional<QString> secret) {
        if (!secret) {
            finish();
            return;
        }
        writeSecret(to, *secret, this,
                    [this, from, finish](bool) { removeSecret(from, this, finish); });
    });
}

void SecretStore::begin(Operation operation, const QString &key, const QString &secret, Reply reply)
{
    if (m_storage == Storage::Memory) {
        // Later, never inside the call, like the keychain's answers.
        QMetaObject::invokeMethod(
            this, [reply = std::move(reply)] { reply(std::nullopt); }, Qt::QueuedConnection);
        return;
    }
    const quint64 ticket = ++m_nextTicket;
    m_pending.insert(ticket, std::move(reply));
    QTimer::singleShot(m_timeoutMs, this, [this, ticket] {
        if (m_pending.contains(ticket)) {
            fallBackToMemory(tr("The keychain did not answer within %1 seconds; secrets are kept "
                                "in memory until the browser quits.")
                                 .arg(QString::number(m_timeoutMs / 1000.0, 'g', 3)));
        }
    });
    m_backend->start(operation, key, secret, [this, ticket](SecretBackend::Outcome outcome) {
        onOutcome(ticket, outcome);
    });
}

void SecretStore::onOutcome(quint64 ticket, const SecretBackend::Outcome &outcome)
{
    const auto found = m_pending.find(ticket);
    if (found == m_pending.end()) {
        return; // timed out and answered from memory already
    }
    const Reply reply = std::move(found.value());
    m_pending.erase(found);
    if (outcome.status == Status::Unavailable || outcome.status == Status::Denied) {
        const QString reason = outcome.status == Status::Denied
                                   ? tr("The keychain refused access (%1); secrets are kept in "
                                        "memory until the browser quits.")
                                   : tr("The keychain cannot be used (%1); secrets are kept in "
                                        "memory until the browser quits.");
        fallBackToMemory(reason.arg(outcome.problem));
        reply(std::nullopt);
        return;
    }
    setStorage(Storage::Keychain); // it answered, if only "no such entry"
    reply(outcome);
}

void SecretStore::fallBackToMemory(const QString &reason)
{
    if (m_storage == Storage::Memory) {
        return;
    }
    m_memoryOnlyReason = reason;
    qCInfo(lcConnection).noquote() << reason;
    setStorage(Storage::Memory);
    emit memoryOnly(reason);
    // Whatever else waits on the keychain is answered now: the keychain's queue is stuck or
    // broken, and the caller should not wait one timeout per request.
    const QMap<quint64, Reply> waiting = std::exchange(m_pending, {});
    for (const Reply &reply : waiting) {
        reply(std::nullopt);
    }
}

void SecretStore::setStorage(Storage storage)
{
    if (m_storage == storage) {
        return;
    }
    m_storage = storage;
    emit storageChanged(storage);
}

} // namespace lance::connection
