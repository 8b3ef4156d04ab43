// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

namespace lance::catalog {

class CatalogNode;

/// Follows an identifier down the loaded part of a catalog tree, name by name, and says how far
/// it got. Used to find rows by identifier (refresh, go to identifier) without loading, and to
/// know which namespace must load its next page for the walk to go on.
struct CatalogPathWalk
{
    enum class Outcome {
        Found,   //!< `node` holds the object at `row`
        Missing, //!< `node` has listed everything the walk needs, without the next name
        Blocked, //!< `node` has pages left that may hold the next name
        Failed,  //!< `node` is blocked and its last listing failed
    };

    Outcome outcome = Outcome::Missing;
    CatalogNode *node = nullptr; //!< where the walk stopped
    int row = -1;                //!< with Found: the object's row in `node`

    /// Walks from `root`. Every name but the last must be a namespace; the last one may be a
    /// namespace or a table. The root identifier itself is never Found (it has no row).
    static CatalogPathWalk walk(CatalogNode *root, const api::Identifier &id);
};

} // namespace lance::catalog
