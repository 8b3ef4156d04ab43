// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

namespace lance::api {

/// Spec `ErrorResponse`: the JSON body of every non-2xx answer. Only `code` is required.
struct ErrorResponse
{
    qint64 code = 0;
    std::optional<QString> error;    //!< brief human-readable message
    std::optional<QString> detail;   //!< longer explanation
    std::optional<QString> instance; //!< this occurrence, e.g. the request path or an id
    StringMap context;

    bool operator==(const ErrorResponse &) const = default;
};

} // namespace lance::api
