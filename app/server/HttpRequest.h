// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace lance::server {

/// One HTTP request as the catalog's request handler sees it: what the HTTP library parsed,
/// without the library's types, so the handler can be driven in-process by tests.
struct HttpRequest
{
    QByteArray method;  //!< "GET", "POST", ...
    QByteArray rawPath; //!< the request target up to `?`, percent-encoding exactly as sent
    QList<QPair<QString, QString>> query; //!< decoded query parameters, in order
    std::optional<QByteArray> contentType;
    std::optional<QByteArray> apiKey;        //!< header `x-api-key`
    std::optional<QByteArray> authorization; //!< header `Authorization`
    QByteArray body;
};

} // namespace lance::server
