// SPDX-License-Identifier: Apache-2.0
#include "connection/KeychainWorker.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>

#include <utility>

#if LCB_WITH_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

using namespace Qt::StringLiterals;

namespace lance::connection {

namespace {

// Stops with the application: a QThread destroyed while running aborts the process, and the
// QCoreApplication deletes its children before it goes.
class KeychainThread final : public QThread
{
public:
    using QThread::QThread;
    ~KeychainThread() override
    {
        quit();
        wait();
    }
};

#if LCB_WITH_KEYCHAIN
SecretBackend::Outcome outcomeOf(const QKeychain::Job &job)
{
    using Status = SecretBackend::Outcome::Status;
    SecretBackend::Outcome outcome;
    // qtkeychain's texts name the keychain's trouble and never the secret.
    outcome.problem = job.errorString();
    switch (job.error()) {
    case QKeychain::NoError:
        outcome.status = Status::Done;
        outcome.problem.clear();
        if (const auto *read = qobject_cast<const QKeychain::ReadPasswordJob *>(&job)) {
            outcome.secret = read->textData();
        }
        break;
    case QKeychain::EntryNotFound:
        outcome.status = Status::NotFound;
        break;
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        outcome.status = Status::Denied;
        break;
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::OtherError:
        // Debian 12 without a Secret Service, libsecret or KWallet answers OtherError
        // "Unknown error": qtkeychain then falls through to a GNOME Keyring it cannot load.
        outcome.status = Status::Unavailable;
        break;
    }
    return outcome;
}
#endif

} // namespace

KeychainWorker::KeychainWorker(QString service)
    : m_service(std::move(service))
    , m_inbox(new api::ThreadHandoff(this))
{}

KeychainWorker::~KeychainWorker()
{
    // Deleted later on its thread by ~KeychainBackend(), whose release this pairs with.
    api::ThreadHandoff::acquire();
}

QThread *KeychainWorker::sharedThread()
{
    static QPointer<QThread> thread;
    Q_ASSERT_X(QCoreApplication::instance()
                   && QThread::currentThread() == QCoreApplication::instance()->thread(),
               "KeychainWorker", "create secret stores on the GUI thread, after the application");
    if (!thread) {
        thread = new KeychainThread(QCoreApplication::instance());
        thread->setObjectName(u"Keychain"_s);
        thread->start();
    }
    return thread;
}

void KeychainWorker::run(quint64 ticket, SecretBackend::Operation operation, const QString &key,
                         const QString &secret)
{
#if LCB_WITH_KEYCHAIN
    QKeychain::Job *job = nullptr;
    switch (operation) {
    case SecretBackend::Operation::Read:
        job = new QKeychain::ReadPasswordJob(m_service);
        break;
    case SecretBackend::Operation::Write: {
        auto *write = new QKeychain::WritePasswordJob(m_service);
        write->setTextData(secret);
        job = write;
        break;
    }
    case SecretBackend::Operation::Remove:
        job = new QKeychain::DeletePasswordJob(m_service);
        break;
    }
    // Never qtkeychain's plain-text fallback into a QSettings file: memory is ours to manage.
    job->setInsecureFallback(false);
    job->setKey(key);
    // No parent, deleted by itself when finished: a libsecret callback may still hold the job
    // after this worker is gone, so the job must outlive us rather than die with us.
    job->setAutoDelete(true);
    connect(job, &QKeychain::Job::finished, this,
            [this, ticket](QKeychain::Job *done) { finish(ticket, outcomeOf(*done)); });
    job->start();
#else
    Q_UNUSED(operation)
    Q_UNUSED(key)
    Q_UNUSED(secret)
    SecretBackend::Outcome outcome;
    outcome.problem = tr("this build of the browser has no keychain support");
    finish(ticket, outcome);
#endif
}

void KeychainWorker::finish(quint64 ticket, const SecretBackend::Outcome &outcome)
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_finished.append({ticket, outcome});
    }
    emit finished();
}

QList<QPair<quint64, SecretBackend::Outcome>> KeychainWorker::takeFinished()
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return std::exchange(m_finished, {});
}

} // namespace lance::connection
