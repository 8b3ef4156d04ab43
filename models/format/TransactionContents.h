// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

#include <QList>
#include <QString>

#include <optional>

namespace lance::format {

/// What a Lance `Transaction` records: the change that made a version. Read from
/// `_transactions/*.txn` or from the copy inside the manifest (TransactionDecoder). Field
/// numbers are those of `lance.table.Transaction` in Lance's `protos/transaction.proto`.
struct TransactionContents
{
    /// The operation, by its field number in the `operation` oneof.
    enum class Operation {
        None = 0, //!< the transaction names no operation
        Append = 100,
        Delete = 101,
        Overwrite = 102,
        CreateIndex = 103,
        Rewrite = 104,
        Merge = 105,
        Restore = 106,
        ReserveFragments = 107,
        Update = 108,
        Project = 109,
        UpdateConfig = 110,
        DataReplacement = 111,
        UpdateMemWalState = 112,
        Clone = 113,
        UpdateBases = 114,
        DataOverlay = 115,
        AppendFragmentReuseTransitions = 116,
        Unknown = -1, //!< a field number this build does not know: see operationField
    };

    /// The transaction property in which Lance and its Python binding keep a commit message.
    static constexpr auto CommitMessageKey = "__lance_commit_message";

    quint64 readVersion = 0;   //!< 1: the version the change was built on
    QString uuid;              //!< 2
    QString tag;               //!< 3
    api::StringMap properties; //!< 4
    Operation operation = Operation::None;
    quint32 operationField = 0; //!< the oneof's field number, also for Unknown

    // What the operation says about its effect, where it says it.
    qint64 newFragments = 0;     //!< Append, Overwrite, Merge (the whole new list), Update
    qint64 updatedFragments = 0; //!< Delete, Update
    qint64 removedFragments = 0; //!< Delete, Update
    qint64 rewriteGroups = 0;    //!< Rewrite: groups of old fragments compacted into new ones
    qint64 schemaFields = 0;     //!< Overwrite, Merge, Project: fields of the new schema
    qint64 newIndices = 0;       //!< CreateIndex
    qint64 removedIndices = 0;   //!< CreateIndex
    QString predicate;           //!< Delete: the filter that chose the rows
    std::optional<quint64> restoredVersion; //!< Restore
    std::optional<quint64> updateMode;      //!< Update: 0 rewrites rows, 1 rewrites columns

    /// The commit message a writer recorded, or empty.
    QString commitMessage() const;
    /// The operation as Lance names it (`Append`, `CreateIndex`, ...); `unknown (field N)`
    /// for one this build does not know, empty for none.
    QString operationName() const;
};

} // namespace lance::format
