// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLoggingCategory>

namespace lance::connection {

/// `lance.connection`: where secrets are kept (keychain or memory) and why, connection tests.
/// Never a secret: only profile names, outcomes and the keychain's own error text.
Q_DECLARE_LOGGING_CATEGORY(lcConnection)

} // namespace lance::connection
