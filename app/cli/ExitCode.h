// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace lance::api {
class ApiError;
}

namespace lance::cli {

/// The exit codes of `lance-catalog`, documented in its --help; scripts rely on them.
enum class ExitCode : int {
    Ok = 0,
    Usage = 1,    //!< bad arguments or invalid input (nothing was sent)
    Server = 2,   //!< the server refused or failed, or its answer was unreadable
    Conflict = 3, //!< HTTP 409: a concurrent change or something already exists
    Network = 4,  //!< no answer: connection, TLS or timeout
};

/// The exit code that reports `error`.
ExitCode exitCodeFor(const api::ApiError &error);

} // namespace lance::cli
