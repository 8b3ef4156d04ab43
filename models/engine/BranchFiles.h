// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace lance::engine {

/// A branch's files in a Lance dataset on this machine, written and removed the way Lance 8
/// does, so that LanceDB opens, lists and deletes the branches made here as its own:
/// `tree/<name>/_versions/` (the first manifest, format::ManifestBrancher, and
/// `latest_version_hint.json`), `tree/<name>/_transactions/` (its Clone transaction) and, last,
/// `_refs/branches/<name>.json`, moved into place without replacing: until that file is there
/// the branch does not exist for any reader. The first manifest is claimed the same way, so of
/// two creators of one name (threads, servers, LanceDB) one wins and the other removes only
/// the files it wrote.
/// Every file is synced before the next is written. Blocking file work: never the GUI thread.
class BranchFiles
{
    Q_DECLARE_TR_FUNCTIONS(BranchFiles)

public:
    struct Created
    {
        api::TableVersion version; //!< the branch's first version, as it is to be recorded
        api::BranchContents contents;
        QString transactionId;
    };

    /// Creates the branch `name` (checked by format::BranchNames) of the dataset in
    /// `datasetFolder`, starting at the manifest `sourceManifest` of `sourceBranch` (none:
    /// main). TableBranchAlreadyExists when the name is taken.
    static api::Result<Created> create(const QString &datasetFolder, const QString &name,
                                       const std::optional<QString> &sourceBranch,
                                       const QString &sourceManifest);
    /// Removes the branch's file in `_refs/branches/`, then its own files under `tree/<name>/`
    /// (not those of branches named below it, `<name>/...`); files that cannot be removed then
    /// are logged and left, unused. TableBranchNotFound when there is no such branch.
    /// `branches` are the dataset's branches as the caller read them (format::BranchRefs).
    static api::Result<void> remove(const QString &datasetFolder, const QString &name,
                                    const QStringList &branches);

    /// `_refs/branches/<name>.json`.
    static QString refFile(const QString &datasetFolder, const QString &name);

private:
    static api::ApiError alreadyExists(const QString &name);
    /// Writes `content` to `staged` (synced), then moves it to `target` without replacing:
    /// false, with `staged` removed, when `target` exists.
    static api::Result<bool> claim(const QString &staged, const QString &target,
                                   const QByteArray &content);
    /// The JSON Lance 8 writes for a branch (its `identifier` extends the parent's).
    static QByteArray refJson(const QString &datasetFolder, const std::optional<QString> &parent,
                              const api::BranchContents &contents);
};

} // namespace lance::engine
