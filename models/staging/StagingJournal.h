// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/Result.h"
#include "api/TableMessages.h"

#include <QJsonObject>
#include <QObject>

#include <memory>
#include <optional>

namespace lance::staging {

class JournalWriter;
class PendingChanges;

/// Keeps the staged operations of one profile on disk, so they survive quitting, a crash and
/// kill -9: after restore(), every change of `changes` rewrites the journal file, atomically
/// and off the GUI thread (JournalWriter). The file is JSON:
///     {"format": "lance-catalog-browser/staged", "version": 1, "profile": "...",
///      "delimiter": "$", "savedAt": "2025-01-31T12:00:00.000Z", "request": {...},
///      "renames": [{...}, ...]}
/// where `request` is the BatchCommitTablesRequest wire form and `renames` the staged renames
/// (StagedRenames) as RenameTableRequests, left out when there are none (version 1 files have
/// none; version 2 added them, and an app that reads only 1 keeps a 2 aside, never loses it).
/// Nothing staged: no file.
///
/// A file that cannot be used (not JSON, not a journal, another format version, another
/// profile, an invalid request) is never dropped or overwritten: restore() renames it to
/// `<file>.corrupt-<timestamp>` and says so. `changes` must outlive the journal.
class StagingJournal : public QObject
{
    Q_OBJECT

public:
    static inline const QString Format = QStringLiteral("lance-catalog-browser/staged");
    static constexpr int FormatVersion = 2;

    /// The journal of `profile` in `folder` (created when first written; the app passes
    /// `<AppDataLocation>/staged`). Writes nothing until restore() has run.
    StagingJournal(const QString &folder, const QString &profile, PendingChanges *changes,
                   QObject *parent = nullptr);
    /// Waits for the last write.
    ~StagingJournal() override;

    /// `<folder>/<name>.<hash>.json`: the profile name's letters and digits for people (at
    /// most 40), and the start of its SHA-256, so every profile name, however long or odd,
    /// gets its own valid file name.
    static QString fileNameFor(const QString &folder, const QString &profile);
    const QString &fileName() const { return m_fileName; }
    const QString &profile() const { return m_profile; }

    /// Loads the journal into `changes` (replacing what it holds, with no undo history), then
    /// writes every change. Answers one sentence when something is wrong (the file was kept
    /// aside, or cannot be read: then nothing is written, so it cannot be overwritten), or
    /// nothing. Reads on the calling thread: a small file, once at start.
    api::Result<void> restore();
    /// True once restore() let the journal write.
    bool isActive() const { return m_active; }
    /// Waits until every change so far is on disk (for quitting and tests).
    void flush();

    /// The journal file's text for `request`.
    static QByteArray encode(const QString &profile, const QString &delimiter,
                             const api::BatchCommitTablesRequest &request,
                             const QList<api::RenameTableRequest> &renames = {});
    /// The request in a journal file's text, or why it is not a usable journal of `profile`.
    static api::Result<api::BatchCommitTablesRequest> decode(const QByteArray &text,
                                                             const QString &profile);
    /// The staged renames in a journal file's text (none in a version 1 file), or why they
    /// cannot be read.
    static api::Result<QList<api::RenameTableRequest>> decodeRenames(const QByteArray &text,
                                                                     const QString &profile);

signals:
    /// A write failed; `message` is one sentence. The next change tries again.
    void writeFailed(const QString &message);

private:
    /// The envelope of a journal of `profile`, checked, or why it is not one.
    static api::Result<QJsonObject> envelope(const QByteArray &text, const QString &profile);
    void save();
    /// Renames the unusable journal aside; the sentence that tells what happened.
    QString keepAside(const QString &reason, bool *movedAside);

    QString m_fileName;
    QString m_profile;
    PendingChanges *m_changes;
    std::unique_ptr<JournalWriter> m_writer;
    bool m_active = false;
};

} // namespace lance::staging
