// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"

#include <QStringList>

#include <optional>

namespace lance::drop {

/// What dropping local Lance files on a table or a namespace would stage, worked out by
/// ManifestDropPlanner before anything is staged.
///
/// The valid part and the problems are kept apart: `operations` holds only operations that can
/// be staged as they are, in staging order; everything that stopped a file or folder is in
/// `problems`. A drop with problems stages nothing unless the person confirms staging the valid
/// part, which is then `operations` as they stand.
struct ManifestDropPlan
{
    /// Why a file or folder of the drop cannot be staged.
    struct Problem
    {
        enum class Kind {
            Refused,          //!< not a readable Lance manifest, or its name and content disagree
            NotLance,         //!< missing, or neither a manifest, a `_versions/` nor a dataset
            WrongTarget,      //!< a dataset dropped on a table, or manifests on a namespace
            KnownVersion,     //!< the table has this version already
            DuplicateVersion, //!< more than one file of the drop is this version
            TableName,        //!< a dataset's table name is invalid or taken: rename it
            NeedsMapping,     //!< the profile's path mapping does not cover `path`
        };

        Kind kind = Kind::Refused;
        QString path;                  //!< the local file or folder concerned
        QString message;               //!< one translated sentence naming it
        std::optional<qint64> version; //!< KnownVersion and DuplicateVersion

        bool operator==(const Problem &) const = default;
    };

    /// A dataset folder that becomes a table: one DeclareTable and its versions.
    struct Dataset
    {
        QString folder;    //!< the local folder, absolute
        QString tableName; //!< the folder's name without `.lance`, or the one it was renamed to

        bool operator==(const Dataset &) const = default;
    };

    /// The valid part, in staging order: per table ascending versions, a DeclareTable before
    /// the versions of its dataset.
    QList<api::CommitTableOperation> operations;
    /// Files left out on purpose (detached and staging manifests, stray files in a
    /// `_versions/` folder), one translated sentence each. `latest_version_hint.json` is left
    /// out without a note.
    QStringList notes;
    QList<Problem> problems;
    /// Every dataset folder of a drop on a namespace, with the table name it was planned
    /// under, so the table name can be offered for editing.
    QList<Dataset> datasets;

    bool hasProblems() const { return !problems.isEmpty(); }
    /// True when some path lies outside the profile's path mapping: ask for the mapping, then
    /// plan the drop again.
    bool needsMapping() const;
    /// The paths of the NeedsMapping problems, in drop order: where to suggest a mapping from.
    QStringList unmappedPaths() const;
    QStringList problemMessages() const;
    /// The valid part as one batch, ready to commit or print.
    api::BatchCommitTablesRequest toBatchCommitRequest() const;

    bool operator==(const ManifestDropPlan &) const = default;
};

} // namespace lance::drop
