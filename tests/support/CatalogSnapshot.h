// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QString>

namespace lance::test {

/// Everything a catalog holds, read through its service (all pages): every namespace with its
/// properties, every table with its location, properties and versions, every tag, as one
/// canonical text. Two snapshots are equal exactly when nothing changed in between, so a test
/// can show that a refused request left the catalog as it was.
class CatalogSnapshot
{
public:
    /// The snapshot, or a text starting with "ERROR:" naming the call that failed.
    static QString take(api::CatalogService &service, int timeoutMs = 30000);
};

} // namespace lance::test
