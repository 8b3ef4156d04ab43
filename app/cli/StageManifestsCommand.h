// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"
#include "drop/ManifestDropPlanner.h"

namespace lance::cli {

/// `stage-manifests TABLE FILE... [--map LOCAL=URI]`: prints the BatchCommitTablesRequest that
/// registers Lance manifests (files, `_versions/` folders, or one dataset folder that also
/// declares TABLE) as versions of TABLE, ready for `commit`. Sends nothing; with a catalog
/// (--url or --local) it first reads what TABLE or its namespace has, to refuse versions or a
/// table that exist already.
class StageManifestsCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

private:
    /// Plans the files on `target` and prints the request, or the problems.
    void finishPlan(drop::ManifestDropPlanner::Target target);

    api::Identifier m_table;
    QStringList m_files;
    std::optional<QString> m_dataset; //!< the one dataset folder, when declaring TABLE
};

} // namespace lance::cli
