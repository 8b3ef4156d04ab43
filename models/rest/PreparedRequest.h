// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

namespace lance::rest {

/// One HTTP request exactly as it will be sent: what a dry run prints and what RestCall sends.
struct PreparedRequest
{
    QString operation; //!< the spec operationId, e.g. "BatchCommitTables"
    QByteArray method; //!< "GET" or "POST"
    QUrl url;          //!< fully encoded: base, prefix, route, `?delimiter=` and query
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body; //!< empty when the route takes no body
    bool hasBody = false;
    bool isRead = false; //!< reads may be retried; writes never are

    /// The headers with credentials replaced by `***` (x-api-key, Authorization, Cookie,
    /// Proxy-Authorization, and any header whose name contains "token", "secret", "key" or
    /// "password"): safe to print and log.
    QList<QPair<QByteArray, QByteArray>> maskedHeaders() const;
    /// True when a header of that name should never be shown in full.
    static bool isSecretHeader(QByteArrayView name);
};

} // namespace lance::rest
