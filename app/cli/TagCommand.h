// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `tag create|move|delete TABLE TAG [VERSION]`: CreateTableTag, UpdateTableTag or
/// DeleteTableTag, applied at once (the spec's batch commit carries no tags). The version
/// is checked to be a whole number of at least 1 before anything is sent; a tag that exists
/// already, a missing tag or version are the server's 409 or 404, with its sentence.
class TagCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;
};

} // namespace lance::cli
