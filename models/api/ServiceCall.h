// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Operations.h"
#include "api/Result.h"

#include <QObject>

#include <functional>
#include <variant>

namespace lance::api {

template <typename T> using Callback = std::function<void(Result<T>)>;

/// One call of one operation on its way to a service: the request, the callback that takes its
/// answer, and the context whose life bounds the callback. CatalogService::call() makes one
/// from a typed request; a service takes it apart with visit(), which hands the typed request
/// and callback to a generic lambda, so a service is written once for every operation.
class ServiceCall
{
public:
    template <OperationRequest Request>
    ServiceCall(Request request, QObject *context, Callback<ResponseOf<Request>> done)
        : m_call(Typed<Request>{std::move(request), std::move(done)})
        , m_context(context)
    {}

    /// Null means: the callback always runs.
    QObject *context() const { return m_context; }
    const OperationInfo &operation() const
    {
        return std::visit(
            [](const auto &typed) -> const OperationInfo & {
                return Operation<std::decay_t<decltype(typed.request)>>::info;
            },
            m_call);
    }
    template <OperationRequest Request> bool is() const
    {
        return std::holds_alternative<Typed<Request>>(m_call);
    }

    /// Calls `visitor(request, done)` with the typed request (`Request &`) and its callback
    /// (`Callback<ResponseOf<Request>> &`) and returns what it returns. Write the visitor as
    /// `[&]<typename Request>(Request &request, auto &done) {...}`.
    template <typename Visitor> decltype(auto) visit(Visitor &&visitor)
    {
        return std::visit(
            [&](auto &typed) -> decltype(auto) { return visitor(typed.request, typed.done); },
            m_call);
    }

private:
    template <typename Request> struct Typed
    {
        Request request;
        Callback<ResponseOf<Request>> done;
    };
    template <typename List> struct Variant;
    template <typename... Requests> struct Variant<RequestList<Requests...>>
    {
        using Type = std::variant<Typed<Requests>...>;
    };

    typename Variant<AllRequests>::Type m_call;
    QObject *m_context;
};

} // namespace lance::api
