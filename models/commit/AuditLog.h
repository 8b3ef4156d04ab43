// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "commit/CommitOutcome.h"
#include "commit/SequentialApplier.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

#include <functional>

namespace lance::commit {

/// The audit trail of one connection profile's commits: one JSON line per attempt, appended to
/// `<folder>/<safe profile name>-<hash>.audit.jsonl`.
///
/// A line holds: `time` (UTC, ISO 8601 with milliseconds), `profile`, `location` (the server URL
/// without user info, query or fragment, or `local:<folder>`), `mode` ("batch" or
/// "sequential"), `request` (the BatchCommitTablesRequest body), `outcome`
/// (CommitOutcome::kindName), `status` (HTTP status, 0 without an answer), `transaction_id`
/// (or null), and `response` (the server's answer) or `error` (code, code name, the server's
/// text, detail, instance, context, and our sentence). Sequential lines add `applied` (the
/// indexes) and `failed_index`.
///
/// Never a secret: no headers at all (credentials travel only in headers, and the messages'
/// `header.*` context entries, which are headers, are left out), no user info in URLs.
///
/// Each line is written with one write() on a file opened for appending, then flushed, so lines
/// of concurrent writers never interleave and a crash loses at most the line being written. The
/// write is small and synchronous (a few kilobytes for a large batch).
class AuditLog
{
    Q_DECLARE_TR_FUNCTIONS(AuditLog)

public:
    AuditLog(QString folder, QString profileName);

    /// The file this profile's lines go to.
    QString filePath() const;
    /// `Prod_EU-1a2b3c4d.audit.jsonl` for "Prod EU": letters, digits, `.`, `_` and `-` kept,
    /// anything else `_`, plus a hash of the exact name so that names that differ only in
    /// replaced characters keep separate files.
    static QString fileNameFor(const QString &profileName);
    /// The location of `service` as a line records it (CatalogService::location(): a server's
    /// URL without user info, query or fragment, or `local:<folder>`).
    static QString locationOf(const api::CatalogService &service);

    /// Appends the line of one batch commit attempt; refused, saying why, when the file cannot
    /// be written.
    api::Result<void> append(const QString &location, const api::BatchCommitTablesRequest &request,
                             const CommitOutcome &outcome);
    /// Appends the line of one attempt to apply `request` operation by operation.
    api::Result<void> append(const QString &location, const api::BatchCommitTablesRequest &request,
                             const SequentialApplier::Report &report);

    /// For tests: the clock lines are stamped with (UTC now by default).
    void setClock(std::function<QDateTime()> clock) { m_clock = std::move(clock); }

private:
    api::Result<void> write(const QByteArray &line);

    QString m_folder;
    QString m_profile;
    std::function<QDateTime()> m_clock;
};

} // namespace lance::commit
