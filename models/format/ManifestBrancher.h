// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>

#include <chrono>
#include <optional>

namespace lance::format {

/// Builds the first manifest of a new branch the way Lance's `create_branch` does (Lance 8.0.0,
/// a shallow clone of the source version; checked against a branch LanceDB 0.31 made, in
/// tests/data/lance/branches): the source version's manifest, every field kept byte for byte as
/// its writer wrote it, except
///  - base_paths (18) gains one entry, the source's root (`id` one past the highest there, or
///    0; `name` the source branch, left out for main; `is_dataset_root`; `path` the plain
///    absolute path), and every data file (DataFile 7), deletion file (DeletionFile 7) and index
///    (IndexMetadata 9) that names no base gets that id: they stay where they are and are read
///    from there;
///  - branch (20) = the new branch's name;
///  - timestamp (7) = the creation time; the feature flags (9, 10) recomputed, now with base
///    paths;
///  - the transaction (12, and inline at 21): `{read_version: the version, uuid,
///    Clone{is_shallow, ref_name, ref_version, ref_path, branch_name}}`, also returned for the
///    branch's `_transactions/{version}-{uuid}.txn`;
///  - the index list, when there is one, rewritten at the start of the file (6 points at it).
/// The version number stays the source's. A source written by a library that did not record
/// itself, with unknown feature flags, or with row-id or version sequences kept in external
/// files (which have no base to point at) is refused. Pure: bytes in, bytes out, any thread.
class ManifestBrancher
{
    Q_DECLARE_TR_FUNCTIONS(ManifestBrancher)

public:
    struct Source
    {
        QByteArrayView manifest;       //!< the whole `.manifest` file of the version
        QString name;                  //!< its name, for messages
        std::optional<QString> branch; //!< the branch it is on; none for main
        QString rootPath;              //!< the branch's root (or the dataset's), absolute
    };

    struct Branched
    {
        qint64 version = 0;          //!< the source version's number, kept
        QByteArray manifest;         //!< the whole new `.manifest` file
        QByteArray transaction;      //!< the bare Transaction message, for `_transactions/`
        QString transactionFileName; //!< `{version}-{uuid}.txn`
    };

    /// `name` must have passed BranchNames::check(). `uuid` is the transaction's (36
    /// characters, hyphenated); `createTime` is counted from the Unix epoch.
    static api::Result<Branched> branch(const Source &source, const QString &name,
                                        const QString &uuid, std::chrono::nanoseconds createTime);
};

} // namespace lance::format
