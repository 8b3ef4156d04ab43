// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/ManifestContents.h"
#include "format/ManifestReferences.h"
#include "rows/ColumnArray.h"
#include "rows/RowFilter.h"
#include "storage/CallControl.h"
#include "storage/ObjectStore.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>

namespace lance::rows {

/// The rows of one version of a table, as Lance scans them: fragment after fragment in the
/// manifest's order, each fragment's rows in their physical order less those its deletion file
/// removes, each column from the data file the manifest names for its field (a field no file
/// of a fragment holds, added after it was written, reads as nulls). Only the fragments, data
/// files and pages that hold the rows asked for are read. Works on a disk and on any store.
/// Any thread; the store serves calls from several at once.
class VersionRows
{
    Q_DECLARE_TR_FUNCTIONS(VersionRows)

public:
    struct Request
    {
        QStringList columns; //!< top-level fields, in this order; empty: all, in schema order
        quint64 offset = 0;  //!< live rows to skip
        quint64 limit = 100; //!< at most this many rows
        /// Only the rows this keeps (parsed against this version's schema): its column is read
        /// whole, a window of rows at a time, and the columns asked for only at the rows kept
        /// that are answered; `offset` and `limit` count kept rows.
        std::optional<RowFilter> filter;
    };

    struct Page
    {
        QList<ColumnArray> columns;
        /// Each row's address, as Lance's `_rowid` without stable row ids: the fragment's id
        /// above its physical offset (deleted rows counted).
        QList<quint64> rowAddresses;
        /// Each row's stable row id, where the table has them (Lance's `_rowid` then); empty
        /// where it has none.
        QList<quint64> rowIds;
        quint64 offset = 0;    //!< the request's
        quint64 totalRows = 0; //!< the version's live rows (that the filter keeps)

        /// The stable row ids, or the row addresses where the table has none, as a `uint64`
        /// column named `_rowid`, as LanceDB names it.
        ColumnArray rowIdColumn() const;
    };

    /// Rows of the version `manifest` describes, whose files are under `prefix` (the table's
    /// root, a key ending in `/`) of `store`; `place` says where the manifest is (a branch).
    static api::Result<Page> read(storage::ObjectStore &store, const QString &prefix,
                                  const format::ManifestContents &manifest,
                                  const format::ManifestReferences::Place &place,
                                  const Request &request, const storage::CallControl &control);
    /// The rows at `addresses` (a fragment's id above a physical offset, ascending), of the
    /// `columns` asked for (empty: all): a sample of the rows one version has and another has
    /// not. `totalRows` is left 0. InvalidInput for an address no fragment of the version holds.
    static api::Result<Page> readAt(storage::ObjectStore &store, const QString &prefix,
                                    const format::ManifestContents &manifest,
                                    const format::ManifestReferences::Place &place,
                                    const QList<quint64> &addresses, const QStringList &columns,
                                    const storage::CallControl &control);
    /// `fragment`'s stable row ids by physical offset (deleted rows included); none where the
    /// table has none.
    static api::Result<QList<quint64>> rowIds(storage::ObjectStore &store, const QString &prefix,
                                              const format::ManifestContents &manifest,
                                              const format::ManifestReferences::Place &place,
                                              const format::ManifestContents::Fragment &fragment,
                                              const storage::CallControl &control);
    /// The physical offsets `fragment`'s deletion file removes, ascending; none without one.
    static api::Result<QList<quint32>> deletedRows(
        storage::ObjectStore &store, const QString &prefix,
        const format::ManifestContents &manifest, const format::ManifestReferences::Place &place,
        const format::ManifestContents::Fragment &fragment, const storage::CallControl &control);
};

} // namespace lance::rows
