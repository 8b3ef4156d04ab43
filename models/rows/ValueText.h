// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "rows/ColumnArray.h"

#include <QCoreApplication>
#include <QString>

namespace lance::rows {

/// A value as a person reads it: what a cell of the Rows tab and of `lance-catalog rows` shows.
/// Dates and times in ISO 8601 (a timestamp in its own unit and time zone), decimals with their
/// point, binaries in hex, lists in brackets and structs in braces; null as "null". compact()
/// fits a cell: a vector of numbers shows its first items and its length, long strings and
/// lists are cut with an ellipsis, line breaks are shown as \n. full() is the whole value, for
/// a tooltip and the clipboard. Pure, any thread.
class ValueText
{
    Q_DECLARE_TR_FUNCTIONS(ValueText)

public:
    /// At most about `limit` characters.
    static QString compact(const ColumnArray &array, qint64 row, int limit = 80);
    static QString full(const ColumnArray &array, qint64 row);
    /// The type as a column header's tooltip says it: `int64`, `timestamp[us, UTC]`,
    /// `list<string>`, `struct<x: int32, y: string>`, `vector<float, 64>`.
    static QString typeText(const ColumnArray &array);
};

} // namespace lance::rows
