// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/Result.h"

#include <optional>

namespace lance::api {

/// Checks a batch commit before it is sent (the command line's dry run, the browser's review) or
/// applied (the local catalog): what can be known to be wrong without asking a server.
class BatchCommitValidator
{
    Q_DECLARE_TR_FUNCTIONS(BatchCommitValidator)

public:
    /// The first problem, as an InvalidInput error whose message names the operation by index,
    /// kind and table ("operation 3 (create_table_version of sales$orders): ..."), or nothing.
    /// Refused: an empty batch; a missing, root or invalid table identifier; an empty manifest
    /// path or location; a delete without ranges, with a negative start, or with an end that is
    /// neither -1 nor after its start; two operations creating the same version of one table;
    /// a table declared twice.
    static Result<void> check(const BatchCommitTablesRequest &request,
                              const QString &delimiter = Identifier::DefaultDelimiter);

    /// "operation 3 (create_table_version of sales$orders)": how messages name an operation.
    static QString describeOperation(qsizetype index, const CommitTableOperation &operation,
                                     const QString &delimiter = Identifier::DefaultDelimiter);
};

} // namespace lance::api
