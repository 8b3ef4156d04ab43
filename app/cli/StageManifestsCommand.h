// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"
#include "drop/ManifestDropPlanner.h"

namespace lance::cli {

/// `stage-manifests TABLE FILE... [--map LOCAL=URI]`: prints the BatchCommitTablesRequest that
/// registers Lance manifests (files, `_versions/` folders, or one dataset folder that also
/// declares TABLE) as versions of TABLE, ready for `commit`. Sends nothing; with a catalog
/// (--url or --local) it first reads what TABLE or its namespace has, to refuse versions or a
/// table that exist already. A FILE that is a URI of an object store names a manifest of TABLE
/// there: it is read on the store (CliCommand::withManifestAccess()) and checked as a file is.
class StageManifestsCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

private:
    /// Plans the files on `target` and prints the request, or the problems.
    void finishPlan(drop::ManifestDropPlanner::Target target);
    /// Reads the URIs on TABLE's store, then plans them on `target` as finishPlan() does.
    void planUris(drop::ManifestDropPlanner::Target target);
    /// Prints `plan`'s request, or its problems.
    void print(const drop::ManifestDropPlan &plan);

    api::Identifier m_table;
    QStringList m_files;
    QStringList m_uris;               //!< manifests on TABLE's object store
    std::optional<QString> m_dataset; //!< the one dataset folder, when declaring TABLE
};

} // namespace lance::cli
