// SPDX-License-Identifier: Apache-2.0
#include "RoutedCatalogService.h"

namespace lance::test {

using namespace lance::api;

RequestHandle RoutedCatalogService::listNamespaces(const ListNamespacesRequest &request,
                                                   QObject *context,
                                                   Callback<ListNamespacesResponse> done)
{
    return m_reads.listNamespaces(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::describeNamespace(const DescribeNamespaceRequest &request,
                                                      QObject *context,
                                                      Callback<DescribeNamespaceResponse> done)
{
    return m_reads.describeNamespace(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::createNamespace(const CreateNamespaceRequest &request,
                                                    QObject *context,
                                                    Callback<CreateNamespaceResponse> done)
{
    return m_reads.createNamespace(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::dropNamespace(const DropNamespaceRequest &request,
                                                  QObject *context,
                                                  Callback<DropNamespaceResponse> done)
{
    return m_reads.dropNamespace(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::namespaceExists(const NamespaceExistsRequest &request,
                                                    QObject *context, Callback<ExistsResponse> done)
{
    return m_reads.namespaceExists(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::listTables(const ListTablesRequest &request, QObject *context,
                                               Callback<ListTablesResponse> done)
{
    return m_reads.listTables(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::describeTable(const DescribeTableRequest &request,
                                                  QObject *context,
                                                  Callback<DescribeTableResponse> done)
{
    return m_reads.describeTable(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::tableExists(const TableExistsRequest &request, QObject *context,
                                                Callback<ExistsResponse> done)
{
    return m_reads.tableExists(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::registerTable(const RegisterTableRequest &request,
                                                  QObject *context,
                                                  Callback<RegisterTableResponse> done)
{
    return m_reads.registerTable(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::declareTable(const DeclareTableRequest &request,
                                                 QObject *context,
                                                 Callback<DeclareTableResponse> done)
{
    return m_reads.declareTable(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::deregisterTable(const DeregisterTableRequest &request,
                                                    QObject *context,
                                                    Callback<DeregisterTableResponse> done)
{
    return m_reads.deregisterTable(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::dropTable(const DropTableRequest &request, QObject *context,
                                              Callback<DropTableResponse> done)
{
    return m_reads.dropTable(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::listTableVersions(const ListTableVersionsRequest &request,
                                                      QObject *context,
                                                      Callback<ListTableVersionsResponse> done)
{
    return m_reads.listTableVersions(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::createTableVersion(const CreateTableVersionRequest &request,
                                                       QObject *context,
                                                       Callback<CreateTableVersionResponse> done)
{
    return m_reads.createTableVersion(request, context, std::move(done));
}

RequestHandle
RoutedCatalogService::describeTableVersion(const DescribeTableVersionRequest &request,
                                           QObject *context,
                                           Callback<DescribeTableVersionResponse> done)
{
    return m_reads.describeTableVersion(request, context, std::move(done));
}

RequestHandle
RoutedCatalogService::batchDeleteTableVersions(const BatchDeleteTableVersionsRequest &request,
                                               QObject *context,
                                               Callback<BatchDeleteTableVersionsResponse> done)
{
    return m_reads.batchDeleteTableVersions(request, context, std::move(done));
}

RequestHandle
RoutedCatalogService::batchCreateTableVersions(const BatchCreateTableVersionsRequest &request,
                                               QObject *context,
                                               Callback<BatchCreateTableVersionsResponse> done)
{
    return m_reads.batchCreateTableVersions(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::batchCommitTables(const BatchCommitTablesRequest &request,
                                                      QObject *context,
                                                      Callback<BatchCommitTablesResponse> done)
{
    return m_commits.batchCommitTables(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::listTableTags(const ListTableTagsRequest &request,
                                                  QObject *context,
                                                  Callback<ListTableTagsResponse> done)
{
    return m_reads.listTableTags(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::getTableTagVersion(const GetTableTagVersionRequest &request,
                                                       QObject *context,
                                                       Callback<GetTableTagVersionResponse> done)
{
    return m_reads.getTableTagVersion(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::createTableTag(const CreateTableTagRequest &request,
                                                   QObject *context,
                                                   Callback<CreateTableTagResponse> done)
{
    return m_reads.createTableTag(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::updateTableTag(const UpdateTableTagRequest &request,
                                                   QObject *context,
                                                   Callback<UpdateTableTagResponse> done)
{
    return m_reads.updateTableTag(request, context, std::move(done));
}

RequestHandle RoutedCatalogService::deleteTableTag(const DeleteTableTagRequest &request,
                                                   QObject *context,
                                                   Callback<DeleteTableTagResponse> done)
{
    return m_reads.deleteTableTag(request, context, std::move(done));
}

} // namespace lance::test
