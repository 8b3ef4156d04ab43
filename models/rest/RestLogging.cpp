// SPDX-License-Identifier: Apache-2.0
#include "rest/RestLogging.h"

namespace lance::rest {

// Info and above by default: debug lines only when someone asks for them.
Q_LOGGING_CATEGORY(lcRest, "lance.rest", QtInfoMsg)

} // namespace lance::rest
