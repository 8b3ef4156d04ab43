// SPDX-License-Identifier: Apache-2.0
#include "HttpProbe.h"

#include <QJsonDocument>
#include <QNetworkReply>
#include <QTest>

namespace lance::test {

QByteArray ProbeReply::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0) {
            return value;
        }
    }
    return {};
}

QJsonObject ProbeReply::json() const
{
    return QJsonDocument::fromJson(body).object();
}

HttpProbe::HttpProbe(QUrl baseUrl)
    : m_baseUrl(std::move(baseUrl))
{}

ProbeReply HttpProbe::send(const QByteArray &method, const QByteArray &target,
                           const std::optional<QByteArray> &body,
                           const QList<QPair<QByteArray, QByteArray>> &headers)
{
    // fromEncoded keeps `%24` and `%2F` exactly as written; QUrl(QString) may normalise them.
    const QByteArray base = m_baseUrl.toEncoded(QUrl::RemovePath | QUrl::RemoveQuery);
    QNetworkRequest request(QUrl::fromEncoded(base + target, QUrl::StrictMode));
    request.setTransferTimeout(timeoutMs);
    if (body) {
        // Without one QNAM would send application/x-www-form-urlencoded.
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    }
    for (const auto &[name, value] : headers) {
        request.setRawHeader(name, value);
    }
    QNetworkReply *reply = body ? m_network.sendCustomRequest(request, method, *body)
                                : m_network.sendCustomRequest(request, method);
    ProbeReply answer;
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, timeoutMs + 1000)) {
        reply->abort();
    }
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.body = reply->readAll();
    answer.headers = reply->rawHeaderPairs();
    if (answer.status == 0) {
        answer.networkError = reply->errorString();
    }
    reply->deleteLater();
    return answer;
}

} // namespace lance::test
