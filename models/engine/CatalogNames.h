// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/Result.h"

#include <optional>

namespace lance::engine {

/// The engine's rules for names, and the keys that stand for identifiers in the database.
///
/// Names become folders, so the engine is stricter than the client: besides
/// Identifier::checkName (no empty name, no `$`, no control character) a name must not be `.`
/// or `..`, contain `/` or `\`, or be longer than 255 bytes in UTF-8.
class CatalogNames
{
    Q_DECLARE_TR_FUNCTIONS(CatalogNames)

public:
    /// InvalidInput naming the identifier, or nothing. The root namespace is a valid namespace.
    static api::Result<void> checkNamespace(const api::Identifier &id);
    /// As checkNamespace, and the root is refused: a table needs a name.
    static api::Result<void> checkTable(const api::Identifier &id);
    /// The reason `name` cannot be used, or nothing.
    static api::Result<void> checkName(const QString &name);

    /// The database key: the names joined with `$` (which no name contains); "" for the root.
    static QString key(const api::Identifier &id);
    /// The identifier as messages show it (`sales$orders`; the root as `$`).
    static QString display(const api::Identifier &id);
    /// The stored form of a branch: "" for the main branch (absent, empty or "main").
    static QString branch(const std::optional<QString> &branch);
    /// The answered form of a stored branch: nothing for main.
    static std::optional<QString> answeredBranch(const QString &branch);
};

} // namespace lance::engine
