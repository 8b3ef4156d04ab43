// SPDX-License-Identifier: Apache-2.0
#include "storage/AzureSharedKeySigner.h"

#include <QCryptographicHash>
#include <QMap>
#include <QMessageAuthenticationCode>
#include <QUrl>
#include <QUrlQuery>

#include <utility>

namespace lance::storage {

namespace {

QByteArray headerValue(const HttpRequest &request, const QByteArray &lowerName)
{
    for (const auto &[name, value] : request.headers) {
        if (name.toLower() == lowerName) {
            return value.trimmed();
        }
    }
    return {};
}

} // namespace

AzureSharedKeySigner::AzureSharedKeySigner(QString account, const QString &accountKey)
    : m_account(std::move(account))
    , m_key(QByteArray::fromBase64(accountKey.toLatin1()))
{}

QByteArray AzureSharedKeySigner::stringToSign(const HttpRequest &request) const
{
    QByteArray contentLength = headerValue(request, "content-length");
    if (contentLength == "0") {
        contentLength.clear(); // an empty body is signed as no length (2015-02-21 and later)
    }
    QByteArrayList lines{request.method,
                         headerValue(request, "content-encoding"),
                         headerValue(request, "content-language"),
                         contentLength,
                         headerValue(request, "content-md5"),
                         headerValue(request, "content-type"),
                         headerValue(request, "date"),
                         headerValue(request, "if-modified-since"),
                         headerValue(request, "if-match"),
                         headerValue(request, "if-none-match"),
                         headerValue(request, "if-unmodified-since"),
                         headerValue(request, "range")};
    QByteArray text = lines.join('\n') + '\n';

    QMap<QByteArray, QByteArray> msHeaders;
    for (const auto &[name, value] : request.headers) {
        const QByteArray lower = name.toLower().trimmed();
        if (lower.startsWith("x-ms-")) {
            msHeaders.insert(lower, value.simplified());
        }
    }
    for (auto it = msHeaders.cbegin(); it != msHeaders.cend(); ++it) {
        text += it.key() + ':' + it.value() + '\n';
    }

    const qsizetype question = request.target.indexOf('?');
    const QByteArray path = question < 0 ? request.target : request.target.left(question);
    text += '/' + m_account.toUtf8() + path;
    if (question >= 0) {
        // Each parameter once, its name lower-cased, values decoded and joined by commas.
        QMap<QByteArray, QByteArrayList> parameters;
        const QUrlQuery query(QString::fromLatin1(request.target.mid(question + 1)));
        for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
            parameters[name.toLower().toUtf8()].append(value.toUtf8());
        }
        for (auto it = parameters.begin(); it != parameters.end(); ++it) {
            std::sort(it->begin(), it->end());
            text += '\n' + it.key() + ':' + it->join(',');
        }
    }
    return text;
}

void AzureSharedKeySigner::signInPlace(HttpRequest &request) const
{
    const QByteArray signature
        = QMessageAuthenticationCode::hash(stringToSign(request), m_key, QCryptographicHash::Sha256)
              .toBase64();
    request.headers.append({"Authorization", "SharedKey " + m_account.toUtf8() + ':' + signature});
}

} // namespace lance::storage
