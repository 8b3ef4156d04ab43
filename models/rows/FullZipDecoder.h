// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/PageLayout.h"
#include "rows/ColumnArray.h"
#include "rows/PageBuffers.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>

#include <optional>

namespace lance::rows {

/// Unzips a full-zip page, the layout Lance gives wide values (256 bytes or more: long strings,
/// large vectors): one record per level entry, a control word holding its repetition level
/// above its definition level, then, if the entry reaches the leaf, its value: a fixed-width
/// value always (zeros for a null), a variable-width one only when not null, as a length and
/// its bytes, themselves compressed per value with FSST or zstd
/// (`serialize_full_zip_fixed`, `serialize_full_zip_variable` in `rust/lance-encoding`).
/// Pure functions, any thread.
class FullZipDecoder
{
    Q_DECLARE_TR_FUNCTIONS(FullZipDecoder)

public:
    struct Unzipped
    {
        QList<quint16> repetition; //!< empty when the page has none
        QList<quint16> definition; //!< empty when the page has none
        ColumnArray values;        //!< the values of the entries that reach the leaf
    };

    /// The page `zipped` (its buffer 0) laid out as `layout` (a full-zip one), its values of
    /// the type `values` already has (an empty array, with an item child for a fixed-size list).
    static api::Result<Unzipped> unzip(const format::PageLayout &layout, QByteArrayView zipped,
                                       ColumnArray values, const QString &where);
    /// Where the entries of rows [from, to) of a full-zip page of `rows` rows lie in its data
    /// (buffer 0), so that only they are read and unzipped: at a fixed stride when its values
    /// are of a fixed width and it has no repetition (an entry a row), else as its repetition
    /// index (buffer 1: each row's start, in 1, 2, 4 or 8 bytes) says. Nothing when the page
    /// has neither: it is read whole. `buffers` are the page's.
    struct Span
    {
        quint64 offset = 0;
        quint64 size = 0;
    };
    static api::Result<std::optional<Span>> rowSpan(const format::PageLayout &layout, quint64 rows,
                                                    const PageBuffers &buffers, quint64 from,
                                                    quint64 to, const QString &where);
};

} // namespace lance::rows
