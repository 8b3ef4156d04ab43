// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLoggingCategory>

namespace lance::rest {

/// `lance.rest`: one debug line per HTTP attempt (method, path, status, milliseconds). Headers
/// and bodies are never logged, because they carry credentials and catalog data. Off by default;
/// enable with `QT_LOGGING_RULES="lance.rest.debug=true"`.
Q_DECLARE_LOGGING_CATEGORY(lcRest)

} // namespace lance::rest
