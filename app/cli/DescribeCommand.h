// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `describe TABLE`: location, table URI, properties and versioning of one table.
class DescribeCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

private:
    void printDescription(const api::Identifier &id, const api::DescribeTableResponse &response);
};

} // namespace lance::cli
