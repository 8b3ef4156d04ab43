// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/DataFileLayout.h"
#include "rows/ColumnArray.h"
#include "rows/FieldTree.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>

#include <functional>

namespace lance::rows {

/// Reads the values of some top-level fields, for a range of rows, from one Lance data file
/// whose layout is known: only the pages of those fields' columns that hold those rows, and of
/// them only what holds those rows (PageDecoder), decoded and nested back together
/// (LevelAssembler). A file of format 2.0, whose columns are laid out otherwise, is read by
/// LegacyColumnReader. Pure apart from `read`, any thread.
class DataFileReader
{
    Q_DECLARE_TR_FUNCTIONS(DataFileReader)

public:
    /// Bytes [position, position + size) of the file.
    using ReadRange = std::function<api::Result<QByteArray>(quint64 position, quint64 size)>;

    /// The arrays of `fields`, rows [from, from + count) of the file (cut at its end).
    /// `columnOf` maps a leaf's field id to its column in this file (a manifest's
    /// `DataFile.fields` and `column_indices`; in 2.0 every field's, parents too); a leaf it
    /// does not map is read as nulls.
    /// `name` names the file in problems.
    static api::Result<QList<ColumnArray>> read(const format::DataFileLayout &layout,
                                                const QHash<qint32, qint32> &columnOf,
                                                const QList<const FieldTree::Node *> &fields,
                                                quint64 from, quint64 count, const ReadRange &read,
                                                const QString &name);
};

} // namespace lance::rows
