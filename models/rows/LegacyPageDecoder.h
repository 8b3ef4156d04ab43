// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "rows/ColumnArray.h"
#include "rows/LegacyEncoding.h"
#include "rows/PageBuffers.h"

#include <QCoreApplication>
#include <QList>

namespace lance::rows {

/// Decodes rows of one page of a Lance file format 2.0 column into its values, as LanceDB's
/// reader of 2.0 does: a page there holds one Arrow array, its validity as a bitmap, fixed-width
/// values back to back, strings as their end offsets (a null one's raised by the page's null
/// adjustment) and their bytes, dictionaries with 0 for null, fixed-size lists as their items.
/// The encodings LanceDB writes in 2.0 by default are read: Nullable (no, some and all nulls),
/// Flat (booleans as bits), FixedSizeList, Binary and Dictionary; any other (bit-packing, FSST,
/// compressed buffers, packed structs...) is refused as Unsupported, naming the encoding and
/// the column, never decoded as something else.
///
/// Every value of 2.0 sits at a place its row number gives, so rows [from, to) cost the bytes
/// of those rows and not the page's: a string's bytes start where the row before it ended, a
/// bitmap's byte at from / 8. Pure functions apart from the reads, any thread.
class LegacyPageDecoder
{
    Q_DECLARE_TR_FUNCTIONS(LegacyPageDecoder)

public:
    /// The buffers a page's encodings may name: the page's own, its column's, the file's.
    struct Buffers
    {
        const PageBuffers &page;
        const PageBuffers &column;
        const PageBuffers &file;
    };

    /// Rows [from, to) (numbered in the page, within its rows) of a page of `encoding` into an
    /// array like `leaf` (an empty array of the column's type, with an item child for a
    /// fixed-size list). `where` names the page in problems.
    static api::Result<ColumnArray> values(const LegacyEncoding &encoding, const Buffers &buffers,
                                           const ColumnArray &leaf, quint64 from, quint64 to,
                                           const QString &where);
    /// Rows [from, to) of a page of unsigned integers (a list's offsets).
    static api::Result<QList<quint64>> integers(const LegacyEncoding &encoding,
                                                const Buffers &buffers, quint64 from, quint64 to,
                                                const QString &where);

    /// Unsupported: `encoding` is not one this version decodes for `where`.
    static api::ApiError unsupported(const LegacyEncoding &encoding, const QString &where);
};

} // namespace lance::rows
