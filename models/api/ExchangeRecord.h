// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>
#include <QString>

namespace lance::api {

/// One finished request, as the request log shows it. Holds no secret: headers are masked
/// (PreparedRequest::maskedHeaders) before they get here, and bodies are not kept.
struct ExchangeRecord
{
    QDateTime startedAt;
    QString operation; //!< the spec operationId, e.g. "ListTables"
    QByteArray method; //!< "GET"/"POST"; for the local catalog "LOCAL"
    QString url;       //!< the full URL; for the local catalog `local:<root>/<operation>`
    QList<QPair<QByteArray, QByteArray>> headers; //!< masked
    int status = 0; //!< HTTP status (the local catalog: the status a server would send);
                    //!< 0 when there was no answer
    qint64 elapsedMs = 0;
    QString error; //!< one sentence when it failed (ApiError::userMessage), else empty
};

} // namespace lance::api
