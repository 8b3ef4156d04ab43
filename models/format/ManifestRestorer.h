// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>

#include <chrono>

namespace lance::format {

/// Builds the manifest of "restore version N as version M" the way Lance's own restore does
/// (Lance 8.0.0, `Dataset::restore` and `Transaction::restore_old_manifest`): version N's
/// manifest, every field kept byte for byte as its writer wrote it, except
///  - version (3) = M, the latest version L + 1, and timestamp (7) = the commit time;
///  - the transaction it names (12, and its inline copy at 21): `{read_version: L, uuid,
///    Restore{version: N}}`, also returned for `_transactions/{L}-{uuid}.txn`;
///  - the index list N had, copied to the start of the file (6 points at it);
///  - max_fragment_id (11) = the larger of N's and L's, so that ids L used are never reused;
///  - next_row_id (14) = the larger of N's and L's, for the same reason with stable row ids
///    (Lance 8.0.0 kept N's, which let later appends reuse row ids; fixed in lance#8671);
///  - the feature flags (9, 10) recomputed from the restored content, as every Lance commit
///    does: deletion files, stable row ids, table config, base paths.
/// N written by a library that did not record itself, or with feature flags this build does not
/// know, is refused, as Lance's notes advise for tools that cannot rebuild what is missing.
/// Pure: bytes in, bytes out, any thread.
class ManifestRestorer
{
    Q_DECLARE_TR_FUNCTIONS(ManifestRestorer)

public:
    struct Restored
    {
        qint64 restoredVersion = 0;  //!< N
        qint64 version = 0;          //!< M
        QByteArray manifest;         //!< the whole new `.manifest` file
        QByteArray transaction;      //!< the bare Transaction message, for `_transactions/`
        QString transactionFileName; //!< `{L}-{uuid}.txn`
    };

    /// `source`: the whole manifest file of N; `latest`: that of the latest version L. Their
    /// names are for messages. `uuid` is the transaction's (36 characters, hyphenated);
    /// `commitTime` is counted from the Unix epoch, in nanoseconds as Lance records it.
    static api::Result<Restored> restore(QByteArrayView source, const QString &sourceName,
                                         QByteArrayView latest, const QString &latestName,
                                         const QString &uuid, std::chrono::nanoseconds commitTime);
};

} // namespace lance::format
