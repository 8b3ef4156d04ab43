// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `restore TABLE VERSION`: RestoreTable, applied at once. The catalog (the server, or the
/// local engine) writes the new latest version the way Lance's restore does and answers the
/// transaction id; a missing version is its 404, with its sentence.
class RestoreCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;
};

} // namespace lance::cli
