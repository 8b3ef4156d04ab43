// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

namespace lance::test {

/// The identifiers the REST client's tests send: namespace `sales` and its table `orders`,
/// whose `$` a path must carry as `%24`.
struct RestTestIds
{
    static inline const api::Identifier Sales{QStringList{QStringLiteral("sales")}};
    static inline const api::Identifier Orders{
        QStringList{QStringLiteral("sales"), QStringLiteral("orders")}};
};

} // namespace lance::test
