// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/Operations.h"
#include "api/Result.h"

#include <QCoreApplication>

#include <concepts>
#include <optional>

namespace lance::api {

/// What every service refuses before anything is sent or run, as an ApiError of kind
/// InvalidInput whose message names the identifier: an identifier that is not valid for
/// `delimiter`, a table operation on the root namespace (both from the operation table's
/// Target), an empty tag name, a registration without a location, a batch without entries or
/// with an entry whose table is missing or invalid, a rename to a name or namespace that is not
/// valid. Anything else is for the catalog to judge.
class RequestCheck
{
    Q_DECLARE_TR_FUNCTIONS(RequestCheck)

public:
    template <OperationRequest Request>
    static Result<void> check(const Request &request, const QString &delimiter)
    {
        if constexpr (Operation<Request>::info.hasPathId()) {
            if (Result<void> checked
                = checkId(request.id, Operation<Request>::info.target, delimiter);
                !checked.hasValue()) {
                return checked;
            }
        }
        return checkFields(request, delimiter);
    }

    /// How messages show an identifier: as a list, since its string form would hide a name that
    /// holds the delimiter (`["a", "b$c"]`; `[]` for the root).
    static QString describe(const Identifier &id);

private:
    static Result<void> checkId(const Identifier &id, Target target, const QString &delimiter);
    // A tag, where a request has one (optional or not), must have a name. The overloads below
    // check the fields of single requests.
    template <typename Request>
    static Result<void> checkFields(const Request &request, const QString &)
    {
        if constexpr (requires { requires std::same_as<decltype(Request::tag), QString>; }) {
            return checkTag(request.tag);
        } else if constexpr (requires {
                                 requires std::same_as<decltype(Request::tag),
                                                       std::optional<QString>>;
                             }) {
            return request.tag ? checkTag(*request.tag) : Result<void>();
        }
        return {};
    }
    // A new tag's name follows Lance's rules (TagNames); an existing one, whatever its name, can
    // still be read and deleted.
    static Result<void> checkFields(const CreateTableTagRequest &request, const QString &delimiter);
    static Result<void> checkFields(const UpdateTableTagRequest &request, const QString &delimiter);
    static Result<void> checkFields(const RegisterTableRequest &request, const QString &delimiter);
    static Result<void> checkFields(const RenameTableRequest &request, const QString &delimiter);
    static Result<void> checkFields(const BatchCreateTableVersionsRequest &request,
                                    const QString &delimiter);
    static Result<void> checkFields(const BatchCommitTablesRequest &request,
                                    const QString &delimiter);
    static Result<void> checkTag(const QString &tag);
    static Result<void> checkBatchEntry(const Identifier &id, const QString &delimiter,
                                        qsizetype index);
};

} // namespace lance::api
