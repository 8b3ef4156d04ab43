// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

#include <string_view>

namespace lance::api {

/// One spec operation as the REST binding, the services and the server see it: its entry in
/// the operation table (api/Operations.h), which is the only place an operation is described.
struct OperationInfo
{
    /// What the `{id}` segment of the operation's path names.
    enum class Target {
        Namespace,    //!< `/v1/namespace/{id}/<action>`
        Table,        //!< `/v1/table/{id}/<action>`
        None,         //!< `/v1/table/<action>`: a batch route without a path id
        Transaction,  //!< `/v1/transaction/{id}/<action>`
        Transactions, //!< `/v1/transaction/<action>`: this product's history, no path id
    };
    /// Whether the operation has a JSON request body.
    enum class Body {
        Json, //!< the request, as JSON (`{}` at the least)
        None, //!< the spec defines none; a server ignores whatever arrives
    };
    enum class Access {
        Read,  //!< changes nothing: may be retried, a read-only credential may call it
        Write, //!< changes the catalog: never sent twice
    };

    std::string_view id;     //!< the spec's operationId, e.g. "ListTables"
    Target target;           //!< what the path's `{id}` names
    std::string_view action; //!< the path after `{id}/` (after `/v1/table/` for Target::None)
    std::string_view method; //!< the method the spec gives: "GET" or "POST"
    /// A second method servers answer (the reference server routes ListTableTags as GET);
    /// empty when there is none. A client re-sends with it when the spec's method gets a 405.
    std::string_view otherMethod;
    Body body;
    Access access;

    QString name() const { return QString::fromLatin1(id.data(), qsizetype(id.size())); }
    constexpr bool isRead() const { return access == Access::Read; }
    /// Whether the path carries an `{id}`.
    constexpr bool hasPathId() const
    {
        return target != Target::None && target != Target::Transactions;
    }
    /// `/v1/namespace/<segment>/<action>` and the like; `idSegment` must be percent-encoded
    /// already, and is not used for the targets without a path id.
    QByteArray path(const QByteArray &idSegment) const
    {
        const QByteArray tail = QByteArray(action.data(), qsizetype(action.size()));
        switch (target) {
        case Target::Namespace:
            return "/v1/namespace/" + idSegment + '/' + tail;
        case Target::Table:
            return "/v1/table/" + idSegment + '/' + tail;
        case Target::Transaction:
            return "/v1/transaction/" + idSegment + '/' + tail;
        case Target::Transactions:
            return "/v1/transaction/" + tail;
        case Target::None:
            break;
        }
        // ListAllTables is the collection itself: `/v1/table`, no trailing slash.
        return tail.isEmpty() ? QByteArray("/v1/table") : "/v1/table/" + tail;
    }
};

} // namespace lance::api
