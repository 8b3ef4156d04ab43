// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/ExchangeRecord.h"
#include "rest/RestClientConfig.h"
#include "rest/RestRequestBuilder.h"

#include <QObject>
#include <QPointer>
#include <QSslConfiguration>

#include <optional>
#include <type_traits>

QT_BEGIN_NAMESPACE
class QNetworkAccessManager;
QT_END_NAMESPACE

namespace lance::rest {

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
class RestClient : public QObject, public api::CatalogService
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
    template <typename Request> api::Result<PreparedRequest> prepare(const Request &request) const
    {
        if (m_configProblem) {
            return api::ApiError::invalidInput(*m_configProblem);
        }
        api::Result<PreparedRequest> prepared = m_builder.build(request);
        if constexpr (std::is_same_v<Request, api::ListTableTagsRequest>) {
            if (prepared && m_listTagsWithGet) {
                prepared->method = "GET";
            }
        }
        return prepared;
    }

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
    /// One HTTP attempt has ended (answered with any status, failed, timed out or aborted):
    /// method, final URL, masked headers, status, milliseconds; never a body or a secret.
    /// Emitted on this object's thread, before the request's callback runs.
    void exchangeFinished(const lance::api::ExchangeRecord &record);

private:
    template <typename Response, typename Request>
    api::RequestHandle send(const Request &request, QObject *context, api::Callback<Response> done);
    template <typename Request>
    api::RequestHandle sendExists(const Request &request, QObject *context,
                                  api::Callback<api::ExistsResponse> done);
    /// Forwards the call's exchange records, and hands the call to its caller.
    api::RequestHandle follow(RestCall *call);

    QPointer<QNetworkAccessManager> m_network;
    RestRequestBuilder m_builder;
    std::optional<QString> m_configProblem;
    std::optional<QSslConfiguration> m_tls; //!< system CAs plus the CA file's, when one is set
    bool m_listTagsWithGet = false;         //!< this server answered 405 to POST tags/list
};

} // namespace lance::rest
