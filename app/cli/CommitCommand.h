// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `commit FILE [--dry-run]`: one atomic BatchCommitTables from a JSON file.
class CommitCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

private:
    /// The request in the file (or standard input), decoded and checked; InvalidInput if not.
    api::Result<api::BatchCommitTablesRequest> readRequest() const;
    void printDryRun(const api::BatchCommitTablesRequest &request);
    void printLocalDryRun(const api::BatchCommitTablesRequest &request);
    void printResults(const api::BatchCommitTablesRequest &request,
                      const api::BatchCommitTablesResponse &response);
    void reportFailure(const api::ApiError &error);
};

} // namespace lance::cli
