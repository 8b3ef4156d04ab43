// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/JsonCodec.h"
#include "api/RequestCheck.h"
#include "rest/PreparedRequest.h"
#include "rest/RestClientConfig.h"
#include "rest/RestRoute.h"

namespace lance::rest {

/// Turns each request message into the exact HTTP request of the REST binding (method, URL,
/// headers, body), without any I/O, from the operation's entry in the operation table
/// (api/Operations.h). The same input always gives the same bytes, so a dry run can print what
/// would be sent.
///
/// URL: base URL + its path prefix + the operation's `/v1/...` path + `?delimiter=<d>` + its
/// query parameters. The `{id}` segment stays percent-encoded (`$` as `%24`, `/` as `%2F`).
/// Body, for the operations with a JSON body: the request (at least `{}`, with `id` equal to the
/// path's names, as the Lance client sends it), less the fields that travel in the query.
/// Headers: `Accept`, `Content-Type` with a body, `User-Agent`, the auth header, then the
/// configured extra headers, then the request context's `header.<name>` (or `headers.<name>`)
/// entries; neither extra nor context headers can replace a header the builder set itself.
/// Other context entries travel in the body's `context`.
///
/// Refused with kind InvalidInput: what api::RequestCheck refuses (with the configured
/// delimiter), and an invalid context header.
class RestRequestBuilder
{
public:
    explicit RestRequestBuilder(RestClientConfig config);

    const RestClientConfig &config() const { return m_config; }

    template <api::OperationRequest Request>
    api::Result<PreparedRequest> build(const Request &request) const
    {
        const api::OperationInfo &operation = api::Operation<Request>::info;
        QByteArray idSegment;
        if constexpr (api::Operation<Request>::info.hasPathId()) {
            idSegment = request.id.toPathSegment(m_config.delimiter);
        }
        RestRoute route(operation, idSegment);
        route.refuseIfUnset(api::RequestCheck::check(request, m_config.delimiter));
        std::apply(
            [&](const auto &...parameter) {
                (route.addQuery(parameter.name, request.*parameter.field), ...);
            },
            api::queryParametersOf<Request>());
        if constexpr (api::Operation<Request>::info.body == api::Body::Json) {
            route.setBody(jsonBody(request));
        }
        return route.finish(m_config, request.context);
    }

    /// An RFC 9110 token: not empty, letters, digits and ``!#$%&'*+-.^_`|~`` only.
    static bool isValidHeaderName(QByteArrayView name);
    /// No CR, LF or NUL: anything else is sent as it is.
    static bool isValidHeaderValue(QByteArrayView value);

private:
    // The body: the request without the fields that travel in the query (the spec makes the
    // query override the body; sending them once avoids a mismatch) and without the context
    // entries that travel as headers.
    template <typename Request> static QByteArray jsonBody(Request copy)
    {
        std::apply([&](const auto &...parameter) { ((copy.*parameter.field).reset(), ...); },
                   api::queryParametersOf<Request>());
        copy.context = RestRoute::bodyContext(copy.context);
        return api::json::encode(copy);
    }

    RestClientConfig m_config;
};

} // namespace lance::rest
