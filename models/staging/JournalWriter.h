// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace lance::staging {

/// Writes one file on its own thread, so a slow disk never stalls the GUI. Each write replaces
/// the file atomically (QSaveFile: a temporary file, synced to disk, renamed over the old
/// one, then the folder synced), so a reader, or the next start after a crash or a power loss,
/// sees the old content or the new one, never a mix or nothing. Newest content wins: content
/// submitted while a write runs replaces whatever was waiting, and only the newest is written next.
class JournalWriter
{
    Q_DECLARE_TR_FUNCTIONS(JournalWriter)

public:
    /// `onFailure(sentence)` runs on the writer's thread after a write failed.
    JournalWriter(QString fileName, std::function<void(const QString &)> onFailure);
    /// Writes what is waiting, then stops the thread.
    ~JournalWriter();
    JournalWriter(const JournalWriter &) = delete;
    JournalWriter &operator=(const JournalWriter &) = delete;

    const QString &fileName() const { return m_fileName; }
    /// Queues `content` for writing; nullopt removes the file. Returns at once.
    void submit(std::optional<QByteArray> content);
    /// Waits until everything submitted so far is written (or failed).
    void flush();

    /// Writes `content` to `fileName` atomically, or removes the file for nothing; answers
    /// the failure as a sentence.
    static api::Result<void> writeNow(const QString &fileName,
                                      const std::optional<QByteArray> &content);

private:
    void run();

    const QString m_fileName;
    const std::function<void(const QString &)> m_onFailure;
    std::mutex m_mutex;
    std::condition_variable m_wake;    //!< work is waiting, or stop
    std::condition_variable m_written; //!< m_writtenCount grew
    std::optional<QByteArray> m_pending;
    bool m_hasPending = false;
    bool m_stop = false;
    quint64 m_submittedCount = 0;
    quint64 m_writtenCount = 0;
    std::thread m_thread; //!< last: starts once everything above exists
};

} // namespace lance::staging
