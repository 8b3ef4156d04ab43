// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "rows/ColumnArray.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>

namespace lance::rows {

/// Reads an Arrow IPC file or stream (what QueryTable answers, from our server or any other)
/// into columns: the schema message, then every record batch, appended. Reads the types a
/// catalog holds (integers, floats, booleans, strings and binaries, large ones too, decimals,
/// dates, times, timestamps, durations, fixed-size binaries and lists, lists and structs) and
/// buffers compressed with zstd; a dictionary-encoded column, LZ4 or another type is refused as
/// Unsupported naming it. Every offset and length is checked against the bytes. Pure, any
/// thread.
class ArrowIpcReader
{
    Q_DECLARE_TR_FUNCTIONS(ArrowIpcReader)

public:
    /// Decompressed buffers past this many bytes in all are refused rather than inflated.
    static constexpr qint64 MaxInflatedBytes = qint64{1} << 30;

    struct Table
    {
        QList<ColumnArray> columns;
        qint64 rows = 0;
    };

    /// The table `bytes` holds; `name` names the answer in problems.
    static api::Result<Table> read(QByteArrayView bytes, const QString &name);
};

} // namespace lance::rows
