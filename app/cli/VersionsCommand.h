// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `versions TABLE [--limit N] [--details]`: the table's versions, newest first, every page
/// up to N; with --details what each holds (api::VersionFacts), from the server or, where it
/// says nothing, from the manifest read here.
class VersionsCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

private:
    /// Prints the listing (with --details, what each version holds) and finishes.
    void show(const api::Identifier &table, const api::ListTableVersionsResponse &result);
    void printDetails(const QList<api::TableVersion> &versions);
};

} // namespace lance::cli
