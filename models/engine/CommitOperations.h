// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"

namespace lance::engine {

class CatalogDatabase;
class CatalogTransaction;
class TableOperations;
class VersionOperations;

/// The four kinds of BatchCommitTables (declare, create version, delete versions, deregister),
/// alone or in a batch: checked with BatchCommitValidator, applied in one write transaction,
/// manifests moved after the commit (see ManifestJournal). Each commit is recorded in the
/// history (TransactionStore) in the same transaction, under the id its answer carries.
class CommitOperations
{
    Q_DECLARE_TR_FUNCTIONS(CommitOperations)

public:
    CommitOperations(CatalogDatabase &database, TableOperations &tables,
                     VersionOperations &versions)
        : m_database(database)
        , m_tables(tables)
        , m_versions(versions)
    {}

    /// What the history says of a commit made for another operation (a restore).
    struct Origin
    {
        QString kind;          //!< empty: the operation's own key
        QString transactionId; //!< empty: a new uuid
        /// More for the history record's properties (a cleanup's files and bytes to free).
        api::StringMap properties;
    };

    /// Who the history names as the author of the next commits: a server sets the credential
    /// of each request; "local" otherwise.
    void setActor(const QString &actor) { m_actor = actor; }
    const QString &actor() const { return m_actor; }

    /// One operation in a transaction of its own; errors carry no batch position.
    api::Result<api::CommitTableResult> commitOne(const api::CommitTableOperation &operation,
                                                  const Origin &origin = {});
    /// All operations or none, results in request order; later operations see earlier ones.
    /// A failure starts its message with `<list>[i] (kind of table):` and holds the context
    /// entries `failed_operation_index` and `failed_operation_kind`. `list` names the request's
    /// list: "operations" (BatchCommitTables) or "entries" (BatchCreateTableVersions).
    api::Result<api::BatchCommitTablesResponse>
    commitAll(const api::BatchCommitTablesRequest &request, const QString &list);

private:
    api::Result<api::CommitTableResult> apply(CatalogTransaction &transaction,
                                              const api::CommitTableOperation &operation);
    /// The validator's first refusal, with the index it concerns (-1 for the whole batch).
    static std::optional<std::pair<qsizetype, api::ApiError>>
    validate(const api::BatchCommitTablesRequest &request);
    static api::ApiError locate(const api::ApiError &error, qsizetype index,
                                const api::CommitTableOperation &operation, const QString &list);
    /// Writes the history record of `operations`, committed as `kind` under `id`, with what
    /// their `results` say (how many versions the deletes removed).
    api::Result<void> record(const QList<api::CommitTableOperation> &operations,
                             const QList<api::CommitTableResult> &results, const QString &kind,
                             const QString &id, const api::StringMap &properties = {});

    CatalogDatabase &m_database;
    TableOperations &m_tables;
    VersionOperations &m_versions;
    QString m_actor = QStringLiteral("local");
};

} // namespace lance::engine
