// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ThreadHandoff.h"
#include "connection/SecretBackend.h"

#include <QList>
#include <QObject>
#include <QPair>

#include <mutex>

QT_BEGIN_NAMESPACE
class QThread;
QT_END_NAMESPACE

namespace lance::connection {

/// The qtkeychain side of KeychainBackend: lives on sharedThread() and runs one qtkeychain job
/// per run(), reporting through finished() (queued to the backend's thread).
///
/// Why a thread: qtkeychain 0.13 picks its backend with synchronous D-Bus calls (up to 500 ms
/// each, to KWallet) and a KWallet open waits for the user's password; none of that may happen
/// on the GUI thread. Why one thread for the whole process: qtkeychain runs its jobs one at a
/// time through a process-wide executor that belongs to the thread that used it first.
class KeychainWorker : public QObject
{
    Q_OBJECT

public:
    /// `service` names our entries in the keychain ("lance-catalog-browser").
    explicit KeychainWorker(QString service);
    ~KeychainWorker() override;

    /// The thread every keychain job of this process runs on. Created on first use on the GUI
    /// thread as a child of the QCoreApplication, and stopped when that is destroyed.
    static QThread *sharedThread();

    /// Hands work to the worker's thread (start a job there with run()).
    api::ThreadHandoff &inbox() { return *m_inbox; }

    /// Starts one job; call it on the worker's thread (through inbox()).
    void run(quint64 ticket, lance::connection::SecretBackend::Operation operation,
             const QString &key, const QString &secret);

    /// The jobs that finished since the last call, with their tickets. Thread-safe.
    QList<QPair<quint64, lance::connection::SecretBackend::Outcome>> takeFinished();

signals:
    /// Jobs have finished: takeFinished() has them. Without arguments, so that nothing of
    /// ours travels in Qt's queued signal, which ThreadSanitizer cannot follow.
    void finished();

private:
    void finish(quint64 ticket, const lance::connection::SecretBackend::Outcome &outcome);

    QString m_service;
    std::mutex m_mutex;
    QList<QPair<quint64, lance::connection::SecretBackend::Outcome>> m_finished; //!< m_mutex
    api::ThreadHandoff *m_inbox; //!< child: moves to the worker's thread with it
};

} // namespace lance::connection
