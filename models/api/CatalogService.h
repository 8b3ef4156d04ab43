// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/NamespaceMessages.h"
#include "api/RequestHandle.h"
#include "api/Result.h"
#include "api/TableMessages.h"
#include "api/TagMessages.h"
#include "api/VersionMessages.h"

#include <functional>

namespace lance::api {

template <typename T> using Callback = std::function<void(Result<T>)>;

/// Asynchronous access to a Lance namespace: one method per spec operation the product uses.
/// The REST client and the embedded local catalog both implement it, so models, the command line
/// and tests do not care which one they talk to.
///
/// Contract for every method:
///  - it never blocks; the callback runs later on the thread that called (never inside the call),
///    exactly once, and only if `context` is still alive then;
///  - an invalid request (say an identifier with an empty name) is answered with an ApiError of
///    kind InvalidInput and nothing is sent;
///  - the returned handle cancels the work; the callback then reports kind Cancelled.
class CatalogService
{
public:
    virtual ~CatalogService() = default;

    // Namespaces
    virtual RequestHandle listNamespaces(const ListNamespacesRequest &request, QObject *context,
                                         Callback<ListNamespacesResponse> done)
        = 0;
    virtual RequestHandle describeNamespace(const DescribeNamespaceRequest &request,
                                            QObject *context,
                                            Callback<DescribeNamespaceResponse> done)
        = 0;
    virtual RequestHandle createNamespace(const CreateNamespaceRequest &request, QObject *context,
                                          Callback<CreateNamespaceResponse> done)
        = 0;
    virtual RequestHandle dropNamespace(const DropNamespaceRequest &request, QObject *context,
                                        Callback<DropNamespaceResponse> done)
        = 0;
    virtual RequestHandle namespaceExists(const NamespaceExistsRequest &request, QObject *context,
                                          Callback<ExistsResponse> done)
        = 0;

    // Tables
    virtual RequestHandle listTables(const ListTablesRequest &request, QObject *context,
                                     Callback<ListTablesResponse> done)
        = 0;
    virtual RequestHandle describeTable(const DescribeTableRequest &request, QObject *context,
                                        Callback<DescribeTableResponse> done)
        = 0;
    virtual RequestHandle tableExists(const TableExistsRequest &request, QObject *context,
                                      Callback<ExistsResponse> done)
        = 0;
    virtual RequestHandle registerTable(const RegisterTableRequest &request, QObject *context,
                                        Callback<RegisterTableResponse> done)
        = 0;
    virtual RequestHandle declareTable(const DeclareTableRequest &request, QObject *context,
                                       Callback<DeclareTableResponse> done)
        = 0;
    virtual RequestHandle deregisterTable(const DeregisterTableRequest &request, QObject *context,
                                          Callback<DeregisterTableResponse> done)
        = 0;
    virtual RequestHandle dropTable(const DropTableRequest &request, QObject *context,
                                    Callback<DropTableResponse> done)
        = 0;

    // Versions
    virtual RequestHandle listTableVersions(const ListTableVersionsRequest &request,
                                            QObject *context,
                                            Callback<ListTableVersionsResponse> done)
        = 0;
    virtual RequestHandle createTableVersion(const CreateTableVersionRequest &request,
                                             QObject *context,
                                             Callback<CreateTableVersionResponse> done)
        = 0;
    virtual RequestHandle describeTableVersion(const DescribeTableVersionRequest &request,
                                               QObject *context,
                                               Callback<DescribeTableVersionResponse> done)
        = 0;
    virtual RequestHandle batchDeleteTableVersions(const BatchDeleteTableVersionsRequest &request,
                                                   QObject *context,
                                                   Callback<BatchDeleteTableVersionsResponse> done)
        = 0;
    virtual RequestHandle batchCreateTableVersions(const BatchCreateTableVersionsRequest &request,
                                                   QObject *context,
                                                   Callback<BatchCreateTableVersionsResponse> done)
        = 0;
    virtual RequestHandle batchCommitTables(const BatchCommitTablesRequest &request,
                                            QObject *context,
                                            Callback<BatchCommitTablesResponse> done)
        = 0;

    // Tags
    virtual RequestHandle listTableTags(const ListTableTagsRequest &request, QObject *context,
                                        Callback<ListTableTagsResponse> done)
        = 0;
    virtual RequestHandle getTableTagVersion(const GetTableTagVersionRequest &request,
                                             QObject *context,
                                             Callback<GetTableTagVersionResponse> done)
        = 0;
    virtual RequestHandle createTableTag(const CreateTableTagRequest &request, QObject *context,
                                         Callback<CreateTableTagResponse> done)
        = 0;
    virtual RequestHandle updateTableTag(const UpdateTableTagRequest &request, QObject *context,
                                         Callback<UpdateTableTagResponse> done)
        = 0;
    virtual RequestHandle deleteTableTag(const DeleteTableTagRequest &request, QObject *context,
                                         Callback<DeleteTableTagResponse> done)
        = 0;
};

} // namespace lance::api
