// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/ManifestContents.h"
#include "format/ManifestReferences.h"
#include "storage/CallControl.h"
#include "storage/ObjectStore.h"

#include <QCoreApplication>
#include <QList>

namespace lance::rows {

/// The rows one version of a table holds and another does not.
///
/// Where both versions have stable row ids (every fragment of each), rows are matched by id:
/// a row an update or compaction moved is in both. The rows of fragments both versions list
/// unchanged are in both and are not read; of the others, each version's row ids and deletion
/// files are read. The sample is of each side's first rows, by address.
///
/// Otherwise they are matched by row address (a fragment's
/// id above a physical offset, what `_rowid` is without stable row ids): a fragment only one
/// version lists (or whose id the other gives to other files, as after an overwrite) brings
/// all its live rows, a fragment both list the rows one deletion file removes and the other
/// does not. Only deletion files of fragments both list differently are
/// read; counts are exact, and the first addresses of each side are kept as a sample to show.
/// Rows that compaction moved, or an update rewrote, are counted on both sides: their address
/// changed. Any thread.
class RowChanges
{
    Q_DECLARE_TR_FUNCTIONS(RowChanges)

public:
    struct Side
    {
        qint64 rows = 0;
        QList<quint64> sample; //!< the first addresses, ascending
    };

    Side onlyInFrom;
    Side onlyInTo;
    /// Whether rows were matched by stable row id (else by address).
    bool byStableId = false;

    /// One version of the table, whose files are under `prefix` of `store` (two copies of a
    /// table, a writer's and the catalog's, are compared by the same addresses).
    struct Version
    {
        storage::ObjectStore &store;
        QString prefix;
        const format::ManifestContents &manifest;
        format::ManifestReferences::Place place;
    };

    /// A live row of a table with stable row ids: its id, and its address in its version.
    struct IdentifiedRow
    {
        quint64 id = 0;
        quint64 address = 0;
    };
    /// The live rows of `fragment` of `version` (its rows less `deleted`, ascending), in their
    /// physical order, with their stable ids (none where the table has none).
    static api::Result<QList<IdentifiedRow>>
    identifiedRows(const Version &version, const format::ManifestContents::Fragment &fragment,
                   const QList<quint32> &deleted, const storage::CallControl &control);
    static api::Result<RowChanges> compute(const Version &from, const Version &to,
                                           qsizetype sampleSize,
                                           const storage::CallControl &control);
};

} // namespace lance::rows
