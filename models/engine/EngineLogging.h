// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLoggingCategory>

namespace lance::engine {

/// `lance.engine`: warnings of the catalog engine (a database in trouble, data that could not
/// be deleted, files that could not be moved back). Info and above by default.
Q_DECLARE_LOGGING_CATEGORY(lcEngine)

} // namespace lance::engine
