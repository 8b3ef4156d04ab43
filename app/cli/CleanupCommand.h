// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `cleanup TABLE [--older-than DURATION] [--keep N] [--before VERSION] [--delete-unverified]
/// [--dry-run] [--yes]`: PlanTableCleanup, printed (every version with why it stays or goes,
/// every file that goes, the bytes freed, the warnings); then, with --yes or once the table's
/// name is typed at the prompt, CleanupTable of exactly that plan. --dry-run, and --json
/// without --yes, stop after the preview.
class CleanupCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

private:
    void preview(const api::PlanTableCleanupResponse &plan);
    /// Asks for the table's name on the terminal; true when it was typed.
    bool confirmed(const api::PlanTableCleanupResponse &plan);
    void apply(const api::PlanTableCleanupResponse &plan);

    api::Identifier m_table;
    QString m_name;
    api::CleanupPolicy m_policy;
    QByteArray m_planJson; //!< --json: the plan as printed
};

} // namespace lance::cli
