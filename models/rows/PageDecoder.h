// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/DataFileLayout.h"
#include "rows/LevelAssembler.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>

namespace lance::rows {

/// Decodes one page of a leaf column (formats 2.1 and 2.2) into its values and the nesting
/// around them: mini-block pages chunk by chunk (with their dictionary), all-null pages and
/// full-zip pages; blob pages and 2.0's encodings are refused as Unsupported. Pure functions,
/// any thread.
class PageDecoder
{
    Q_DECLARE_TR_FUNCTIONS(PageDecoder)

public:
    /// A page that says it holds more rows than this is refused as damaged, rather than have
    /// its nulls or levels allocated: Lance writes pages of far fewer.
    static constexpr quint64 MaxPageRows = quint64{1} << 26;

    /// The page `page`, whose buffers' bytes are `buffers` (in the page's order); `leaf` is an
    /// empty array of the column's leaf type (with an item child for a fixed-size list).
    static api::Result<LevelAssembler::Assembled> decode(const format::DataFileLayout::Page &page,
                                                         const QList<QByteArrayView> &buffers,
                                                         const ColumnArray &leaf,
                                                         const QString &where);
};

} // namespace lance::rows
