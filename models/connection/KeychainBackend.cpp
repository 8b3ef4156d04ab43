// SPDX-License-Identifier: Apache-2.0
#include "connection/KeychainBackend.h"

#include "api/ThreadHandoff.h"
#include "connection/KeychainWorker.h"

#include <QThread>

namespace lance::connection {

KeychainBackend::KeychainBackend(const QString &service, QObject *parent)
    : QObject(parent)
    , m_worker(new KeychainWorker(service))
{
    m_worker->moveToThread(KeychainWorker::sharedThread());
    // Queued (the worker is on another thread); Qt drops it safely once this object is gone.
    connect(m_worker, &KeychainWorker::finished, this, &KeychainBackend::onFinished);
}

KeychainBackend::~KeychainBackend()
{
    m_worker->disconnect(this);
    api::ThreadHandoff::release(); // ~KeychainWorker() acquires: it runs after all we did
    m_worker->deleteLater();
}

void KeychainBackend::start(Operation operation, const QString &key, const QString &secret,
                            Done done)
{
    const quint64 ticket = ++m_nextTicket;
    m_pending.emplace(ticket, std::move(done));
    m_worker->inbox().post([worker = m_worker, ticket, operation, key, secret] {
        worker->run(ticket, operation, key, secret);
    });
}

void KeychainBackend::onFinished()
{
    // Several signals may bring one list, and later ones an empty list: both are fine.
    for (const auto &[ticket, outcome] : m_worker->takeFinished()) {
        const Done done = m_pending.take(ticket);
        if (done) {
            done(outcome);
        }
    }
}

} // namespace lance::connection
