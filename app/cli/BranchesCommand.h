// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `branches TABLE`: ListTableBranches, every page: each branch with the branch and version it
/// was made from and when.
class BranchesCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;
};

} // namespace lance::cli
