// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "format/ManifestContents.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace lance::format {

/// Where the files a version needs are, and what kind each file of a table's folder is. A
/// version needs what Lance's cleanup (`rust/lance/src/dataset/cleanup.rs`) counts: its
/// manifest, the data files and deletion files of its fragments, its transaction file, and
/// the folder of each of its indexes (`_indices/<uuid>/`, whatever that folder holds);
/// ReferenceIndex collects them. Paths are relative to the table's root (`data/x.lance`,
/// `tree/dev/_versions/…`); a file under a base path outside the table (a shallow clone's
/// source elsewhere) is counted apart. Pure: any thread.
class ManifestReferences
{
    Q_DECLARE_TR_FUNCTIONS(ManifestReferences)

public:
    /// What a file of a table's folder is, by where it is and how it is named.
    enum class Kind {
        Data,        //!< `data/*.lance`
        Deletion,    //!< `_deletions/*.arrow` or `*.bin`
        Index,       //!< anything in `_indices/<uuid>/`
        Manifest,    //!< `_versions/*.manifest`, and a temporary one in `_versions/.tmp…`
        Transaction, //!< `_transactions/*.txn`
        Other,       //!< the version hint, `_refs/`, `.lance-reserved`: never a version's
    };

    /// The kind of `path` (relative to the table's root), in the table's own folders or those
    /// of a branch (`tree/<branch>/data/…`).
    static Kind kindOf(const QString &path);
    /// `_indices/<uuid>/` for a path of an index's file; empty for any other path.
    static QString indexFolderOf(const QString &path);
    /// The kind as a steward reads it: "data", "deletion", "index", "manifest", "transaction",
    /// "other"; also the spelling of the JSON answers.
    static QString kindName(Kind kind);
    /// Lance's name of a fragment's deletion file: `{fragment}-{read_version}-{id}.{arrow|bin}`.
    static QString deletionFileName(quint64 fragmentId, const ManifestContents::DeletionFile &file);

    /// Where one version's manifest is: `ownRoot` is the folder whose `_versions/` holds it,
    /// relative to the table's root (empty for main, `tree/dev/` for the branch `dev`), and
    /// `tableRoot` is how Lance writes the table's root in base paths (its absolute path, or
    /// its URI on a store).
    struct Place
    {
        QString manifestPath; //!< relative to the table's root
        QString ownRoot;
        QString tableRoot;
    };

    /// The folder, relative to the table's root, that holds the files of `folder` (`data/`,
    /// `_deletions/`, `_indices/`) written under base `baseId` (none: the version's own root);
    /// nothing for a base outside the table or one the manifest does not list.
    static std::optional<QString> folderOf(const ManifestContents &manifest,
                                           const std::optional<quint32> &baseId,
                                           const QString &folder, const Place &place);
    /// The folder (relative to the table's root, ending in `/`, or empty for the root itself)
    /// that `basePath` names, when it is the table's root or under it; nothing otherwise.
    static std::optional<QString> folderInTable(const QString &basePath, const QString &tableRoot);
};

} // namespace lance::format
