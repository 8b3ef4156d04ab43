// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>

namespace lance::rows {

/// A fragment's stable row ids: Lance's `RowIdSequence` (protos/rowids.proto), the ids of the
/// fragment's rows in their physical order, deleted rows included. A table with stable row ids
/// keeps a row's id when an update or compaction moves the row, so that `_rowid` names the
/// same row in every version; without them, `_rowid` is the row's address and changes when
/// the row moves.
///
/// The sequence is a list of segments, each as compact as its ids allow: a range, a range with
/// a few holes (listed) or many (a bitmap of the ids present), or an array, sorted or not, of
/// offsets from a base in 16, 32 or 64 bits.
class RowIdSequence
{
    Q_DECLARE_TR_FUNCTIONS(RowIdSequence)

public:
    /// The ids of `bytes`, which must hold exactly `rows` of them; `where` names the fragment
    /// in problems. Segments are counted before any id is expanded, so a damaged range of
    /// 2^60 ids is refused rather than allocated.
    static api::Result<QList<quint64>> decode(QByteArrayView bytes, quint64 rows,
                                              const QString &where);
};

} // namespace lance::rows
