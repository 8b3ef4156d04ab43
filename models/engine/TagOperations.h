// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/TagMessages.h"

namespace lance::engine {

class CatalogDatabase;

/// The tag operations of CatalogEngine. A tag names a version record of a branch; creating or
/// moving it needs that record. Tags go with their table.
class TagOperations
{
    Q_DECLARE_TR_FUNCTIONS(TagOperations)

public:
    explicit TagOperations(CatalogDatabase &database)
        : m_database(database)
    {}

    api::Result<api::ListTableTagsResponse> list(const api::ListTableTagsRequest &request);
    api::Result<api::GetTableTagVersionResponse>
    version(const api::GetTableTagVersionRequest &request);
    api::Result<api::CreateTableTagResponse> create(const api::CreateTableTagRequest &request);
    api::Result<api::UpdateTableTagResponse> update(const api::UpdateTableTagRequest &request);
    api::Result<api::DeleteTableTagResponse> remove(const api::DeleteTableTagRequest &request);
    /// Who the History names for the changes from now on (CommitOperations::setActor()).
    void setActor(const QString &actor) { m_actor = actor; }

private:
    /// The identifier, the tag name and (for create and update) the version are usable.
    static api::Result<void> check(const api::Identifier &id, const QString &tag,
                                   qint64 version = 0);
    /// Creates or moves a tag: the version record must exist.
    template <typename Request>
    api::Result<api::TableTagChangeResponse> write(const Request &request, bool creating);
    /// The History's record of `request`, of `kind`, inside the change's own transaction: a
    /// refused change leaves none. Answers the transaction's id.
    template <typename Request>
    api::Result<QString> record(const Request &request, std::string_view kind,
                                const char *type) const;

    CatalogDatabase &m_database;
    QString m_actor;
};

} // namespace lance::engine
