// SPDX-License-Identifier: Apache-2.0
#include "api/ErrorCode.h"

#include <array>

using namespace Qt::StringLiterals;

namespace lance::api {

namespace {

struct CodeInfo
{
    const char16_t *name;
    int httpStatus;
};

// Names from the spec; statuses as the Rust reference server maps them (REST notes §3.2).
constexpr std::array<CodeInfo, LastKnownErrorCode + 1> Codes{{
    {u"Unsupported", 406},
    {u"NamespaceNotFound", 404},
    {u"NamespaceAlreadyExists", 409},
    {u"NamespaceNotEmpty", 409},
    {u"TableNotFound", 404},
    {u"TableAlreadyExists", 409},
    {u"TableIndexNotFound", 404},
    {u"TableIndexAlreadyExists", 409},
    {u"TableTagNotFound", 404},
    {u"TableTagAlreadyExists", 409},
    {u"TransactionNotFound", 404},
    {u"TableVersionNotFound", 404},
    {u"TableColumnNotFound", 404},
    {u"InvalidInput", 400},
    {u"ConcurrentModification", 409},
    {u"PermissionDenied", 403},
    {u"Unauthenticated", 401},
    {u"ServiceUnavailable", 503},
    {u"Internal", 500},
    {u"InvalidTableState", 409},
    {u"TableSchemaValidationError", 400},
    {u"Throttling", 429},
    {u"TableBranchNotFound", 404},
    {u"TableBranchAlreadyExists", 409},
}};

} // namespace

QString errorCodeName(int code)
{
    if (code < 0 || code > LastKnownErrorCode) {
        return u"Unknown(%1)"_s.arg(code);
    }
    return QString::fromUtf16(Codes[static_cast<std::size_t>(code)].name);
}

int httpStatusForErrorCode(ErrorCode code)
{
    const int value = static_cast<int>(code);
    if (value < 0 || value > LastKnownErrorCode) {
        return 500;
    }
    return Codes[static_cast<std::size_t>(value)].httpStatus;
}

} // namespace lance::api
