// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/PageLayout.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>

namespace lance::format {

/// The chunks of a mini-block page, each cut into its levels' and its values' buffers, as
/// Lance writes them (`serialize_miniblocks` in `rust/lance-encoding`): the page's buffer 0
/// holds one u16 word per chunk (its size in 8-byte words less one, above the log2 of its value
/// count; the last chunk's count is what is left of the page's), buffer 1 the chunks back to
/// back. A chunk starts with its level count and the sizes of its buffers, then each buffer
/// padded to 8 bytes. Every size is checked against the chunk and the page. The buffers are
/// still compressed (PageLayout says how). Pure functions, any thread.
class MiniBlockChunks
{
    Q_DECLARE_TR_FUNCTIONS(MiniBlockChunks)

public:
    struct Chunk
    {
        quint64 values = 0;
        quint16 levels = 0; //!< repetition and definition levels in the chunk; 0 without
        QByteArrayView repetition;
        QByteArrayView definition;
        QList<QByteArrayView> buffers; //!< PageLayout::buffersPerChunk value buffers
    };

    /// Where one chunk is in the page's buffer 1, and how many values it holds.
    struct Span
    {
        qsizetype offset = 0;
        qsizetype bytes = 0;
        quint64 values = 0;
    };

    /// The chunks' places and value counts from the page's buffer 0 alone, so that a reader can
    /// fetch only the chunks it needs; checked against the page's `dataSize` and value count.
    static api::Result<QList<Span>> spans(const PageLayout &layout, QByteArrayView metadata,
                                          quint64 dataSize, const QString &where);

    /// The chunks of a page laid out as `layout` (a mini-block one), whose buffer 0 is
    /// `metadata` and buffer 1 `data`; `where` names the page in problems.
    static api::Result<QList<Chunk>> read(const PageLayout &layout, QByteArrayView metadata,
                                          QByteArrayView data, const QString &where);
};

} // namespace lance::format
