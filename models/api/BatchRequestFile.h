// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/Result.h"

#include <QCoreApplication>

class QIODevice;

namespace lance::api {

/// Reads a BatchCommitTablesRequest that a person wrote or exported: the same limit and the
/// same messages for `lance-catalog commit FILE` and the browser's Import….
class BatchRequestFile
{
    Q_DECLARE_TR_FUNCTIONS(BatchRequestFile)

public:
    /// A batch is metadata; anything this large is a mistake, and reading it would exhaust
    /// memory.
    static constexpr qint64 MaxBytes = qint64{64} * 1024 * 1024;

    /// Reads `device` (open for reading) strictly, by the codec's rules. `name` is how the
    /// messages call it ("batch.json is not a valid batch commit request: operations[2]
    /// .create_table_version.version: expected integer.").
    static Result<BatchCommitTablesRequest> read(QIODevice &device, const QString &name);
};

} // namespace lance::api
