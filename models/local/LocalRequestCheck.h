// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchCommitValidator.h"
#include "api/RequestCheck.h"
#include "api/Result.h"

#include <type_traits>

namespace lance::local {

/// What LocalCatalogService refuses before queueing any work, as an ApiError of kind
/// InvalidInput: what every service refuses (api::RequestCheck), and for BatchCommitTables
/// everything BatchCommitValidator finds, since the local catalog applies the batch itself
/// and the command line's dry run shows what it would apply. Anything else is for the engine
/// to judge, as a server would.
///
/// Names are checked against the default delimiter `$` whatever the caller parsed with: the
/// catalog stores nested identifiers in that form (as Lance's directory namespace names its
/// folders), so a name containing `$` could not be told apart from two names.
class LocalRequestCheck
{
public:
    template <api::OperationRequest Request> static api::Result<void> check(const Request &request)
    {
        if constexpr (std::is_same_v<Request, api::BatchCommitTablesRequest>) {
            return api::BatchCommitValidator::check(request, api::Identifier::DefaultDelimiter);
        } else {
            return api::RequestCheck::check(request, api::Identifier::DefaultDelimiter);
        }
    }
};

} // namespace lance::local
