// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "HttpAnswer.h"
#include "QueryParameters.h"
#include "RouteTable.h"
#include "api/Identifier.h"

#include <QCoreApplication>

namespace lance::engine {
class CatalogEngine;
}

namespace lance::server {

/// What a routed, authorised request brings to its operation.
struct OperationInput
{
    api::Identifier pathId; //!< the `{id}` of the path; the root for the batch routes
    QueryParameters query;
    QByteArray body; //!< as received; empty when none was sent
    /// A GET of a route the spec gives a JSON body (GetTableStats, as the reference server
    /// routes it): no body reads as `{}`.
    bool bodyOptional = false;
    QByteArray instance; //!< the request path as sent, for error bodies
    /// The credential that was accepted, as the history names the author of a commit.
    QString actor = QStringLiteral("anonymous");
};

/// Runs one spec operation on an engine: builds the request message from the JSON body, the
/// path id and the query, calls the engine and turns its answer into HTTP.
///
/// The body of a JSON route is decoded strictly by the shared codec (an empty body reads as
/// `{}`); a decode failure is a 400 with code 13 naming the JSON path. A body `id` that is
/// present, not empty and not the path's is refused with 400 code 13 (the spec's rule; the
/// reference server silently prefers the path); otherwise the path id is used. The REST-only
/// query parameters override the body's fields. Success is 200 with the encoded response; the
/// exists operations answer 200 without a body, or 404 with an error body.
class OperationRunner
{
    Q_DECLARE_TR_FUNCTIONS(OperationRunner)

public:
    static HttpAnswer run(const Route &route, const OperationInput &input,
                          engine::CatalogEngine &engine);
};

} // namespace lance::server
