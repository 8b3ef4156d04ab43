// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/DataFileLayout.h"
#include "rows/LevelAssembler.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>

#include <functional>

namespace lance::rows {

/// Decodes one page of a leaf column (formats 2.1 and 2.2) into its values and the nesting
/// around them: mini-block pages chunk by chunk (with their dictionary), all-null pages and
/// full-zip pages; blob pages are refused as Unsupported. Files of format 2.0 encode their pages
/// otherwise and are read by LegacyColumnReader.
///
/// Asked for some of a page's rows, it reads and decodes only the mini-block chunks that hold
/// them: the chunks' sizes come from the page's first buffer, and where rows start from the
/// value counts (a page without lists: a row is a value) or from the repetition index (a page
/// with lists: the rows each chunk ends). The first 100 rows of a column of a million cost a
/// chunk or two, not the page. Of a full-zip page it reads only the entries of those rows
/// (FullZipDecoder::rowSpan()). Pure functions apart from the reads, any thread.
class PageDecoder
{
    Q_DECLARE_TR_FUNCTIONS(PageDecoder)

public:
    /// A page that says it holds more rows than this is refused as damaged, rather than have
    /// its nulls or levels allocated: Lance writes pages of far fewer.
    static constexpr quint64 MaxPageRows = quint64{1} << 26;
    /// A read of more of a page than this is refused rather than made.
    static constexpr quint64 MaxReadBytes = quint64{1} << 30;

    /// Bytes [position, position + size) of the file the page is in.
    using ReadRange = std::function<api::Result<QByteArray>(quint64 position, quint64 size)>;

    /// Rows [from, to) of the page `page` (numbered in the page), its buffers read through
    /// `read`; `leaf` is an empty array of the column's leaf type (with an item child for a
    /// fixed-size list).
    static api::Result<LevelAssembler::Assembled>
    decode(const format::DataFileLayout::Page &page, const ReadRange &read, const ColumnArray &leaf,
           const QString &where, quint64 from, quint64 to);
    /// All the page's rows, its buffers' bytes given (in the page's order).
    static api::Result<LevelAssembler::Assembled> decode(const format::DataFileLayout::Page &page,
                                                         const QList<QByteArrayView> &buffers,
                                                         const ColumnArray &leaf,
                                                         const QString &where);
};

} // namespace lance::rows
