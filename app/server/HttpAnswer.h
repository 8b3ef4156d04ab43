// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

namespace lance::server {

/// One HTTP answer of the catalog's request handler: a status, a JSON body (or none) and extra
/// headers. The HTTP library adds the framing headers (length, keep-alive).
struct HttpAnswer
{
    int status = 200;
    QByteArray body; //!< JSON; empty for an answer without a body
    QList<QPair<QByteArray, QByteArray>> headers;

    static HttpAnswer json(int status, QByteArray body)
    {
        HttpAnswer answer;
        answer.status = status;
        answer.body = std::move(body);
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
