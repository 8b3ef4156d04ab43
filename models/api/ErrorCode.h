// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lance::api {

/// The Lance Namespace error codes (spec `ErrorResponse.code`, release 0.11.1). The values are
/// fixed by the spec and identical in the Java, Python and Rust enums.
enum class ErrorCode : int {
    Unsupported = 0,
    NamespaceNotFound = 1,
    NamespaceAlreadyExists = 2,
    NamespaceNotEmpty = 3,
    TableNotFound = 4,
    TableAlreadyExists = 5,
    TableIndexNotFound = 6,
    TableIndexAlreadyExists = 7,
    TableTagNotFound = 8,
    TableTagAlreadyExists = 9,
    TransactionNotFound = 10,
    TableVersionNotFound = 11,
    TableColumnNotFound = 12,
    InvalidInput = 13,
    ConcurrentModification = 14,
    PermissionDenied = 15,
    Unauthenticated = 16,
    ServiceUnavailable = 17,
    Internal = 18,
    InvalidTableState = 19,
    TableSchemaValidationError = 20,
    Throttling = 21,
    TableBranchNotFound = 22,
    TableBranchAlreadyExists = 23,
};

constexpr int LastKnownErrorCode = 23;

/// The spec name of `code` ("TableNotFound"), or "Unknown(42)" for a code the spec does not define.
QString errorCodeName(int code);

/// The HTTP status the reference server pairs with `code`; 500 for unknown codes.
int httpStatusForErrorCode(ErrorCode code);

} // namespace lance::api
