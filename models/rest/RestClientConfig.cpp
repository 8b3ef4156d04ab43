// SPDX-License-Identifier: Apache-2.0
#include "rest/RestClientConfig.h"

#include "rest/RestRequestBuilder.h"

#include <QFile>
#include <QRegularExpression>
#include <QSslCertificate>

using namespace Qt::StringLiterals;

namespace lance::rest {

api::Result<void> RestClientConfig::check() const
{
    if (baseUrl.isEmpty()) {
        return api::ApiError::invalidInput(tr("The server URL is empty."));
    }
    if (!baseUrl.isValid()) {
        // An invalid QUrl shows as "", and its error string is for developers: `Invalid
        // hostname (contains invalid characters); source was "http://a b/"; scheme = ...`.
        // Its reason and the text typed make the sentence, without any user or password.
        const QString error = baseUrl.errorString();
        QString reason = error.section(u"; source was"_s, 0, 0).trimmed();
        if (!reason.isEmpty()) {
            reason[0] = reason[0].toLower();
        }
        static const QRegularExpression userInfo(u"^([A-Za-z][A-Za-z0-9+.-]*://)[^/@]*@"_s);
        const QString typed = error.section(u"source was \""_s, 1)
                                  .section(u"\"; scheme"_s, 0, 0)
                                  .replace(userInfo, u"\\1"_s);
        return api::ApiError::invalidInput(
            tr("The server URL \"%1\" is not a valid URL: %2.").arg(typed, reason));
    }
    const QString scheme = baseUrl.scheme().toLower();
    if (scheme != u"http"_s && scheme != u"https"_s) {
        return api::ApiError::invalidInput(
            tr("The server URL \"%1\" must start with http:// or https://.")
                .arg(baseUrl.toDisplayString(QUrl::RemoveUserInfo)));
    }
    if (baseUrl.host().isEmpty()) {
        return api::ApiError::invalidInput(tr("The server URL \"%1\" has no host name.")
                                               .arg(baseUrl.toDisplayString(QUrl::RemoveUserInfo)));
    }
    if (baseUrl.hasQuery()) {
        return api::ApiError::invalidInput(
            tr("The server URL \"%1\" must not contain a query (\"?...\"); the client adds its "
               "own query parameters.")
                .arg(baseUrl.toDisplayString(QUrl::RemoveUserInfo)));
    }
    if (baseUrl.hasFragment()) {
        return api::ApiError::invalidInput(
            tr("The server URL \"%1\" must not contain a fragment (\"#...\").")
                .arg(baseUrl.toDisplayString(QUrl::RemoveUserInfo)));
    }
    if (auto problem = api::Identifier::checkDelimiter(delimiter); !problem.hasValue()) {
        return problem;
    }
    if (auth != AuthMethod::None) {
        const QString kind = auth == AuthMethod::ApiKey ? tr("API key") : tr("bearer token");
        if (secret.isEmpty()) {
            return api::ApiError::invalidInput(
                tr("The %1 is empty, but the connection is set to authenticate with one.")
                    .arg(kind));
        }
        // Never quote the secret itself: this sentence is shown and may be logged.
        if (!RestRequestBuilder::isValidHeaderValue(secret.toUtf8())) {
            return api::ApiError::invalidInput(
                tr("The %1 contains a line break, which cannot be sent in an HTTP header.")
                    .arg(kind));
        }
    }
    for (const auto &[name, value] : extraHeaders) {
        if (!RestRequestBuilder::isValidHeaderName(name)) {
            return api::ApiError::invalidInput(
                tr("The header name \"%1\" is not valid: use letters, digits and "
                   "-_.!#$%&'*+^`|~ "
                   "only.")
                    .arg(QString::fromUtf8(name).simplified()));
        }
        if (!RestRequestBuilder::isValidHeaderValue(value)) {
            return api::ApiError::invalidInput(
                tr("The value of the header \"%1\" contains a line break.")
                    .arg(QString::fromLatin1(name)));
        }
    }
    if (!caFile.isEmpty()) {
        QFile file(caFile);
        if (!file.open(QIODevice::ReadOnly)) {
            return api::ApiError::invalidInput(
                tr("The CA file \"%1\" cannot be read: %2.").arg(caFile, file.errorString()));
        }
        const QByteArray data = file.readAll();
        if (QSslCertificate::fromData(data, QSsl::Pem).isEmpty()
            && QSslCertificate::fromData(data, QSsl::Der).isEmpty()) {
            return api::ApiError::invalidInput(
                tr("The CA file \"%1\" contains no PEM or DER certificate.").arg(caFile));
        }
    }
    if (timeoutMs <= 0) {
        return api::ApiError::invalidInput(
            tr("The request timeout must be longer than 0 ms (it is %1 ms).").arg(timeoutMs));
    }
    if (retry.maxAttempts < 1) {
        return api::ApiError::invalidInput(
            tr("The retry policy must allow at least one attempt (it allows %1).")
                .arg(retry.maxAttempts));
    }
    if (retry.initialDelayMs < 0 || retry.maxDelayMs < 0 || retry.maxRetryAfterMs < 0) {
        return api::ApiError::invalidInput(tr("The retry delays must not be negative."));
    }
    return {};
}

} // namespace lance::rest
