// SPDX-License-Identifier: Apache-2.0
#include "engine/EngineLogging.h"

namespace lance::engine {

Q_LOGGING_CATEGORY(lcEngine, "lance.engine", QtInfoMsg)

} // namespace lance::engine
