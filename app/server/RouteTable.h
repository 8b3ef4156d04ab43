// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Operations.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <span>

namespace lance::server {

/// One route of the REST binding (spec `paths`, notes §6): an operation of the operation table
/// (api/Operations.h) as the server answers it.
struct Route
{
    const api::OperationInfo *operation; //!< its entry in the operation table
    std::size_t index;                   //!< its request type's position in api::AllRequests

    QString name() const { return operation->name(); }
    /// The spec's method and the table's other one; HEAD wherever GET is.
    bool allows(QByteArrayView method) const;
    /// The `Allow` header value: "GET, HEAD", "POST" or "GET, HEAD, POST".
    QByteArray allowedMethods() const;
};

/// The route a raw request path names, and its `{id}` segment.
struct RouteMatch
{
    const Route *route = nullptr; //!< null: no route has this path
    QByteArray idSegment;         //!< the raw (still percent-encoded) `{id}` segment
};

/// All routes of the server, one per operation of the table, and path matching on the raw path.
/// Matching splits the path on `/` as sent, so a `%2F` inside the id stays part of it; trailing
/// slashes are ignored (as the reference server does).
class RouteTable
{
public:
    static std::span<const Route> routes();
    template <api::OperationRequest Request> static const Route &routeOf()
    {
        return routes()[api::operationIndex<Request>()];
    }
    static RouteMatch match(QByteArrayView rawPath);
};

} // namespace lance::server
