// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/PageLayout.h"
#include "rows/ColumnArray.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>

namespace lance::rows {

/// Turns the buffers of one compressive encoding (`CompressiveEncoding` in
/// `protos/encodings_v2_1.proto`) back into values: a mini-block chunk's, a page's levels, a
/// dictionary. Knows Flat (booleans included), Variable, FastLanes bit-packing inline and out
/// of line, RLE, FSST and fixed-size lists with and without item validity, the encodings
/// LanceDB writes by default. Any other is refused as Unsupported, naming the encoding and
/// `where`, never decoded as something else. Every size is checked against the buffer before a
/// byte is read. Pure functions, any thread.
class ValueDecoder
{
    Q_DECLARE_TR_FUNCTIONS(ValueDecoder)

public:
    using Encoding = format::PageLayout::Encoding;

    /// Appends `count` values of `out.type` that `encoding` made of `buffers` (a mini-block
    /// chunk's value buffers, taken from the front) to `out`.
    static api::Result<void> chunk(const Encoding &encoding, QList<QByteArrayView> &buffers,
                                   quint64 count, ColumnArray &out, const QString &where);
    /// `count` unsigned integers (levels, dictionary indices) of a Flat, bit-packed or RLE
    /// encoding, taken from the front of `buffers`.
    static api::Result<QList<quint64>> integers(const Encoding &encoding,
                                                QList<QByteArrayView> &buffers, quint64 count,
                                                const QString &where);
    /// `count` values of `type` stored as one block (a page's dictionary): Variable's
    /// block form with a header of its own, or Flat.
    static api::Result<ColumnArray> block(const Encoding &encoding, QByteArrayView bytes,
                                          quint64 count, const ValueType &type,
                                          const QString &where);
    /// `count` fixed-width values of `bits` each (1 for booleans, as one byte each), raw,
    /// little-endian.
    static api::Result<QByteArray> fixed(const Encoding &encoding, QList<QByteArrayView> &buffers,
                                         quint64 count, const QString &where);

    /// Unsupported: `encoding` is not one this version decodes for `where`.
    static api::ApiError unsupported(const Encoding &encoding, const QString &where);
    /// InvalidInput: `where` is damaged, `what` says how.
    static api::ApiError damaged(const QString &where, const QString &what);
};

} // namespace lance::rows
