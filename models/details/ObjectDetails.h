// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/NamespaceMessages.h"
#include "api/TableMessages.h"
#include "api/TagMessages.h"

#include <optional>

namespace lance::details {

/// What the details panel shows for one namespace or table, as read from the catalog.
struct ObjectDetails
{
    enum class Kind { Namespace, Table };

    Kind kind = Kind::Namespace;
    api::Identifier id;
    std::optional<api::DescribeNamespaceResponse> namespaceDescription; //!< for a namespace
    std::optional<api::DescribeTableResponse> tableDescription;         //!< for a table
    /// The table's tags; nullopt when the server does not support tags (then `tagsProblem` says
    /// why) or for a namespace.
    std::optional<api::ListTableTagsResponse> tags;
    QString tagsProblem;
    /// The describe answer as the spec's JSON, indented, without the entries the client adds
    /// from response headers: what the server said.
    QByteArray rawJson;
};

} // namespace lance::details
