// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/ExchangeRecord.h"
#include "engine/CatalogEngine.h"

#include <QObject>
#include <QThread>
#include <QUrl>

namespace lance::local {

class LocalEngineWorker;
enum class CallAccess;

/// CatalogService over a CatalogEngine running in this process: the catalog in a folder, with no
/// server. The engine runs on a worker thread of its own; it is opened there on the first call
/// (so constructing the service never touches the disk), used only there, and destroyed there.
///
/// The CatalogService contract holds as for RestClient: each call is queued to the worker and
/// never blocks; its callback runs later, exactly once, on the calling thread, and only if
/// `context` is still alive (a null context means: always). Call it from the thread this object
/// lives in. Requests the REST client would refuse before sending are refused here before
/// anything runs (kind InvalidInput, see LocalRequestCheck); refusals of the engine keep the
/// spec code and the HTTP status a server would answer with (409 and code 14 for a version that
/// exists), so callers cannot tell the two services apart by their errors. As with RestClient,
/// the exists operations answer exists=false where the engine answers not found (a 404).
///
/// When the catalog cannot be opened (the root is a file or cannot be created, the database is
/// corrupt) every call is answered with that error, and each later call tries again.
///
/// Cancelling (RequestHandle::cancel):
///  - work that has not started never runs; the callback reports Cancelled;
///  - a read that has started is answered Cancelled, and its result dropped;
///  - a write that has started is applied, and its real result delivered: it may already be in
///    the catalog, and reporting Cancelled would lie about it.
/// Calls run one at a time, in the order made.
///
/// Each call that was handed to the engine is reported through exchangeFinished() for the
/// request log, when its answer is delivered (not when its context died first).
///
/// Destroying the service skips work not yet started, waits for the one running (a write is
/// completed), closes the engine and delivers no further callbacks.
class LocalCatalogService : public QObject, public api::CatalogService
{
    Q_OBJECT

public:
    explicit LocalCatalogService(engine::CatalogEngine::Options options, QObject *parent = nullptr);
    /// The catalog in `root`, registering the Lance tables already there when it is created.
    explicit LocalCatalogService(const QString &root, QObject *parent = nullptr);
    ~LocalCatalogService() override;

    /// The catalog every program of ours uses by default:
    /// `<GenericDataLocation>/lance-catalog-browser/catalog` (created on first use).
    static QString defaultRoot();

    /// The catalog's root folder, as given.
    QString root() const { return m_options.root; }
    /// The thread the engine runs on. For tests and diagnostics only: anything else run there
    /// delays every call.
    QThread *workerThread() { return &m_thread; }

    /// The exact request the engine would apply for `request`, as JSON (the spec's format), or
    /// why it would be refused; nothing runs. For dry runs.
    api::Result<QByteArray> prepare(const api::BatchCommitTablesRequest &request) const;

    // Namespaces
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

    // Tables
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

    // Versions
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

    // Tags
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

signals:
    /// One call has been answered: method "LOCAL", URL `local:<root>/<operation>`, the status
    /// lance-catalog-server would have answered (0 when cancelled), milliseconds from the call
    /// to its answer, the error sentence. Emitted just before the call's callback runs.
    void exchangeFinished(const lance::api::ExchangeRecord &record);

private:
    /// Queues `method` of the engine with `request`; `operation` is the spec operationId.
    template <typename Response, typename Request, typename Method>
    api::RequestHandle run(const QString &operation, CallAccess access, const Request &request,
                           QObject *context, api::Callback<Response> done, Method method);

    engine::CatalogEngine::Options m_options;
    QUrl m_rootUrl; //!< names the catalog in errors
    QThread m_thread;
    LocalEngineWorker *m_worker = nullptr; //!< lives on m_thread; deleted there
};

} // namespace lance::local
