// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `branch create TABLE NAME [VERSION] [--from BRANCH]` and `branch delete TABLE NAME`:
/// CreateTableBranch and DeleteTableBranch, applied at once.
class BranchCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;
};

} // namespace lance::cli
