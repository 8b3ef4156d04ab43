// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ExchangeRecord.h"
#include "api/RequestHandle.h"
#include "api/ServiceCall.h"

#include <QObject>

namespace lance::api {

/// Asynchronous access to a Lance namespace: every operation of the operation table
/// (api/Operations.h) through one typed entry point, call(). The REST client and the embedded
/// local catalog both implement it, so models, the command line and tests do not care which
/// one they talk to.
///
/// Contract for every call:
///  - it never blocks; the callback runs later on the thread that called (never inside the call),
///    exactly once, and only if `context` is still alive then (a null context: always);
///  - an invalid request (say an identifier with an empty name) is answered with an ApiError of
///    kind InvalidInput and nothing is sent (api::RequestCheck);
///  - the returned handle cancels the work; the callback then reports kind Cancelled.
class CatalogService : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    /// Starts `request`'s operation; `done` gets its answer.
    template <OperationRequest Request>
    RequestHandle call(Request request, QObject *context, Callback<ResponseOf<Request>> done)
    {
        return start(ServiceCall(std::move(request), context, std::move(done)));
    }

    /// call() with the operation taken apart: what a service implements, and what a service
    /// that hands calls on to another one (a test's router) forwards.
    virtual RequestHandle start(ServiceCall call) = 0;

    /// Where the catalog is, as an audit line records it: a server's URL without user info,
    /// query or fragment, or `local:<root>` for a catalog in a folder.
    virtual QString location() const = 0;

signals:
    /// One exchange has ended (for the request log): every HTTP attempt of the REST client, every
    /// call the local catalog ran. Emitted on this object's thread, before the callback runs.
    void exchangeFinished(const lance::api::ExchangeRecord &record);
};

} // namespace lance::api
