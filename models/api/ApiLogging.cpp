// SPDX-License-Identifier: Apache-2.0
#include "api/ApiLogging.h"

namespace lance::api {

// Info and above by default: debug lines only when someone asks for them.
Q_LOGGING_CATEGORY(lcApi, "lance.api", QtInfoMsg)

} // namespace lance::api
