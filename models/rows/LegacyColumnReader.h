// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/DataFileLayout.h"
#include "rows/ColumnArray.h"
#include "rows/FieldTree.h"
#include "rows/PageBuffers.h"

#include <QCoreApplication>
#include <QHash>

namespace lance::rows {

/// Reads a field's values, for a range of rows, from a data file of Lance file format 2.0,
/// whose columns are laid out unlike 2.1's: every field has a column of its own, parents
/// included, in schema order. A list's column holds its offsets, page by page, each page's
/// counted from the items of the pages before it, and its items are rows of the item field's
/// column; a struct's column is a header without data (2.0 has no null structs), its fields'
/// columns hold its values; a fixed-size list of numbers is one column. So a list's rows are
/// read as their offsets, which say which rows of its items column to read, and so on down.
///
/// Pages are found by counting their rows, and of each only the rows asked for are decoded
/// (LegacyPageDecoder). Pure apart from the reads, any thread.
class LegacyColumnReader
{
    Q_DECLARE_TR_FUNCTIONS(LegacyColumnReader)

public:
    /// Rows [from, to) of `field` (to within the file's rows). `columnOf` maps each field's id to
    /// its column in this file (a manifest's `DataFile.fields` and `column_indices`); a field it
    /// does not map is read as nulls. `name` names the file in problems.
    static api::Result<ColumnArray> read(const format::DataFileLayout &layout,
                                         const QHash<qint32, qint32> &columnOf,
                                         const FieldTree::Node &field, quint64 from, quint64 to,
                                         const PageBuffers::ReadRange &read, const QString &name);
};

} // namespace lance::rows
