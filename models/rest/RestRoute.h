// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/CommonTypes.h"
#include "api/OperationInfo.h"
#include "api/Result.h"
#include "rest/PreparedRequest.h"
#include "rest/RestClientConfig.h"

#include <QCoreApplication>

#include <optional>

namespace lance::rest {

/// One HTTP request of the REST binding being put together: what its operation's entry in the
/// operation table decides (operation id, method, `/v1/...` path, whether it is a read), the query
/// parameters and body RestRequestBuilder adds, and finish(), which adds what every request
/// shares: the server URL with its path prefix, `?delimiter=`, and the built-in, auth, extra and
/// context headers. The assembly lives here once, so no operation can encode its query or order
/// its headers its own way.
class RestRoute
{
    Q_DECLARE_TR_FUNCTIONS(RestRoute)

public:
    /// The route of `operation` (method, path, read or write); `idSegment` is the path's `{id}`,
    /// already percent-encoded (unused for the batch routes).
    RestRoute(const api::OperationInfo &operation, const QByteArray &idSegment);

    /// Query parameters follow `delimiter` in the order added; an absent value is not sent.
    void addQuery(std::string_view name, const std::optional<QString> &value);
    void addQuery(std::string_view name, std::optional<qint64> value);
    void addQuery(std::string_view name, std::optional<bool> value);
    /// A JSON body; a route without one sends none (and no Content-Type).
    void setBody(QByteArray body);
    /// Keeps the first problem only: finish() then returns it instead of a request.
    void refuseIfUnset(const api::Result<void> &check);

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
