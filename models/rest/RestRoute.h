// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/CommonTypes.h"
#include "api/Result.h"
#include "rest/PreparedRequest.h"
#include "rest/RestClientConfig.h"

#include <QCoreApplication>

#include <optional>

namespace lance::rest {

/// What one operation decides about its HTTP request (operation id, method, `/v1/...` path, query
/// parameters, body, whether it is a read), and finish(), which adds what every request of the
/// REST binding shares: the server URL with its path prefix, `?delimiter=`, and the built-in,
/// auth, extra and context headers. RestRequestBuilder fills one route per operation; the shared
/// assembly lives here once, so no operation can encode its query or order its headers its own
/// way.
class RestRoute
{
    Q_DECLARE_TR_FUNCTIONS(RestRoute)

public:
    /// `path` is the `/v1/...` route, already percent-encoded.
    RestRoute(QString operation, QByteArray method, QByteArray path, bool isRead);

    /// Query parameters follow `delimiter` in the order added; an absent value is not sent.
    void addQuery(QByteArray name, const std::optional<QString> &value);
    void addQuery(QByteArray name, std::optional<qint64> value);
    void addQuery(QByteArray name, std::optional<bool> value);
    /// A JSON body; a route without one sends none (and no Content-Type).
    void setBody(QByteArray body);
    /// Keeps the first problem only: finish() then returns it instead of a request.
    void refuseIfUnset(std::optional<api::ApiError> error);

    /// The request for `config`; the `header.<name>` and `headers.<name>` entries of `context`
    /// become headers that cannot replace the built-in ones. Refused with kind InvalidInput when
    /// a problem was recorded, the server URL gives no valid URL, or a header is not valid HTTP.
    api::Result<PreparedRequest> finish(const RestClientConfig &config,
                                        const api::StringMap &context) const;

    /// The entries of `context` that travel in the JSON body: everything but the header entries.
    static api::StringMap bodyContext(const api::StringMap &context);
    /// An RFC 9110 token: not empty, letters, digits and ``!#$%&'*+-.^_`|~`` only.
    static bool isValidHeaderName(QByteArrayView name);
    /// No CR, LF or NUL: anything else is sent as it is.
    static bool isValidHeaderValue(QByteArrayView value);

private:
    QString m_operation; //!< spec operationId
    QByteArray m_method;
    QByteArray m_path; //!< `/v1/...`, already percent-encoded
    QList<QPair<QByteArray, QByteArray>> m_query;
    std::optional<QByteArray> m_body;
    bool m_isRead = false;
    std::optional<api::ApiError> m_problem; //!< refuse instead of sending
};

} // namespace lance::rest
