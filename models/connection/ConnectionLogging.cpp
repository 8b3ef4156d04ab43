// SPDX-License-Identifier: Apache-2.0
#include "connection/ConnectionLogging.h"

namespace lance::connection {

// Info and above by default: falling back to memory is worth a line, the rest is debug.
Q_LOGGING_CATEGORY(lcConnection, "lance.connection", QtInfoMsg)

} // namespace lance::connection
