// SPDX-License-Identifier: Apache-2.0
#include "api/ApiError.h"

#include "api/JsonCodec.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace lance::api {

namespace {

// URLs are kept for messages and logs; a user may have typed credentials into one.
QUrl safeUrl(const QUrl &url)
{
    return url.adjusted(QUrl::RemoveUserInfo);
}

QString hostOf(const QUrl &url)
{
    if (url.host().isEmpty()) {
        return url.toDisplayString();
    }
    return url.port() >= 0 ? u"%1:%2"_s.arg(url.host()).arg(url.port()) : url.host();
}

QString reasonPhrase(int status)
{
    switch (status) {
    case 400:
        return u"Bad Request"_s;
    case 401:
        return u"Unauthorized"_s;
    case 403:
        return u"Forbidden"_s;
    case 404:
        return u"Not Found"_s;
    case 405:
        return u"Method Not Allowed"_s;
    case 406:
        return u"Not Acceptable"_s;
    case 408:
        return u"Request Timeout"_s;
    case 409:
        return u"Conflict"_s;
    case 413:
        return u"Content Too Large"_s;
    case 415:
        return u"Unsupported Media Type"_s;
    case 422:
        return u"Unprocessable Content"_s;
    case 429:
        return u"Too Many Requests"_s;
    case 500:
        return u"Internal Server Error"_s;
    case 501:
        return u"Not Implemented"_s;
    case 502:
        return u"Bad Gateway"_s;
    case 503:
        return u"Service Unavailable"_s;
    case 504:
        return u"Gateway Timeout"_s;
    default:
        return {};
    }
}

// Server text is shown inside one sentence: keep it to one line and a sane length.
QString oneLine(const QString &text)
{
    QString simplified = text.simplified();
    constexpr qsizetype MaxLength = 300;
    if (simplified.size() > MaxLength) {
        simplified = simplified.left(MaxLength - 1) + QChar(0x2026);
    }
    while (simplified.endsWith(u'.')) {
        simplified.chop(1);
    }
    return simplified;
}

} // namespace

ApiError ApiError::invalidInput(const QString &message)
{
    ApiError error;
    error.m_kind = Kind::InvalidInput;
    error.m_detail = message;
    return error;
}

ApiError ApiError::network(const QString &operation, const QUrl &url, const QString &detail)
{
    ApiError error;
    error.m_kind = Kind::Network;
    error.m_operation = operation;
    error.m_url = safeUrl(url);
    error.m_detail = detail;
    return error;
}

ApiError ApiError::tls(const QString &operation, const QUrl &url, const QString &detail)
{
    ApiError error = network(operation, url, detail);
    error.m_kind = Kind::Tls;
    return error;
}

ApiError ApiError::timeout(const QString &operation, const QUrl &url, int timeoutMs)
{
    ApiError error = network(operation, url, {});
    error.m_kind = Kind::Timeout;
    error.m_timeoutMs = timeoutMs;
    return error;
}

ApiError ApiError::cancelled(const QString &operation, const QUrl &url)
{
    ApiError error = network(operation, url, {});
    error.m_kind = Kind::Cancelled;
    return error;
}

ApiError ApiError::decode(const QString &path, const QString &problem)
{
    ApiError error;
    error.m_kind = Kind::Decode;
    error.m_detail = path.isEmpty() ? problem : u"%1: %2"_s.arg(path, problem);
    return error;
}

ApiError ApiError::http(const QString &operation, const QUrl &url, int status,
                        const QByteArray &body, const QByteArray &contentType)
{
    ApiError error;
    error.m_kind = Kind::Http;
    error.m_operation = operation;
    error.m_url = safeUrl(url);
    error.m_httpStatus = status;
    Result<ErrorResponse> parsed = json::decode<ErrorResponse>(body);
    if (parsed) {
        error.m_hasErrorBody = true;
        // Codes beyond int are not codes the spec could mean; keep the status as the classifier.
        if (parsed->code >= 0 && parsed->code <= std::numeric_limits<int>::max()) {
            error.m_serverCode = static_cast<int>(parsed->code);
        }
        error.m_serverError = parsed->error.value_or(QString());
        error.m_serverDetail = parsed->detail.value_or(QString());
        error.m_serverInstance = parsed->instance.value_or(QString());
        error.m_context = parsed->context;
    } else if (!body.isEmpty()) {
        // Plain text from a framework or proxy (or HTML): keep a readable excerpt as detail.
        const bool textual = contentType.isEmpty() || contentType.startsWith("text/")
                             || contentType.contains("json");
        if (textual) {
            error.m_detail = oneLine(QString::fromUtf8(body));
        }
    }
    return error;
}

ApiError ApiError::catalog(ErrorCode code, const QString &message, const QString &operation)
{
    ApiError error;
    error.m_kind = Kind::Http;
    error.m_operation = operation;
    error.m_httpStatus = httpStatusForErrorCode(code);
    error.m_serverCode = static_cast<int>(code);
    error.m_serverError = message;
    error.m_hasErrorBody = true;
    return error;
}

QString ApiError::serverCodeName() const
{
    return m_serverCode ? errorCodeName(*m_serverCode) : QString();
}

bool ApiError::isUnsupported() const
{
    if (m_kind != Kind::Http) {
        return false;
    }
    if (m_serverCode == static_cast<int>(ErrorCode::Unsupported)) {
        return true;
    }
    return (m_httpStatus == 404 && !m_hasErrorBody) || m_httpStatus == 405 || m_httpStatus == 501
           || (m_httpStatus == 406 && !m_hasErrorBody);
}

