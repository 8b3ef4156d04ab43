// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `copy-catalog FROM TO [--database-password-file FILE]`: copies a whole catalog, row for row,
/// between a catalog folder (SQLite) and a PostgreSQL database, either way
/// (engine::CatalogCopier). Says how far it is on standard error while it copies (one line that
/// updates itself on a terminal, a line per kind otherwise), then prints the rows of each kind
/// counted on both sides. Needs no server.
class CopyCatalogCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;
};

} // namespace lance::cli
