// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/Result.h"

#include <QCoreApplication>

#include <optional>

namespace lance::staging {

class PendingChanges;

/// The staged batch as a plain BatchCommitTablesRequest JSON file: exactly what
/// `lance-catalog commit FILE` sends, so a batch can be reviewed, shared, committed from a
/// script, or brought back into the browser.
class BatchFile
{
    Q_DECLARE_TR_FUNCTIONS(BatchFile)

public:
    /// Writes the batch of `changes` to `fileName` (indented JSON, replaced atomically).
    /// Refused when nothing is staged: the command line refuses an empty batch.
    static api::Result<void> exportTo(const PendingChanges &changes, const QString &fileName);
    /// Reads `fileName` strictly (the codec's rules); a failure names the file and the JSON path
    /// ("batch.json is not a valid batch commit request: operations[2].create_table_version
    /// .version: expected integer").
    static api::Result<api::BatchCommitTablesRequest> read(const QString &fileName);
    /// Reads `fileName` and stages its operations as one undo step. Stages nothing when the
    /// file cannot be read, is not a valid request, has no operations, or `changes` refuses.
    /// The request's `context` is not staged (it holds per-request headers).
    static api::Result<void> importInto(PendingChanges &changes, const QString &fileName);
};

} // namespace lance::staging
