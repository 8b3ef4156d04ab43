// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `rename TABLE NEW_TABLE`: RenameTable, applied at once. NEW_TABLE is a whole identifier, so
/// one command both renames (`sales$orders sales$orders_2025`) and moves to another namespace
/// (`sales$orders archive$orders`); only the catalog entry changes, the data stays where it is.
class RenameCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;
};

} // namespace lance::cli
