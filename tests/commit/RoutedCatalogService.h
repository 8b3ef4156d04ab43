// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

namespace lance::test {

/// Two real services behind one CatalogService: BatchCommitTables goes to `commits` (a REST
/// client on a test server that fails on demand), every other call to `reads` (the real
/// catalog). So a test can make the batch fail in a way no real server does on demand (a 409
/// without the failing index) while the follow-up reads see a real catalog's state. It answers
/// nothing itself.
class RoutedCatalogService : public api::CatalogService
{
public:
    RoutedCatalogService(api::CatalogService &reads, api::CatalogService &commits)
        : m_reads(reads)
        , m_commits(commits)
    {}

    api::RequestHandle listNamespaces(const api::ListNamespacesRequest &request, QObject *context,
                                      api::Callback<api::ListNamespacesResponse> done) override;
    api::RequestHandle
    describeNamespace(const api::DescribeNamespaceRequest &request, QObject *context,
                      api::Callback<api::DescribeNamespaceResponse> done) override;
    api::RequestHandle createNamespace(const api::CreateNamespaceRequest &request, QObject *context,
                                       api::Callback<api::CreateNamespaceResponse> done) override;
    api::RequestHandle dropNamespace(const api::DropNamespaceRequest &request, QObject *context,
                                     api::Callback<api::DropNamespaceResponse> done) override;
    api::RequestHandle namespaceExists(const api::NamespaceExistsRequest &request, QObject *context,
                                       api::Callback<api::ExistsResponse> done) override;
    api::RequestHandle listTables(const api::ListTablesRequest &request, QObject *context,
                                  api::Callback<api::ListTablesResponse> done) override;
    api::RequestHandle describeTable(const api::DescribeTableRequest &request, QObject *context,
                                     api::Callback<api::DescribeTableResponse> done) override;
    api::RequestHandle tableExists(const api::TableExistsRequest &request, QObject *context,
                                   api::Callback<api::ExistsResponse> done) override;
    api::RequestHandle registerTable(const api::RegisterTableRequest &request, QObject *context,
                                     api::Callback<api::RegisterTableResponse> done) override;
    api::RequestHandle declareTable(const api::DeclareTableRequest &request, QObject *context,
                                    api::Callback<api::DeclareTableResponse> done) override;
    api::RequestHandle deregisterTable(const api::DeregisterTableRequest &request, QObject *context,
                                       api::Callback<api::DeregisterTableResponse> done) override;
    api::RequestHandle dropTable(const api::DropTableRequest &request, QObject *context,
                                 api::Callback<api::DropTableResponse> done) override;
    api::RequestHandle
    listTableVersions(const api::ListTableVersionsRequest &request, QObject *context,
                      api::Callback<api::ListTableVersionsResponse> done) override;
    api::RequestHandle
    createTableVersion(const api::CreateTableVersionRequest &request, QObject *context,
                       api::Callback<api::CreateTableVersionResponse> done) override;
    api::RequestHandle
    describeTableVersion(const api::DescribeTableVersionRequest &request, QObject *context,
                         api::Callback<api::DescribeTableVersionResponse> done) override;
    api::RequestHandle
    batchDeleteTableVersions(const api::BatchDeleteTableVersionsRequest &request, QObject *context,
                             api::Callback<api::BatchDeleteTableVersionsResponse> done) override;
    api::RequestHandle
    batchCreateTableVersions(const api::BatchCreateTableVersionsRequest &request, QObject *context,
                             api::Callback<api::BatchCreateTableVersionsResponse> done) override;
    api::RequestHandle
    batchCommitTables(const api::BatchCommitTablesRequest &request, QObject *context,
                      api::Callback<api::BatchCommitTablesResponse> done) override;
    api::RequestHandle listTableTags(const api::ListTableTagsRequest &request, QObject *context,
                                     api::Callback<api::ListTableTagsResponse> done) override;
    api::RequestHandle
    getTableTagVersion(const api::GetTableTagVersionRequest &request, QObject *context,
                       api::Callback<api::GetTableTagVersionResponse> done) override;
    api::RequestHandle createTableTag(const api::CreateTableTagRequest &request, QObject *context,
                                      api::Callback<api::CreateTableTagResponse> done) override;
    api::RequestHandle updateTableTag(const api::UpdateTableTagRequest &request, QObject *context,
                                      api::Callback<api::UpdateTableTagResponse> done) override;
    api::RequestHandle deleteTableTag(const api::DeleteTableTagRequest &request, QObject *context,
                                      api::Callback<api::DeleteTableTagResponse> done) override;

private:
    api::CatalogService &m_reads;
    api::CatalogService &m_commits;
};

} // namespace lance::test
