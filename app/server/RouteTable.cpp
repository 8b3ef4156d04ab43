// SPDX-License-Identifier: Apache-2.0
#include "RouteTable.h"

#include <QList>

#include <array>

namespace lance::server {

namespace {

using Target = api::OperationInfo::Target;

template <typename... Requests> constexpr auto routesOf(api::RequestList<Requests...>)
{
    std::size_t index = 0;
    return std::array<Route, sizeof...(Requests)>{
        Route{&api::Operation<Requests>::info, index++}...};
}

const std::array Routes = routesOf(api::AllRequests{});

bool answers(const api::OperationInfo &operation, std::string_view method)
{
    return operation.method == method || operation.otherMethod == method;
}

const Route *find(Target target, QByteArrayView action)
{
    for (const Route &route : Routes) {
        const std::string_view own = route.operation->action;
        if (route.operation->target == target
            && action == QByteArrayView(own.data(), qsizetype(own.size()))) {
            return &route;
        }
    }
    return nullptr;
}

} // namespace

bool Route::allows(QByteArrayView method) const
{
    // HEAD is GET without the body (RFC 9110); httplib drops the body itself.
    const bool get = answers(*operation, "GET");
    const bool post = answers(*operation, "POST");
    return ((method == "GET" || method == "HEAD") && get) || (method == "POST" && post);
}

QByteArray Route::allowedMethods() const
{
    QList<QByteArray> methods;
    if (answers(*operation, "GET")) {
        methods << "GET"
                << "HEAD";
    }
    if (answers(*operation, "POST")) {
        methods << "POST";
    }
    return methods.join(", ");
}

std::span<const Route> RouteTable::routes()
{
    return Routes;
}

RouteMatch RouteTable::match(QByteArrayView rawPath)
{
    QByteArrayView path = rawPath;
    while (path.size() > 1 && path.endsWith('/')) {
        path.chop(1);
    }
    constexpr QByteArrayView NamespacePrefix("/v1/namespace/");
    constexpr QByteArrayView TablePrefix("/v1/table/");
    constexpr QByteArrayView TransactionPrefix("/v1/transaction/");
    if (path == QByteArrayView("/v1/table")) { // ListAllTables: the collection itself
        return {find(Target::None, {}), {}};
    }
    Target target;
    if (path.startsWith(NamespacePrefix)) {
        path = path.sliced(NamespacePrefix.size());
        target = Target::Namespace;
    } else if (path.startsWith(TransactionPrefix)) {
        path = path.sliced(TransactionPrefix.size());
        if (const Route *history = find(Target::Transactions, path)) {
            return {history, {}};
        }
        target = Target::Transaction;
    } else if (path.startsWith(TablePrefix)) {
        path = path.sliced(TablePrefix.size());
        // The batch routes have no id; no table action is one of their paths.
        if (const Route *batch = find(Target::None, path)) {
            return {batch, {}};
        }
        target = Target::Table;
    } else {
        return {};
    }
    const qsizetype slash = path.indexOf('/');
    if (slash < 0) {
        return {};
    }
    const Route *route = find(target, path.sliced(slash + 1));
    if (!route) {
        return {};
    }
    return {route, path.first(slash).toByteArray()};
}

} // namespace lance::server