bool ApiError::isConflict() const
{
    return m_kind == Kind::Http
           && (m_httpStatus == 409
               || m_serverCode == static_cast<int>(ErrorCode::ConcurrentModification));
}

bool ApiError::isAuthError() const
{
    return m_kind == Kind::Http
           && (m_httpStatus == 401 || m_httpStatus == 403
               || m_serverCode == static_cast<int>(ErrorCode::PermissionDenied)
               || m_serverCode == static_cast<int>(ErrorCode::Unauthenticated));
}

bool ApiError::isNotFound() const
{
    if (m_kind != Kind::Http || isUnsupported()) {
        return false;
    }
    if (m_serverCode) {
        switch (static_cast<ErrorCode>(*m_serverCode)) {
        case ErrorCode::NamespaceNotFound:
        case ErrorCode::TableNotFound:
        case ErrorCode::TableTagNotFound:
        case ErrorCode::TransactionNotFound:
        case ErrorCode::TableVersionNotFound:
        case ErrorCode::TableBranchNotFound:
            return true;
        default:
            break;
        }
    }
    return m_httpStatus == 404;
}

bool ApiError::isTransient() const
{
    if (m_kind == Kind::Network) {
        return m_connectionReset;
    }
    if (m_kind != Kind::Http) {
        return false;
    }
    return m_httpStatus == 429 || m_httpStatus == 503
           || m_serverCode == static_cast<int>(ErrorCode::ServiceUnavailable)
           || m_serverCode == static_cast<int>(ErrorCode::Throttling);
}

QString ApiError::httpSentence() const
{
    const QString op = m_operation.isEmpty() ? tr("The request") : m_operation;
    if (isUnsupported()) {
        // A server that says what it lacks (an encoding, a kind of query) is quoted.
        if (!m_serverError.isEmpty() && m_operation.isEmpty()) {
            return oneLine(m_serverError); // refused here, not by a server
        }
        if (!m_serverError.isEmpty()) {
            return tr("This server does not support %1 (HTTP %2): %3")
                .arg(op)
                .arg(m_httpStatus)
                .arg(oneLine(m_serverError));
        }
        return tr("This server does not support %1 (HTTP %2).").arg(op).arg(m_httpStatus);
    }
    const QString status = m_serverCode ? tr("HTTP %1, %2").arg(m_httpStatus).arg(serverCodeName())
                                        : tr("HTTP %1").arg(m_httpStatus);
    if (!m_serverError.isEmpty()) {
        return tr("%1 failed: %2 (%3).").arg(op, oneLine(m_serverError), status);
    }
    if (m_httpStatus == 401) {
        return tr("%1 was refused: the server needs valid credentials (%2).").arg(op, status);
    }
    if (m_httpStatus == 403) {
        return tr("%1 was refused: these credentials may not do this (%2).").arg(op, status);
    }
    if (!m_detail.isEmpty()) {
        return tr("%1 failed: %2 (%3).").arg(op, m_detail, status);
    }
    const QString reason = reasonPhrase(m_httpStatus);
    return reason.isEmpty()
               ? tr("%1 failed: the server answered HTTP %2.").arg(op).arg(m_httpStatus)
               : tr("%1 failed: the server answered HTTP %2 %3.")
                     .arg(op)
                     .arg(m_httpStatus)
                     .arg(reason);
}

QString ApiError::userMessage() const
{
    const QString op = m_operation.isEmpty() ? tr("The request") : m_operation;
    switch (m_kind) {
    case Kind::InvalidInput:
        return m_detail;
    case Kind::Network:
        return tr("Could not reach %1: %2.").arg(hostOf(m_url), oneLine(m_detail));
    case Kind::Tls:
        return tr("The secure connection to %1 failed: %2. Check the server certificate or the "
                  "CA file of the connection.")
            .arg(hostOf(m_url), oneLine(m_detail));
    case Kind::Timeout:
        return tr("%1 did not answer %2 within %3 seconds.")
            .arg(hostOf(m_url), op)
            .arg(QString::number(m_timeoutMs / 1000.0, 'g', 3));
    case Kind::Cancelled:
        return tr("%1 was cancelled.").arg(op);
    case Kind::Http:
        return httpSentence();
    case Kind::Decode:
        return m_operation.isEmpty()
                   ? tr("Invalid data: %1.").arg(m_detail)
                   : tr("The server's answer to %1 could not be read: %2.").arg(op, m_detail);
    }
    return m_detail;
}

QString ApiError::details() const
{
    QStringList lines;
    if (!m_operation.isEmpty()) {
        lines << tr("Operation: %1").arg(m_operation);
    }
    if (!m_url.isEmpty()) {
        lines << tr("URL: %1").arg(m_url.toDisplayString());
    }
    if (m_httpStatus != 0) {
        const QString reason = reasonPhrase(m_httpStatus);
        lines << tr("HTTP status: %1 %2").arg(m_httpStatus).arg(reason).trimmed();
    }
    if (m_serverCode) {
        lines << tr("Error code: %1 (%2)").arg(*m_serverCode).arg(serverCodeName());
    }
    if (!m_serverError.isEmpty()) {
        lines << tr("Server error: %1").arg(m_serverError);
    }
    if (!m_serverDetail.isEmpty()) {
        lines << tr("Server detail: %1").arg(m_serverDetail);
    }
    if (!m_serverInstance.isEmpty()) {
        lines << tr("Instance: %1").arg(m_serverInstance);
    }
    if (!m_detail.isEmpty()) {
        lines << tr("Detail: %1").arg(m_detail);
    }
    return lines.join(u'\n');
}

} // namespace lance::api
