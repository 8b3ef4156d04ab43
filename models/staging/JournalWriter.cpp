// SPDX-License-Identifier: Apache-2.0
#include "staging/JournalWriter.h"

#include "api/FileSync.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace lance::staging {

JournalWriter::JournalWriter(QString fileName, std::function<void(const QString &)> onFailure)
    : m_fileName(std::move(fileName))
    , m_onFailure(std::move(onFailure))
    , m_thread([this] { run(); })
{}

JournalWriter::~JournalWriter()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_one();
    m_thread.join(); // run() writes what is waiting before it returns
}

void JournalWriter::submit(std::optional<QByteArray> content)
{
    {
        std::lock_guard lock(m_mutex);
        m_pending = std::move(content);
        m_hasPending = true;
        ++m_submittedCount;
    }
    m_wake.notify_one();
}

void JournalWriter::flush()
{
    std::unique_lock lock(m_mutex);
    const quint64 target = m_submittedCount;
    m_written.wait(lock, [this, target] { return m_writtenCount >= target; });
}

void JournalWriter::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_hasPending || m_stop; });
        if (!m_hasPending) {
            return; // stopping with nothing left to write
        }
        const std::optional<QByteArray> content = std::move(m_pending);
        const quint64 generation = m_submittedCount;
        m_hasPending = false;
        lock.unlock();
        const api::Result<void> written = writeNow(m_fileName, content);
        if (!written.hasValue() && m_onFailure) {
            m_onFailure(written.error().userMessage());
        }
        lock.lock();
        m_writtenCount = generation;
        m_written.notify_all();
    }
}

namespace {

// The folder of a journal that was replaced or removed, synced so that the change survives a
// power loss (staged work is the one thing the browser must never lose).
api::Result<void> syncFolderOf(const QString &fileName)
{
    auto synced = api::FileSync::folder(QFileInfo(fileName).absolutePath());
    if (!synced) {
        return api::ApiError::invalidInput(synced.error().userMessage());
    }
    return {};
}

} // namespace

api::Result<void> JournalWriter::writeNow(const QString &fileName,
                                          const std::optional<QByteArray> &content)
{
    if (!content) {
        QFile file(fileName);
        if (file.exists() && !file.remove()) {
            return api::ApiError::invalidInput(
                tr("Could not remove %1: %2.").arg(fileName, file.errorString()));
        }
        return syncFolderOf(fileName);
    }
    const QString folder = QFileInfo(fileName).absolutePath();
    if (!QDir().mkpath(folder)) {
        return api::ApiError::invalidInput(tr("Could not create the folder %1.").arg(folder));
    }
    QSaveFile file(fileName); // never falls back to writing the file in place
    if (!file.open(QIODevice::WriteOnly)) {
        return api::ApiError::invalidInput(
            tr("Could not write %1: %2.").arg(fileName, file.errorString()));
    }
    if (file.write(*content) != content->size() || !file.commit()) {
        const QString error = file.errorString();
        file.cancelWriting();
        return api::ApiError::invalidInput(tr("Could not write %1: %2.").arg(fileName, error));
    }
    // QSaveFile synced the bytes before its rename; the folder holds the new name.
    return syncFolderOf(fileName);
}

} // namespace lance::staging
