// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"
#include "engine/TableFolder.h"

#include <QCoreApplication>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace lance::engine {

/// A branch's files in a Lance dataset, on a disk or on a store, written and removed the way
/// Lance 8 does, so that LanceDB opens, lists and deletes the branches made here as its own:
/// `tree/<name>/_versions/` (the first manifest, format::ManifestBrancher, and
/// `latest_version_hint.json`), `tree/<name>/_transactions/` (its Clone transaction) and, last,
/// `_refs/branches/<name>.json`, created only if absent: until that object is there the branch
/// does not exist for any reader, and of two creators of one name (threads, servers, LanceDB)
/// the one whose ref is there has it; the other takes back the files it wrote (the first
/// manifest is claimed only if absent too, so two from one version part there). The hint is
/// written by the winner, after its ref. On a disk every file is synced before the next is
/// written (storage::LocalStore). Blocking work: never the GUI thread.
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

    /// Every branch of the dataset in `table`, by name (format::BranchRefs); none without
    /// `_refs/branches/`. A ref file that is not a branch's is InvalidTableState with its name.
    static api::Result<QMap<QString, api::BranchContents>> read(const TableFolder &table);
    /// True when the branch `name` has its ref in `table` (false too when the store cannot
    /// say).
    static bool exists(const TableFolder &table, const QString &name);
    /// The tags Lance itself keeps in `_refs/tags/` (LanceDB's `tags.create`) that name a
    /// version of `branch`, sorted: they would point at nothing once it is deleted.
    static api::Result<QStringList> lanceTagsOn(const TableFolder &table, const QString &branch);

    /// Creates the branch `name` (checked by format::BranchNames) of the dataset in `table`,
    /// starting at the manifest whose key is `sourceManifest`, of `sourceBranch` (none: main).
    /// TableBranchAlreadyExists when the name is taken.
    static api::Result<Created> create(const TableFolder &table, const QString &name,
                                       const std::optional<QString> &sourceBranch,
                                       const QString &sourceManifest);
    /// Removes the branch's object in `_refs/branches/`, then its own files under `tree/<name>/`
    /// (not those of branches named below it, `<name>/...`); files that cannot be removed then
    /// are logged and left, unused. TableBranchNotFound when there is no such branch.
    /// `branches` are the dataset's branches as the caller read them.
    static api::Result<void> remove(const TableFolder &table, const QString &name,
                                    const QStringList &branches);

private:
    static api::ApiError alreadyExists(const QString &name);
    /// The JSON Lance 8 writes for a branch (its `identifier` extends the parent's).
    static QByteArray refJson(const TableFolder &table, const std::optional<QString> &parent,
                              const api::BranchContents &contents);
    /// On a disk: the branch's `own` folders (of BranchNames::ownFolders()), whole, then the
    /// folders left empty from `tree/<name>/` up to `tree/`. A store has no folders to leave.
    static void removeOwnFolders(const TableFolder &table, const QString &name,
                                 const QSet<QString> &own);
};

} // namespace lance::engine
