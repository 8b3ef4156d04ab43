// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"

#include <QCoreApplication>
#include <QString>

#include <chrono>

namespace lance::format {

/// Writes the files of "restore version N": the transaction in the dataset's `_transactions/`
/// and the new manifest (ManifestRestorer) as a staged file beside N's in `_versions/`,
/// `<final name of M>-<uuid>`, which no Lance reader takes for a version. Committing moves it
/// to its final name: a CreateTableVersion of Staged::manifestFile, alone (the server's
/// RestoreTable) or in the window's batch. Both files are synced to disk before this returns,
/// so a commit never names a manifest a power loss could take back. Blocking file work: any
/// thread but the GUI's.
class RestoredVersionWriter
{
    Q_DECLARE_TR_FUNCTIONS(RestoredVersionWriter)

public:
    struct Staged
    {
        qint64 restoredVersion = 0; //!< N
        qint64 version = 0;         //!< M, the latest version + 1
        QString manifestFile;       //!< the staged manifest, an absolute local path
        qint64 manifestSize = 0;
        api::ManifestNamingScheme scheme = api::ManifestNamingScheme::V2; //!< N's name's
        QString transactionFile; //!< the `.txn` file, an absolute local path
        QString transactionId;   //!< the uuid of Lance's transaction
    };

    /// What stage() writes, before it is written: the names and the bytes.
    struct Built
    {
        Staged staged;
        QByteArray manifest;
        QByteArray transaction;
    };

    /// Restores the manifest at `sourceFile` (version N, a final manifest in its dataset's
    /// `_versions/`) on top of the one at `latestFile` (the latest version, listed or staged):
    /// build(), then write().
    static api::Result<Staged> stage(const QString &sourceFile, const QString &latestFile);
    /// The restored manifest and its transaction, named for N's dataset, without writing them
    /// (the window keeps them aside until the commit: details::RestoreSpool). `latestFile` may
    /// be anywhere: a staged latest version is read where it is kept.
    static api::Result<Built> build(const QString &sourceFile, const QString &latestFile);
    /// Writes `built`'s files where they are named, the transaction first, both synced; on
    /// failure neither stays.
    static api::Result<void> write(const Built &built);
    /// Removes the files stage() wrote, when the commit that was to use them failed.
    static void discard(const Staged &staged);
};

} // namespace lance::format
