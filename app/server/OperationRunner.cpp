// SPDX-License-Identifier: Apache-2.0
#include "OperationRunner.h"

#include "ErrorAnswer.h"
#include "api/JsonCodec.h"
#include "api/RequestCheck.h"
#include "engine/CatalogEngine.h"

#include <QStringList>

#include <array>

using namespace Qt::StringLiterals;

namespace lance::server {

using engine::CatalogEngine;

namespace {

// Identifiers are shown as lists: the string form would hide a name holding the delimiter.
QString quoted(const api::Identifier &id)
{
    return api::RequestCheck::describe(id);
}

// Fills `request` from the body, the path and the query; an answer when the input is refused.
template <typename Request>
std::optional<HttpAnswer> prepare(const Route &route, const OperationInput &input, Request &request)
{
    const bool noBody = input.body.trimmed().isEmpty();
    if (route.operation->body == api::OperationInfo::Body::Json
        && !(noBody && input.bodyOptional)) {
        // The spec marks these bodies required; a client with nothing to say sends `{}`.
        if (noBody) {
            return ErrorAnswer::make(
                400, api::ErrorCode::InvalidInput,
                OperationRunner::tr("%1 needs a JSON request body; send {} when every field is "
                                    "left out.")
                    .arg(route.name()),
                input.instance);
        }
        if (const auto error = api::json::decodeInto(input.body, request); !error.hasValue()) {
            return ErrorAnswer::make(
                400, api::ErrorCode::InvalidInput,
                OperationRunner::tr("The request body is not a valid %1 request: %2")
                    .arg(route.name(), error.error().detail()),
                input.instance);
        }
    }
    if constexpr (api::Operation<Request>::info.hasPathId()) {
        if (!request.id.isRoot() && request.id != input.pathId) {
            return ErrorAnswer::make(
                400, api::ErrorCode::InvalidInput,
                OperationRunner::tr("The body's id %1 is not the id %2 of the request path.")
                    .arg(quoted(request.id), quoted(input.pathId)),
                input.instance);
        }
        request.id = input.pathId;
    }
    input.query.applyTo(request);
    return std::nullopt;
}

// The exists operations answer 200 without a body, or 404 with the code of what is missing.
HttpAnswer missing(const api::OperationInfo &operation, const api::Identifier &id,
                   const QByteArray &instance)
{
    if (operation.target == api::OperationInfo::Target::Namespace) {
        return ErrorAnswer::make(
            404, api::ErrorCode::NamespaceNotFound,
            OperationRunner::tr("The namespace %1 does not exist.").arg(quoted(id)), instance);
    }
    return ErrorAnswer::make(404, api::ErrorCode::TableNotFound,
                             OperationRunner::tr("The table %1 does not exist.").arg(quoted(id)),
                             instance);
}

template <typename Request>
HttpAnswer call(const Route &route, const OperationInput &input, CatalogEngine &engine)
{
    Request request;
    if (std::optional<HttpAnswer> refused = prepare(route, input, request)) {
        return *refused;
    }
    // A request that names its tables in string form joins them with the query's delimiter.
    if constexpr (requires { request.delimiter; }) {
        request.delimiter = input.query.delimiter;
    }
    if constexpr (!api::Operation<Request>::info.isRead()) {
        engine.setActor(input.actor);
    }
    auto result = engine.run(request);
    if (!result) {
        return ErrorAnswer::fromApiError(result.error(), input.instance);
    }
    if constexpr (std::is_same_v<api::ResponseOf<Request>, api::ExistsResponse>) {
        if (!result->exists) {
            return missing(*route.operation, request.id, input.instance);
        }
        return HttpAnswer::empty(200);
    } else if constexpr (std::is_same_v<api::ResponseOf<Request>, api::QueryTableResponse>) {
        return HttpAnswer::arrowFile(std::move(result->data));
    } else {
        return HttpAnswer::json(200, api::json::encode(*result));
    }
}

using Runner = HttpAnswer (*)(const Route &, const OperationInput &, CatalogEngine &);

// One runner per operation, in the order of api::AllRequests (Route::index).
template <typename... Requests> constexpr auto runnersOf(api::RequestList<Requests...>)
{
    return std::array<Runner, sizeof...(Requests)>{&call<Requests>...};
}

constexpr auto Runners = runnersOf(api::AllRequests{});

} // namespace

HttpAnswer OperationRunner::run(const Route &route, const OperationInput &input,
                                CatalogEngine &engine)
{
    return Runners.at(route.index)(route, input, engine);
}

} // namespace lance::server
