// SPDX-License-Identifier: Apache-2.0
#include "ExitCode.h"

#include "api/ApiError.h"

namespace lance::cli {

ExitCode exitCodeFor(const api::ApiError &error)
{
    using Kind = api::ApiError::Kind;
    switch (error.kind()) {
    case Kind::InvalidInput:
        return ExitCode::Usage;
    case Kind::Network:
    case Kind::Tls:
    case Kind::Timeout:
    case Kind::Cancelled:
        return ExitCode::Network;
    case Kind::Http:
        return error.httpStatus() == 409 ? ExitCode::Conflict : ExitCode::Server;
    case Kind::Decode:
        return ExitCode::Server;
    }
    return ExitCode::Server;
}

} // namespace lance::cli
