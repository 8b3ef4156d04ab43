// SPDX-License-Identifier: Apache-2.0
#include "api/RestClient.h"

#include "api/JsonCodec.h"
#include "api/RestCall.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QSslCertificate>
#include <QSslSocket>

using namespace Qt::StringLiterals;

namespace lance::api {

namespace {

using Answer = Result<RestCall::Response>;

bool isSuccess(int status)
{
    return status >= 200 && status < 300;
}

// Spec §2.3: every response header `<name>` is also context entry `header.<name>`.
void addHeaderContext(StringMap &context, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    for (const auto &[name, value] : headers) {
        const QString key = u"header."_s + QString::fromLatin1(name).toLower();
        if (!context.contains(key)) {
            context.insert(key, QString::fromUtf8(value));
        }
    }
}

ApiError httpError(const RestCall::Response &answer, const QString &operation)
{
    ApiError error = ApiError::http(operation, answer.url, answer.status, answer.body,
                                    answer.header("Content-Type"));
    StringMap context = error.context();
    addHeaderContext(context, answer.headers);
    error.setContext(context);
    return error;
}

template <typename Response>
Result<Response> decodeAnswer(const Answer &answer, const QString &operation)
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
    Result<Response> decoded = json::decode<Response>(body);
    if (!decoded) {
        ApiError error = decoded.error();
        error.setOperation(operation);
        return error;
    }
    addHeaderContext(decoded->context, answer->headers);
    return decoded;
}

Result<ExistsResponse> existsAnswer(const Answer &answer, const QString &operation)
{
    if (!answer) {
        return answer.error();
    }
    ExistsResponse exists;
    addHeaderContext(exists.context, answer->headers);
    if (isSuccess(answer->status)) {
        exists.exists = true;
        return exists;
    }
    ApiError error = httpError(*answer, operation);
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
RequestHandle RestClient::send(const Request &request, QObject *context, Callback<Response> done)
{
    Result<PreparedRequest> prepared = prepare(request);
    if (!prepared) {
        return RequestHandle(RestCall::fail(
            prepared.error(), context,
            [done = std::move(done)](const Answer &answer) { done(answer.error()); }));
    }
    const QString operation = prepared->operation;
    RestCall::Settings settings{config().timeoutMs, config().retry, m_tls, {}};
    if constexpr (std::is_same_v<Request, ListTableTagsRequest>) {
        settings.methodOn405 = "GET";
    }
    QPointer<RestClient> self(this);
    auto onAnswer = [self, operation, done = std::move(done)](const Answer &answer) {
        if constexpr (std::is_same_v<Request, ListTableTagsRequest>) {
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
RequestHandle RestClient::sendExists(const Request &request, QObject *context,
                                     Callback<ExistsResponse> done)
{
    Result<PreparedRequest> prepared = prepare(request);
    if (!prepared) {
        return RequestHandle(RestCall::fail(
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

RequestHandle RestClient::follow(RestCall *call)
{
    // Connected after start(): the first attempt cannot end before the event loop runs.
    connect(call, &RestCall::exchangeFinished, this, &RestClient::exchangeFinished);
    return RequestHandle(call);
}

// Namespaces

RequestHandle RestClient::listNamespaces(const ListNamespacesRequest &request, QObject *context,
                                         Callback<ListNamespacesResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::describeNamespace(const DescribeNamespaceRequest &request,
                                            QObject *context,
                                            Callback<DescribeNamespaceResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::createNamespace(const CreateNamespaceRequest &request, QObject *context,
                                          Callback<CreateNamespaceResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::dropNamespace(const DropNamespaceRequest &request, QObject *context,
                                        Callback<DropNamespaceResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::namespaceExists(const NamespaceExistsRequest &request, QObject *context,
                                          Callback<ExistsResponse> done)
{
    return sendExists(request, context, std::move(done));
}

// Tables

RequestHandle RestClient::listTables(const ListTablesRequest &request, QObject *context,
                                     Callback<ListTablesResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::describeTable(const DescribeTableRequest &request, QObject *context,
                                        Callback<DescribeTableResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::tableExists(const TableExistsRequest &request, QObject *context,
                                      Callback<ExistsResponse> done)
{
    return sendExists(request, context, std::move(done));
}

RequestHandle RestClient::registerTable(const RegisterTableRequest &request, QObject *context,
                                        Callback<RegisterTableResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::declareTable(const DeclareTableRequest &request, QObject *context,
                                       Callback<DeclareTableResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::deregisterTable(const DeregisterTableRequest &request, QObject *context,
                                          Callback<DeregisterTableResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::dropTable(const DropTableRequest &request, QObject *context,
                                    Callback<DropTableResponse> done)
{
    return send(request, context, std::move(done));
}

// Versions

RequestHandle RestClient::listTableVersions(const ListTableVersionsRequest &request,
                                            QObject *context,
                                            Callback<ListTableVersionsResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::createTableVersion(const CreateTableVersionRequest &request,
                                             QObject *context,
                                             Callback<CreateTableVersionResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::describeTableVersion(const DescribeTableVersionRequest &request,
                                               QObject *context,
                                               Callback<DescribeTableVersionResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::batchDeleteTableVersions(const BatchDeleteTableVersionsRequest &request,
                                                   QObject *context,
                                                   Callback<BatchDeleteTableVersionsResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::batchCreateTableVersions(const BatchCreateTableVersionsRequest &request,
                                                   QObject *context,
                                                   Callback<BatchCreateTableVersionsResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::batchCommitTables(const BatchCommitTablesRequest &request,
                                            QObject *context,
                                            Callback<BatchCommitTablesResponse> done)
{
    return send(request, context, std::move(done));
}

// Tags

RequestHandle RestClient::listTableTags(const ListTableTagsRequest &request, QObject *context,
                                        Callback<ListTableTagsResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::getTableTagVersion(const GetTableTagVersionRequest &request,
                                             QObject *context,
                                             Callback<GetTableTagVersionResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::createTableTag(const CreateTableTagRequest &request, QObject *context,
                                         Callback<CreateTableTagResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::updateTableTag(const UpdateTableTagRequest &request, QObject *context,
                                         Callback<UpdateTableTagResponse> done)
{
    return send(request, context, std::move(done));
}

RequestHandle RestClient::deleteTableTag(const DeleteTableTagRequest &request, QObject *context,
                                         Callback<DeleteTableTagResponse> done)
{
    return send(request, context, std::move(done));
}

} // namespace lance::api
