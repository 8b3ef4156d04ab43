// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <array>
#include <string_view>

namespace lance::api {

/// The kinds of what the catalog stages and records, each spelled here once: the spec's four
/// kinds of a batch's operation (CommitTableOperation's keys, also the per-kind counts of a
/// recorded transaction), a rename (staged apart from the batch, counted like its operations),
/// and the kinds of transaction the history records (TransactionProperties::Kind).
struct RecordKinds
{
    // A batch's operations, in the order of CommitTableOperation's alternatives.
    static constexpr std::string_view DeclareTable = "declare_table";
    static constexpr std::string_view CreateTableVersion = "create_table_version";
    static constexpr std::string_view DeleteTableVersions = "delete_table_versions";
    static constexpr std::string_view DeregisterTable = "deregister_table";
    static constexpr std::array<std::string_view, 4> BatchOperations{
        DeclareTable, CreateTableVersion, DeleteTableVersions, DeregisterTable};

    /// A rename: an operation of its own, and the transaction that applies it.
    static constexpr std::string_view RenameTable = "rename_table";

    // Transactions besides a rename.
    static constexpr std::string_view BatchCommit = "batch_commit";
    /// The batch that registers versions (`/v1/table/version/batch-create`).
    static constexpr std::string_view BatchCreateTableVersions = "batch_create_table_versions";
    static constexpr std::string_view Restore = "restore";
    static constexpr std::string_view CreateTableBranch = "create_table_branch";
    static constexpr std::string_view DeleteTableBranch = "delete_table_branch";
    /// A cleanup of old versions (CleanupTable): their records, with what it frees.
    static constexpr std::string_view CleanupOldVersions = "cleanup_old_versions";
    // Tags apply at once, each its own transaction.
    static constexpr std::string_view CreateTableTag = "create_table_tag";
    static constexpr std::string_view UpdateTableTag = "update_table_tag";
    static constexpr std::string_view DeleteTableTag = "delete_table_tag";

    static QString text(std::string_view kind)
    {
        return QString::fromLatin1(kind.data(), qsizetype(kind.size()));
    }
};

} // namespace lance::api
