// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QPair>
#include <QUrl>

#include <optional>

namespace lance::test {

/// One raw HTTP answer, as HttpProbe received it.
struct ProbeReply
{
    int status = 0; //!< 0: no HTTP answer (refused, reset, timed out)
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    QString networkError; //!< Qt's text when there was no HTTP answer

    QByteArray header(QByteArrayView name) const; //!< first value, case-insensitive
    /// The body as a JSON object; empty when it is not one.
    QJsonObject json() const;
};

/// Sends hand-made HTTP requests to a server, for what a typed client never sends: wrong
/// methods, unknown routes, odd bodies and content types, literal path encodings. Waits for the
/// answer with the event loop running (never sleeps), at most `timeoutMs`.
class HttpProbe
{
public:
    explicit HttpProbe(QUrl baseUrl);

    /// `target` is the path and query, sent exactly as written (percent-encoding included).
    /// A body is sent with `Content-Type: application/json` unless `headers` names another.
    ProbeReply send(const QByteArray &method, const QByteArray &target,
                    const std::optional<QByteArray> &body = std::nullopt,
                    const QList<QPair<QByteArray, QByteArray>> &headers = {});

    int timeoutMs = 10000;

private:
    QUrl m_baseUrl;
    QNetworkAccessManager m_network;
};

} // namespace lance::test
