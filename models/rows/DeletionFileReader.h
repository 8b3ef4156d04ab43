// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>

namespace lance::rows {

/// The row offsets a Lance deletion file removes from its fragment
/// (`rust/lance-table/src/io/deletion.rs`): an Arrow IPC file of one non-null `UInt32` column
/// (`.arrow`, for fewer than 5,000 deletions; its buffers may be zstd-compressed, and the offsets
/// come in no particular order) or a portable Roaring bitmap (`.bin`). Pure, any thread.
class DeletionFileReader
{
    Q_DECLARE_TR_FUNCTIONS(DeletionFileReader)

public:
    /// A deletion file holding more offsets than this is refused rather than read.
    static constexpr quint64 MaxOffsets = quint64{1} << 28;

    /// The offsets `bytes` deletes, ascending; `fileType` is the manifest's
    /// (0 `.arrow`, 1 `.bin`), `name` names the file in problems.
    static api::Result<QList<quint32>> decode(QByteArrayView bytes, quint64 fileType,
                                              const QString &name);
};

} // namespace lance::rows
