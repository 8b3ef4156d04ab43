// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "activity/ExchangeRecord.h"
#include "api/CatalogService.h"
#include "api/RestClientConfig.h"
#include "api/RestRequestBuilder.h"

#include <QObject>
#include <QPointer>
#include <QSslConfiguration>

#include <optional>
#include <type_traits>

QT_BEGIN_NAMESPACE
class QNetworkAccessManager;
QT_END_NAMESPACE

namespace lance::api {

class RestCall;

/// CatalogService over the Lance Namespace REST binding, with Qt Network.
///
/// Every method builds the request (RestRequestBuilder), sends it (RestCall: timeout, retries of
/// reads, TLS) and decodes the answer:
///  - any 2xx is success (the reference server answers 201 and 204); an empty body is read as
///    `{}`, so it succeeds when the response has no required field;
///  - the exists operations answer exists=true on 2xx and exists=false on a 404 that carries a
///    JSON error body (a 404 without one means the route is missing: an error);
///  - any other status is `ApiError::http` with the spec operationId as the operation;
///  - response headers are added to the response's `context` as `header.<lowercase name>`
///    (entries from the JSON body win on a clash).
/// ListTableTags is sent as POST, as the spec says; when a server answers 405 (the reference
/// server routes it as GET) it is re-sent as GET, and this client uses GET from then on.
///
/// The configuration is checked once, here; while it has a problem every request is answered
/// with that problem (kind InvalidInput) and nothing is sent. `context` may be null, in which
/// case the callback always runs. `network` must outlive the requests in flight.
///
/// Every HTTP attempt is reported through exchangeFinished() for the request log: retries and
/// the 405 fallback each count, requests refused before sending do not.
class RestClient : public QObject, public CatalogService
{
    Q_OBJECT

public:
    RestClient(QNetworkAccessManager *network, RestClientConfig config, QObject *parent = nullptr);
    ~RestClient() override;

    const RestClientConfig &config() const { return m_builder.config(); }
    /// The configuration's first problem (RestClientConfig::check()), or nothing.
    std::optional<QString> configProblem() const { return m_configProblem; }
    /// Sends `secret` from the next request on (a key typed again after a 401). Requests in
    /// flight keep the headers they were built with. Refused, changing nothing, with the
    /// configuration's problem when the secret is unusable (empty, a line break).
    std::optional<QString> setSecret(const QString &secret);

    /// The request a method would send for `request`, exactly (headers unmasked: print
    /// `PreparedRequest::maskedHeaders()`), or why it would be refused. For dry runs.
    template <typename Request> Result<PreparedRequest> prepare(const Request &request) const
    {
        if (m_configProblem) {
            return ApiError::invalidInput(*m_configProblem);
        }
        Result<PreparedRequest> prepared = m_builder.build(request);
        if constexpr (std::is_same_v<Request, ListTableTagsRequest>) {
            if (prepared && m_listTagsWithGet) {
                prepared->method = "GET";
            }
        }
        return prepared;
    }

    // Namespaces
    RequestHandle listNamespaces(const ListNamespacesRequest &request, QObject *context,
                                 Callback<ListNamespacesResponse> done) override;
    RequestHandle describeNamespace(const DescribeNamespaceRequest &request, QObject *context,
                                    Callback<DescribeNamespaceResponse> done) override;
    RequestHandle createNamespace(const CreateNamespaceRequest &request, QObject *context,
                                  Callback<CreateNamespaceResponse> done) override;
    RequestHandle dropNamespace(const DropNamespaceRequest &request, QObject *context,
                                Callback<DropNamespaceResponse> done) override;
    RequestHandle namespaceExists(const NamespaceExistsRequest &request, QObject *context,
                                  Callback<ExistsResponse> done) override;

    // Tables
    RequestHandle listTables(const ListTablesRequest &request, QObject *context,
                             Callback<ListTablesResponse> done) override;
    RequestHandle describeTable(const DescribeTableRequest &request, QObject *context,
                                Callback<DescribeTableResponse> done) override;
    RequestHandle tableExists(const TableExistsRequest &request, QObject *context,
                              Callback<ExistsResponse> done) override;
    RequestHandle registerTable(const RegisterTableRequest &request, QObject *context,
                                Callback<RegisterTableResponse> done) override;
    RequestHandle declareTable(const DeclareTableRequest &request, QObject *context,
                               Callback<DeclareTableResponse> done) override;
    RequestHandle deregisterTable(const DeregisterTableRequest &request, QObject *context,
                                  Callback<DeregisterTableResponse> done) override;
    RequestHandle dropTable(const DropTableRequest &request, QObject *context,
                            Callback<DropTableResponse> done) override;

    // Versions
    RequestHandle listTableVersions(const ListTableVersionsRequest &request, QObject *context,
                                    Callback<ListTableVersionsResponse> done) override;
    RequestHandle createTableVersion(const CreateTableVersionRequest &request, QObject *context,
                                     Callback<CreateTableVersionResponse> done) override;
    RequestHandle describeTableVersion(const DescribeTableVersionRequest &request, QObject *context,
                                       Callback<DescribeTableVersionResponse> done) override;
    RequestHandle
    batchDeleteTableVersions(const BatchDeleteTableVersionsRequest &request, QObject *context,
                             Callback<BatchDeleteTableVersionsResponse> done) override;
    RequestHandle
    batchCreateTableVersions(const BatchCreateTableVersionsRequest &request, QObject *context,
                             Callback<BatchCreateTableVersionsResponse> done) override;
    RequestHandle batchCommitTables(const BatchCommitTablesRequest &request, QObject *context,
                                    Callback<BatchCommitTablesResponse> done) override;

    // Tags
    RequestHandle listTableTags(const ListTableTagsRequest &request, QObject *context,
                                Callback<ListTableTagsResponse> done) override;
    RequestHandle getTableTagVersion(const GetTableTagVersionRequest &request, QObject *context,
                                     Callback<GetTableTagVersionResponse> done) override;
    RequestHandle createTableTag(const CreateTableTagRequest &request, QObject *context,
                                 Callback<CreateTableTagResponse> done) override;
    RequestHandle updateTableTag(const UpdateTableTagRequest &request, QObject *context,
                                 Callback<UpdateTableTagResponse> done) override;
    RequestHandle deleteTableTag(const DeleteTableTagRequest &request, QObject *context,
                                 Callback<DeleteTableTagResponse> done) override;

signals:
    /// One HTTP attempt has ended (answered with any status, failed, timed out or aborted):
    /// method, final URL, masked headers, status, milliseconds; never a body or a secret.
    /// Emitted on this object's thread, before the request's callback runs.
    void exchangeFinished(const lance::activity::ExchangeRecord &record);

private:
    template <typename Response, typename Request>
    RequestHandle send(const Request &request, QObject *context, Callback<Response> done);
    template <typename Request>
    RequestHandle sendExists(const Request &request, QObject *context,
                             Callback<ExistsResponse> done);
    /// Forwards the call's exchange records, and hands the call to its caller.
    RequestHandle follow(RestCall *call);

    QPointer<QNetworkAccessManager> m_network;
    RestRequestBuilder m_builder;
    std::optional<QString> m_configProblem;
    std::optional<QSslConfiguration> m_tls; //!< system CAs plus the CA file's, when one is set
    bool m_listTagsWithGet = false;         //!< this server answered 405 to POST tags/list
};

} // namespace lance::api
