// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `history [TABLE] [--limit N]`: the catalog's committed transactions, newest first (every
/// page, or the newest N), or those that touched TABLE: when, which credential, what kind,
/// how many operations of each kind, on which tables. `transaction ID`: one of them whole,
/// with its operations. A server without a history (ListTransactions is this product's own
/// route) answers 404, exit 2, with its sentence.
class HistoryCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

    /// "2 declare_table, 1 create_table_version": the counts of a transaction's properties.
    static QString countsText(const api::StringMap &properties);

private:
    void list();
    void describe();
};

} // namespace lance::cli
