// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `health TABLE [--small-rows N]`: GetTableHealth (a server of this project, or the local
/// catalog): the latest version beside every version kept, the files no kept version needs,
/// the files missing, and each index with the rows it does not cover.
class HealthCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;
};

} // namespace lance::cli
