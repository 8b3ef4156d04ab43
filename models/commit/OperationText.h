// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"

#include <QCoreApplication>

namespace lance::commit {

/// How the commit layer names batch operations in its sentences. Operations are numbered from 1
/// in words (as a person counts the rows of the Pending Changes panel) and from 0 in the API.
class OperationText
{
    Q_DECLARE_TR_FUNCTIONS(OperationText)

public:
    /// "declare table sales$orders", "create version 4 of sales$orders", "delete versions 2 to
    /// 4 of sales$orders", "deregister table sales$orders".
    static QString describe(const api::CommitTableOperation &operation);
    /// "operation 3 (create version 4 of sales$orders)".
    static QString numbered(qsizetype index, const api::CommitTableOperation &operation);
    /// What the server answered for each operation of `request`, a line each, as a person reads
    /// them after a commit: "1. create version 4 of sales$orders: manifest at
    /// s3://b/o/_versions/4.manifest". `results` in request order; an operation without one
    /// (the list is short) says "no result returned".
    static QStringList results(const api::BatchCommitTablesRequest &request,
                               const QList<api::CommitTableResult> &results);
    /// What the server says it did, counted from its answer: "1 table declared, 2 versions
    /// created, 0 versions deleted" (only the kinds the batch holds).
    static QString effects(const api::BatchCommitTablesRequest &request,
                           const QList<api::CommitTableResult> &results);
    /// A sentence for each operation the server answered but that changed nothing: "operation 2
    /// (delete versions 3 of people) found nothing to delete: the versions were already gone."
    static QStringList unchanged(const api::BatchCommitTablesRequest &request,
                                 const QList<api::CommitTableResult> &results);
    /// "2 to 4", "2", "5 and later": the versions a range covers (end exclusive, -1 = latest).
    static QString range(const api::VersionRange &range);
    /// The table's name in the string form, `$` between names.
    static QString table(const api::Identifier &id);

private:
    static QString result(qsizetype index, const api::CommitTableOperation &operation,
                          const api::CommitTableResult *result);
};

} // namespace lance::commit
