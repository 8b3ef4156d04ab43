// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

namespace lance::storage {

using HttpHeaders = QList<QPair<QByteArray, QByteArray>>;

/// One request to a store, as it goes on the wire: the signers sign exactly these headers.
struct HttpRequest
{
    QByteArray method;
    QByteArray target; //!< the path and query, percent-encoded as sent
    HttpHeaders headers;
    QByteArray body;
    /// Sending it twice does what sending it once does: retried after a reset connection or
    /// a 5xx. Others are retried only on 429 and 503, which say nothing was done.
    bool idempotent = true;
};

/// A store's answer. Header names are lower-cased.
struct HttpResponse
{
    int status = 0;
    HttpHeaders headers;
    QByteArray body;

    QByteArray header(const QByteArray &lowerCaseName) const
    {
        for (const auto &[name, value] : headers) {
            if (name == lowerCaseName) {
                return value;
            }
        }
        return {};
    }
    bool isSuccess() const { return status >= 200 && status < 300; }
};

} // namespace lance::storage
