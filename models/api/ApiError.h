// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ErrorCode.h"

#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <QUrl>

#include <optional>

namespace lance::api {

/// What went wrong, in one value: where it failed (before sending, on the wire, in the server,
/// in the answer), the HTTP status and spec error code if a server answered, the server's own
/// words, and a one-sentence message for people. Never holds credentials: URLs carry none (they
/// travel in headers) and the request body is not kept.
class ApiError
{
    Q_DECLARE_TR_FUNCTIONS(ApiError)

public:
    enum class Kind {
        InvalidInput, //!< refused before anything was sent (bad identifier, bad value)
        Network,      //!< no HTTP answer: refused, reset, host not found, proxy failure
        Tls,          //!< the TLS handshake failed or the certificate was not trusted
        Timeout,      //!< no complete answer within the request's timeout
        Cancelled,    //!< the caller cancelled the request
        Http,         //!< the server answered with a non-2xx status
        Decode,       //!< a 2xx answer (or a file) that does not match the spec's schema
    };

    ApiError() = default;

    static ApiError invalidInput(const QString &message);
    static ApiError network(const QString &operation, const QUrl &url, const QString &detail);
    static ApiError tls(const QString &operation, const QUrl &url, const QString &detail);
    static ApiError timeout(const QString &operation, const QUrl &url, int timeoutMs);
    static ApiError cancelled(const QString &operation, const QUrl &url);
    /// `path` names the JSON location ("results[2].create_table_version.version"), `problem`
    /// says what was wrong there ("expected integer").
    static ApiError decode(const QString &path, const QString &problem);
    /// A non-2xx answer. `body` is parsed as a spec ErrorResponse when it is one; any other body
    /// (plain text from a proxy or framework, HTML, nothing) falls back to the HTTP status.
    static ApiError http(const QString &operation, const QUrl &url, int status,
                         const QByteArray &body, const QByteArray &contentType = {});
    /// A refusal by a catalog engine (the embedded one, or the one behind our server): kind
    /// Http, the status the REST binding pairs with `code`, and `message` as the server's error
    /// text, so it reads and classifies exactly like the same refusal over the wire.
    static ApiError catalog(ErrorCode code, const QString &message, const QString &operation = {});

    Kind kind() const { return m_kind; }
    int httpStatus() const { return m_httpStatus; } //!< 0 when no HTTP answer was received
    std::optional<int> serverCode() const { return m_serverCode; }
    QString serverCodeName() const; //!< "TableNotFound", or empty without a code
    QString serverError() const { return m_serverError; }
    QString serverDetail() const { return m_serverDetail; }
    QString serverInstance() const { return m_serverInstance; }
    QMap<QString, QString> context() const { return m_context; }
    QString operation() const { return m_operation; }
    QUrl url() const { return m_url; }
    /// Transport or decode detail: Qt's error text, the TLS errors, the JSON path and problem.
    QString detail() const { return m_detail; }
    /// True when the server answered with a spec ErrorResponse body (not text from a proxy).
    bool hasErrorBody() const { return m_hasErrorBody; }

    /// One translated sentence for people, naming the operation and what to do about it.
    QString userMessage() const;
    /// Everything known, one fact a line, for a "Details" box or a log.
    QString details() const;

    /// The server does not implement this operation: 404 without a JSON body, 405, 406 with
    /// code 0 (or any code 0 answer) and 501.
    bool isUnsupported() const;
    /// HTTP 409 or code 14 (ConcurrentModification).
    bool isConflict() const;
    /// 401/403 or codes 15/16: credentials are missing, wrong or not allowed to do this.
    bool isAuthError() const;
    bool isNotFound() const; //!< 404 with a JSON body, or codes 1, 4, 8, 10, 11, 22
    /// Worth trying again unchanged: 429, 503, ServiceUnavailable/Throttling, a reset connection.
    bool isTransient() const;

    void setOperation(const QString &operation) { m_operation = operation; }
    void setContext(const QMap<QString, QString> &context) { m_context = context; }
    /// Marks a network failure as a reset connection (retryable for reads).
    void setConnectionReset(bool reset) { m_connectionReset = reset; }
    bool isConnectionReset() const { return m_connectionReset; }
    /// Network errors where no byte of the request can have reached the server (the connection
    /// was refused, the host name did not resolve): sending a write again is safe.
    void setNeverSent(bool neverSent) { m_neverSent = neverSent; }
    bool isNeverSent() const { return m_neverSent; }

private:
    QString httpSentence() const;

    Kind m_kind = Kind::InvalidInput;
    int m_httpStatus = 0;
    std::optional<int> m_serverCode;
    QString m_serverError;
    QString m_serverDetail;
    QString m_serverInstance;
    QMap<QString, QString> m_context;
    QString m_operation;
    QUrl m_url;
    QString m_detail;
    int m_timeoutMs = 0;
    bool m_hasErrorBody = false;
    bool m_connectionReset = false;
    bool m_neverSent = false;
};

} // namespace lance::api
