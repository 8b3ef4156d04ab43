// SPDX-License-Identifier: Apache-2.0
#include "rest/RestClient.h"

#include "api/JsonCodec.h"
#include "rest/RestCall.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QSslCertificate>
#include <QSslSocket>

using namespace Qt::StringLiterals;

namespace lance::rest {

namespace {

using Answer = api::Result<RestCall::Response>;

bool isSuccess(int status)
{
    return status >= 200 && status < 300;
}

// Spec §2.3: every response header `<name>` is also context entry `header.<name>`.
void addHeaderContext(api::StringMap &context, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    for (const auto &[name, value] : headers) {
        const QString key = u"header."_s + QString::fromLatin1(name).toLower();
        if (!context.contains(key)) {
            context.insert(key, QString::fromUtf8(value));
        }
    }
}

api::ApiError httpError(const RestCall::Response &answer, const QString &operation)
{
    api::ApiError error = api::ApiError::http(operation, answer.url, answer.status, answer.body,
                                              answer.header("Content-Type"));
    api::StringMap context = error.context();
    addHeaderContext(context, answer.headers);
    error.setContext(context);
    return error;
}

template <typename Response>
api::Result<Response> decodeAnswer(const Answer &answer, const QString &operation)
{
    if (!answer) {
        return answer.error();
    }
    if (!isSuccess(answer->status)) {
        return httpError(*answer, operation);
    }
    // 204 and empty 2xx bodies: fine as long as the response has no required field.
    const QByteArrayView body
        = answer->body.trimmed().isEmpty() ? QByteArrayView("{}") : QByteArrayView(answer->body);
    api::Result<Response> decoded = api::json::decode<Response>(body);
    if (!decoded) {
        api::ApiError error = decoded.error();
        error.setOperation(operation);
        return error;
    }
    addHeaderContext(decoded->context, answer->headers);
    return decoded;
}

api::Result<api::ExistsResponse> existsAnswer(const Answer &answer, const QString &operation)
{
    if (!answer) {
        return answer.error();
    }
    api::ExistsResponse exists;
    addHeaderContext(exists.context, answer->headers);
    if (isSuccess(answer->status)) {
        exists.exists = true;
        return exists;
    }
    api::ApiError error = httpError(*answer, operation);
    // A 404 without a JSON body comes from a router that lacks the route, not from the catalog.
    if (answer->status == 404 && error.hasErrorBody()) {
        exists.exists = false;
        return exists;
    }
    return error;
}

std::optional<QSslConfiguration> tlsConfiguration(const RestClientConfig &config)
{
    if (config.caFile.isEmpty() || !QSslSocket::supportsSsl()) {
        return std::nullopt;
    }
    QFile file(config.caFile);
    if (!file.open(QIODevice::ReadOnly)) {
        return std::nullopt; // check() has already reported it
    }
    const QByteArray data = file.readAll();
    QList<QSslCertificate> certificates = QSslCertificate::fromData(data, QSsl::Pem);
    if (certificates.isEmpty()) {
        certificates = QSslCertificate::fromData(data, QSsl::Der);
    }
    // Setting CA certificates turns off Qt's on-demand loading of the system's, so they are
    // listed explicitly: the CA file adds to the system's trust, it does not replace it.
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setCaCertificates(QSslConfiguration::systemCaCertificates() + certificates);
    return tls;
}

} // namespace

RestClient::RestClient(QNetworkAccessManager *network, RestClientConfig config, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_builder(std::move(config))
    , m_configProblem(m_builder.config().check())
{
    if (!m_configProblem) {
        m_tls = tlsConfiguration(m_builder.config());
    }
}

RestClient::~RestClient() = default;

std::optional<QString> RestClient::setSecret(const QString &secret)
{
    RestClientConfig config = m_builder.config();
    config.secret = secret;
    if (auto problem = config.check()) {
        return problem;
    }
    m_builder = RestRequestBuilder(std::move(config));
    m_configProblem.reset();
    m_tls = tlsConfiguration(m_builder.config());
    return std::nullopt;
}

template <typename Response, typename Request>
api::RequestHandle RestClient::send(const Request &request, QObject *context,
                                    api::Callback<Response> done)
{
    api::Result<PreparedRequest> prepared = prepare(request);
    if (!prepared) {
        return api::RequestHandle(RestCall::fail(
            prepared.error(), context,
            [done = std::move(done)](const Answer &answer) { done(answer.error()); }));
    }
    const QString operation = prepared->operation;
    RestCall::Settings settings{config().timeoutMs, config().retry, m_tls, {}};
    if constexpr (std::is_same_v<Request, api::ListTableTagsRequest>) {
        settings.methodOn405 = "GET";
    }
    QPointer<RestClient> self(this);
    auto onAnswer = [self, operation, done = std::move(done)](const Answer &answer) {
        if constexpr (std::is_same_v<Request, api::ListTableTagsRequest>) {
            // Remember a working fallback, so later calls skip the 405 round trip.
            if (self && answer && answer->method == "GET" && answer->status != 405) {
                self->m_listTagsWithGet = true;
            }
        }
        done(decodeAnswer<Response>(answer, operation));
    };
    return follow(RestCall::start(m_network, std::move(*prepared), std::move(settings), context,
                                  std::move(onAnswer)));
}

template <typename Request>
api::RequestHandle RestClient::sendExists(const Request &request, QObject *context,
                                          api::Callback<api::ExistsResponse> done)
{
    api::Result<PreparedRequest> prepared = prepare(request);
    if (!prepared) {
        return api::RequestHandle(RestCall::fail(
            prepared.error(), context,
            [done = std::move(done)](const Answer &answer) { done(answer.error()); }));
    }
    const QString operation = prepared->operation;
    RestCall::Settings settings{config().timeoutMs, config().retry, m_tls, {}};
    return follow(RestCall::start(m_network, std::move(*prepared), std::move(settings), context,
                                  [operation, done = std::move(done)](const Answer &answer) {
                                      done(existsAnswer(answer, operation));
                                  }));
}

api::RequestHandle RestClient::follow(RestCall *call)
{
    // Connected after start(): the first attempt cannot end before the event loop runs.
    connect(call, &RestCall::exchangeFinished, this, &RestClient::exchangeFinished);
    return api::RequestHandle(call);
}

// Namespaces

api::RequestHandle RestClient::listNamespaces(const api::ListNamespacesRequest &request,
                                              QObject *context,
                                              api::Callback<api::ListNamespacesResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::describeNamespace(const api::DescribeNamespaceRequest &request,
                                                 QObject *context,
                                                 api::Callback<api::DescribeNamespaceResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::createNamespace(const api::CreateNamespaceRequest &request,
                                               QObject *context,
                                               api::Callback<api::CreateNamespaceResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::dropNamespace(const api::DropNamespaceRequest &request,
                                             QObject *context,
                                             api::Callback<api::DropNamespaceResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::namespaceExists(const api::NamespaceExistsRequest &request,
                                               QObject *context,
                                               api::Callback<api::ExistsResponse> done)
{
    return sendExists(request, context, std::move(done));
}

// Tables

api::RequestHandle RestClient::listTables(const api::ListTablesRequest &request, QObject *context,
                                          api::Callback<api::ListTablesResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::describeTable(const api::DescribeTableRequest &request,
                                             QObject *context,
                                             api::Callback<api::DescribeTableResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::tableExists(const api::TableExistsRequest &request, QObject *context,
                                           api::Callback<api::ExistsResponse> done)
{
    return sendExists(request, context, std::move(done));
}

api::RequestHandle RestClient::registerTable(const api::RegisterTableRequest &request,
                                             QObject *context,
                                             api::Callback<api::RegisterTableResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::declareTable(const api::DeclareTableRequest &request,
                                            QObject *context,
                                            api::Callback<api::DeclareTableResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::deregisterTable(const api::DeregisterTableRequest &request,
                                               QObject *context,
                                               api::Callback<api::DeregisterTableResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::dropTable(const api::DropTableRequest &request, QObject *context,
                                         api::Callback<api::DropTableResponse> done)
{
    return send(request, context, std::move(done));
}

// Versions

api::RequestHandle RestClient::listTableVersions(const api::ListTableVersionsRequest &request,
                                                 QObject *context,
                                                 api::Callback<api::ListTableVersionsResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle
RestClient::createTableVersion(const api::CreateTableVersionRequest &request, QObject *context,
                               api::Callback<api::CreateTableVersionResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle
RestClient::describeTableVersion(const api::DescribeTableVersionRequest &request, QObject *context,
                                 api::Callback<api::DescribeTableVersionResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle
RestClient::batchDeleteTableVersions(const api::BatchDeleteTableVersionsRequest &request,
                                     QObject *context,
                                     api::Callback<api::BatchDeleteTableVersionsResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle
RestClient::batchCreateTableVersions(const api::BatchCreateTableVersionsRequest &request,
                                     QObject *context,
                                     api::Callback<api::BatchCreateTableVersionsResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::batchCommitTables(const api::BatchCommitTablesRequest &request,
                                                 QObject *context,
                                                 api::Callback<api::BatchCommitTablesResponse> done)
{
    return send(request, context, std::move(done));
}

// Tags

api::RequestHandle RestClient::listTableTags(const api::ListTableTagsRequest &request,
                                             QObject *context,
                                             api::Callback<api::ListTableTagsResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle
RestClient::getTableTagVersion(const api::GetTableTagVersionRequest &request, QObject *context,
                               api::Callback<api::GetTableTagVersionResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::createTableTag(const api::CreateTableTagRequest &request,
                                              QObject *context,
                                              api::Callback<api::CreateTableTagResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::updateTableTag(const api::UpdateTableTagRequest &request,
                                              QObject *context,
                                              api::Callback<api::UpdateTableTagResponse> done)
{
    return send(request, context, std::move(done));
}

api::RequestHandle RestClient::deleteTableTag(const api::DeleteTableTagRequest &request,
                                              QObject *context,
                                              api::Callback<api::DeleteTableTagResponse> done)
{
    return send(request, context, std::move(done));
}

} // namespace lance::rest
