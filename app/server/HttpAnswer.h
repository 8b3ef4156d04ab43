// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

namespace lance::server {

/// One HTTP answer of the catalog's request handler: a status, a body (JSON, or QueryTable's
/// Arrow IPC file; none) and extra headers. The HTTP library adds the framing headers (length,
/// keep-alive).
struct HttpAnswer
{
    int status = 200;
    QByteArray body; //!< empty for an answer without a body
    QByteArray contentType = "application/json";
    QList<QPair<QByteArray, QByteArray>> headers;

    static HttpAnswer json(int status, QByteArray body)
    {
        HttpAnswer answer;
        answer.status = status;
        answer.body = std::move(body);
        return answer;
    }
    /// QueryTable's answer: an Arrow IPC file.
    static HttpAnswer arrowFile(QByteArray body)
    {
        HttpAnswer answer;
        answer.status = 200;
        answer.body = std::move(body);
        answer.contentType = "application/vnd.apache.arrow.file";
        return answer;
    }
    static HttpAnswer empty(int status)
    {
        HttpAnswer answer;
        answer.status = status;
        return answer;
    }
    HttpAnswer &withHeader(QByteArray name, QByteArray value)
    {
        headers.append({std::move(name), std::move(value)});
        return *this;
    }
};

} // namespace lance::server
