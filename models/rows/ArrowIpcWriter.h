// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "rows/ColumnArray.h"

#include <QByteArray>
#include <QList>

namespace lance::rows {

/// Writes columns as an Arrow IPC file (`application/vnd.apache.arrow.file`), what the spec's
/// QueryTable answers: the magic, the schema message, one record batch of all the rows, the
/// end-of-stream marker and the footer that indexes them (Arrow's `File.fbs`, `Message.fbs`,
/// `Schema.fbs`, format version 5). Buffers are uncompressed, each padded to 8 bytes; a column
/// without nulls gets an empty validity buffer. Any Arrow reader reads it (apache-arrow in
/// Node is the test's). Pure, any thread.
class ArrowIpcWriter
{
public:
    static QByteArray file(const QList<ColumnArray> &columns, qint64 rows);
};

} // namespace lance::rows
