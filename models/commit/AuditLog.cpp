// SPDX-License-Identifier: Apache-2.0
#include "commit/AuditLog.h"

#include "api/JsonCodec.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::commit {

namespace {

// `header.<name>` entries are HTTP headers (spec §2.3): they may carry credentials.
api::StringMap withoutHeaders(api::StringMap context)
{
    for (auto it = context.begin(); it != context.end();) {
        if (it.key().startsWith(u"header."_s, Qt::CaseInsensitive)
            || it.key().startsWith(u"headers."_s, Qt::CaseInsensitive)) {
            it = context.erase(it);
        } else {
            ++it;
        }
    }
    return context;
}

QJsonObject object(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

QJsonObject requestJson(api::BatchCommitTablesRequest request)
{
    request.context = withoutHeaders(request.context);
    for (api::CommitTableOperation &operation : request.operations) {
        std::visit([](auto &nested) { nested.context = withoutHeaders(nested.context); },
                   operation);
    }
    return object(api::json::encode(request));
}

QJsonObject responseJson(api::BatchCommitTablesResponse response)
{
    response.context = withoutHeaders(response.context);
    for (api::CommitTableResult &result : response.results) {
        std::visit([](auto &nested) { nested.context = withoutHeaders(nested.context); }, result);
    }
    return object(api::json::encode(response));
}

QJsonObject errorJson(const api::ApiError &error)
{
    QJsonObject json;
    if (error.serverCode()) {
        json.insert(u"code"_s, *error.serverCode());
        json.insert(u"code_name"_s, error.serverCodeName());
    }
    if (!error.serverError().isEmpty()) {
        json.insert(u"error"_s, error.serverError());
    }
    if (!error.serverDetail().isEmpty()) {
        json.insert(u"detail"_s, error.serverDetail());
    }
    if (!error.serverInstance().isEmpty()) {
        json.insert(u"instance"_s, error.serverInstance());
    }
    QJsonObject context;
    const api::StringMap kept = withoutHeaders(error.context());
    for (auto it = kept.begin(); it != kept.end(); ++it) {
        context.insert(it.key(), it.value());
    }
    if (!context.isEmpty()) {
        json.insert(u"context"_s, context);
    }
    if (!error.detail().isEmpty()) {
        json.insert(u"transport"_s, error.detail());
    }
    json.insert(u"message"_s, error.userMessage());
    return json;
}

QString safeLocation(const QString &location)
{
    const QUrl url(location);
    if (url.isValid() && !url.scheme().isEmpty() && !url.host().isEmpty()) {
        return url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment)
            .toString();
    }
    return location;
}

} // namespace

AuditLog::AuditLog(QString folder, QString profileName)
    : m_folder(std::move(folder))
    , m_profile(std::move(profileName))
    , m_clock([] { return QDateTime::currentDateTimeUtc(); })
{}

QString AuditLog::fileNameFor(const QString &profileName)
{
    QString safe;
    for (const QChar c : profileName.left(64)) {
        const bool kept = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')
                          || (c >= u'0' && c <= u'9') || c == u'.' || c == u'_' || c == u'-';
        safe.append(kept ? c : u'_');
    }
    if (safe.isEmpty() || safe.startsWith(u'.')) {
        safe.prepend(u"profile"_s); // never empty, never hidden, never "." or ".."
    }
    const QByteArray hash
        = QCryptographicHash::hash(profileName.toUtf8(), QCryptographicHash::Sha256).toHex();
    return u"%1-%2.audit.jsonl"_s.arg(safe, QString::fromLatin1(hash.left(8)));
}

QString AuditLog::filePath() const
{
    return QDir(m_folder).filePath(fileNameFor(m_profile));
}

QString AuditLog::locationOf(const api::CatalogService &service)
{
    return safeLocation(service.location());
}

api::Result<void> AuditLog::append(const QString &location,
                                   const api::BatchCommitTablesRequest &request,
                                   const CommitOutcome &outcome)
{
    QJsonObject line;
    line.insert(u"time"_s, m_clock().toUTC().toString(Qt::ISODateWithMs));
    line.insert(u"profile"_s, m_profile);
    line.insert(u"location"_s, safeLocation(location));
    line.insert(u"mode"_s, u"batch"_s);
    line.insert(u"request"_s, requestJson(request));
    line.insert(u"outcome"_s, CommitOutcome::kindName(outcome.kind()));
    if (outcome.isCommitted()) {
        line.insert(u"status"_s, 200); // any 2xx; the services do not report which
        line.insert(u"response"_s, responseJson(outcome.response()));
    } else {
        line.insert(u"status"_s, outcome.httpStatus());
        line.insert(u"error"_s, errorJson(outcome.error()));
    }
    line.insert(u"transaction_id"_s, outcome.transactionId() ? QJsonValue(*outcome.transactionId())
                                                             : QJsonValue(QJsonValue::Null));
    return write(QJsonDocument(line).toJson(QJsonDocument::Compact));
}

api::Result<void> AuditLog::append(const QString &location,
                                   const api::BatchCommitTablesRequest &request,
                                   const SequentialApplier::Report &report)
{
    QJsonObject line;
    line.insert(u"time"_s, m_clock().toUTC().toString(Qt::ISODateWithMs));
    line.insert(u"profile"_s, m_profile);
    line.insert(u"location"_s, safeLocation(location));
    line.insert(u"mode"_s, u"sequential"_s);
    line.insert(u"request"_s, requestJson(request));
    QJsonArray applied;
    for (const qsizetype index : report.applied) {
        applied.append(static_cast<qint64>(index));
    }
    line.insert(u"applied"_s, applied);
    api::BatchCommitTablesResponse results;
    results.results = report.results;
    line.insert(u"response"_s, responseJson(results));
    if (report.failure) {
        line.insert(u"outcome"_s, CommitOutcome::kindName(report.failure->kind()));
        line.insert(u"failed_index"_s, static_cast<qint64>(*report.failedIndex));
        line.insert(u"status"_s, report.failure->httpStatus());
        line.insert(u"error"_s, errorJson(report.failure->error()));
    } else {
        line.insert(u"outcome"_s, CommitOutcome::kindName(CommitOutcome::Kind::Committed));
        line.insert(u"status"_s, 200);
    }
    line.insert(u"transaction_id"_s, QJsonValue(QJsonValue::Null)); // one per operation, if any
    return write(QJsonDocument(line).toJson(QJsonDocument::Compact));
}

api::Result<void> AuditLog::write(const QByteArray &line)
{
    if (!QDir().mkpath(m_folder)) {
        return api::ApiError::invalidInput(
            tr("The audit log folder %1 cannot be created.").arg(m_folder));
    }
    QFile file(filePath());
    const bool existed = file.exists();
    // Unbuffered: the line goes to the kernel in one write() on an O_APPEND descriptor, which
    // appends it whole even when another process appends to the same file.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
        return api::ApiError::invalidInput(
            tr("The audit log %1 cannot be opened: %2.").arg(file.fileName(), file.errorString()));
    }
    if (!existed) {
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    const QByteArray bytes = line + '\n';
    if (file.write(bytes) != bytes.size() || !file.flush()) {
        return api::ApiError::invalidInput(
            tr("The audit log %1 cannot be written: %2.").arg(file.fileName(), file.errorString()));
    }
    return {};
}

} // namespace lance::commit
