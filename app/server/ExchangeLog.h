// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QString>

#include <memory>
#include <mutex>
#include <optional>

namespace lance::server {

/// `--exchange-log FILE`: one JSON line per exchange, so a test suite can check every request
/// and response against the spec's schemas:
/// `{"operation": "<spec operationId>" or null, "method", "path": "<raw path>", "status",
///   "request": <parsed JSON body or null>, "response": <parsed JSON body or null>}`.
/// Bodies that are empty or not JSON are written as null. Headers are never written: they
/// carry the credentials. Thread-safe.
///
/// Each line reaches the file whole or, when the server is killed in the middle of writing it,
/// as the file's last bytes without their newline: it is handed to the system in one write() on
/// a descriptor opened for appending (no buffer of ours that a kill could leave half flushed),
/// so no later line can start in the middle of it. validate-exchanges.mjs tells that torn last
/// line apart from a malformed one.
class ExchangeLog
{
    Q_DECLARE_TR_FUNCTIONS(ExchangeLog)

public:
    /// Opens `path` for appending; on failure returns nullptr and sets `error`.
    static std::unique_ptr<ExchangeLog> open(const QString &path, QString &error);

    void record(const std::optional<QString> &operation, const QByteArray &method,
                const QByteArray &rawPath, int status, const QByteArray &requestBody,
                const QByteArray &responseBody);

private:
    explicit ExchangeLog(const QString &path);

    std::mutex m_mutex;
    QFile m_file;
};

} // namespace lance::server
