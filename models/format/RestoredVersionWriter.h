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
/// RestoreTable, which writes the files itself, on a disk or a store) or in the window's
/// batch. Both files are synced to disk before this returns,
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
        QString manifestFile;       //!< the staged manifest: an absolute local path, or a key
        qint64 manifestSize = 0;
        api::ManifestNamingScheme scheme = api::ManifestNamingScheme::V2; //!< N's name's
        QString transactionFile; //!< the `.txn` file, spelled as manifestFile
        QString transactionId;   //!< the uuid of Lance's transaction
    };

    /// The files of a restore, before they are written: the names and the bytes.
    struct Built
    {
        Staged staged;
        QByteArray manifest;
        QByteArray transaction;
    };

    /// The manifest at `sourceFile` (version N, a final manifest in its dataset's `_versions/`)
    /// restored on top of the one at `latestFile` (the latest version, listed or staged), with
    /// its transaction, named for N's dataset, without writing them (the window keeps them
    /// aside until the commit: details::RestoreSpool). `latestFile` may be anywhere: a staged
    /// latest version is read where it is kept.
    static api::Result<Built> build(const QString &sourceFile, const QString &latestFile);
    /// build() from bytes read anywhere, a store included. `sourcePath` is where N's manifest
    /// is, `/`-separated (an absolute path or a key in a store): the names in Built are spelled
    /// the same way. The labels name the two manifests in messages.
    static api::Result<Built> buildFromBytes(const QByteArray &source, const QString &sourcePath,
                                             const QString &sourceLabel, const QByteArray &latest,
                                             const QString &latestLabel);
    /// Writes `built`'s files where they are named, the transaction first, both synced; on
    /// failure neither stays.
    static api::Result<void> write(const Built &built);
};

} // namespace lance::format
