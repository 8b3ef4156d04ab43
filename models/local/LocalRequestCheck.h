// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/NamespaceMessages.h"
#include "api/TableMessages.h"
#include "api/TagMessages.h"
#include "api/VersionMessages.h"

#include <QCoreApplication>

#include <optional>
#include <type_traits>

namespace lance::local {

/// What LocalCatalogService refuses before queueing any work, as an ApiError of kind
/// InvalidInput: the same requests the REST client refuses before sending (an invalid or
/// missing identifier, an empty tag, an empty batch), and for BatchCommitTables everything
/// BatchCommitValidator finds. Anything else is for the engine to judge, as a server would.
///
/// Names are checked against the default delimiter `$` whatever the caller parsed with: the
/// catalog stores nested identifiers in that form (as Lance's directory namespace names its
/// folders), so a name containing `$` could not be told apart from two names.
class LocalRequestCheck
{
    Q_DECLARE_TR_FUNCTIONS(LocalRequestCheck)

public:
    using Problem = std::optional<api::ApiError>;

    /// Every request with an `id`: a namespace (the root allowed) for the namespace operations
    /// and ListTables, otherwise a table (at least one name), plus a tag name where there is one.
    template <typename Request> static Problem check(const Request &request)
    {
        if constexpr (IsNamespaceRequest<Request>) {
            return checkId(request.id, Target::Namespace);
        } else if constexpr (requires { request.tag; }) {
            return checkTag(request.id, request.tag);
        } else {
            return checkId(request.id, Target::Table);
        }
    }
    static Problem check(const api::BatchCreateTableVersionsRequest &request);
    static Problem check(const api::BatchCommitTablesRequest &request);

private:
    template <typename Request>
    static constexpr bool IsNamespaceRequest
        = std::is_same_v<
              Request,
              api::ListNamespacesRequest> || std::is_same_v<Request, api::DescribeNamespaceRequest> || std::is_same_v<Request, api::CreateNamespaceRequest> || std::is_same_v<Request, api::DropNamespaceRequest> || std::is_same_v<Request, api::NamespaceExistsRequest> || std::is_same_v<Request, api::ListTablesRequest>;

    enum class Target { Namespace, Table };
    static Problem checkId(const api::Identifier &id, Target target);
    static Problem checkTag(const api::Identifier &id, const std::optional<QString> &tag);
};

} // namespace lance::local
