// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"
#include "api/QueryMessages.h"

namespace lance::cli {

/// `rows TABLE [--version N | --tag T] [--branch B] [--filter EXPR] [--offset N] [--limit N]
/// [--columns LIST]`: QueryTable (any server that offers it, or the local catalog): the rows of
/// a version (those the filter keeps, which the server applies) as a text table of compact
/// values, or as JSON lines (--json), one object a row, exact values.
class RowsCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

    /// Rows a run shows without --limit: a screenful.
    static constexpr qint64 DefaultLimit = 20;

private:
    void query(api::QueryTableRequest request);
};

} // namespace lance::cli
