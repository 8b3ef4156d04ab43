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

// QueryTable's answer is an Arrow IPC file, handed on as it came; its reader checks it.
api::Result<api::QueryTableResponse> arrowAnswer(const Answer &answer, const QString &operation)
{
    if (!answer) {
        return answer.error();
    }
    if (!isSuccess(answer->status)) {
        return httpError(*answer, operation);
    }
    api::QueryTableResponse out;
    out.data = answer->body;
    addHeaderContext(out.context, answer->headers);
    return out;
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
    : CatalogService(parent)
    , m_network(network)
    , m_builder(std::move(config))
    , m_configCheck(m_builder.config().check())
{
    if (m_configCheck.hasValue()) {
        m_tls = tlsConfiguration(m_builder.config());
    }
}

RestClient::~RestClient() = default;

api::Result<void> RestClient::setSecret(const QString &secret)
{
    RestClientConfig config = m_builder.config();
    config.secret = secret;
    if (auto problem = config.check(); !problem.hasValue()) {
        return problem;
    }
    m_builder = RestRequestBuilder(std::move(config));
    m_configCheck = {};
    m_tls = tlsConfiguration(m_builder.config());
    return {};
}

template <typename Request>
api::RequestHandle RestClient::send(const Request &request, QObject *context,
                                    api::Callback<api::ResponseOf<Request>> done)
{
    using Response = api::ResponseOf<Request>;
    api::Result<PreparedRequest> prepared = prepare(request);
    if (!prepared) {
        return api::RequestHandle(RestCall::fail(
            prepared.error(), context,
            [done = std::move(done)](const Answer &answer) { done(answer.error()); }));
    }
    const api::OperationInfo &operation = api::Operation<Request>::info;
    const QString name = operation.name();
    RestCall::Settings settings{config().timeoutMs, config().retry, m_tls, {}};
    if (!operation.otherMethod.empty()) {
        settings.methodOn405
            = QByteArray(operation.otherMethod.data(), qsizetype(operation.otherMethod.size()));
    }
    QPointer<RestClient> self(this);
    auto onAnswer = [self, name, otherMethod = settings.methodOn405,
                     done = std::move(done)](const Answer &answer) {
        // Remember a working fallback, so later calls skip the 405 round trip.
        if (self && answer && !otherMethod.isEmpty() && answer->method == otherMethod
            && answer->status != 405) {
            self->m_otherMethodOperations.insert(name);
        }
        if constexpr (std::is_same_v<Response, api::ExistsResponse>) {
            done(existsAnswer(answer, name));
        } else if constexpr (std::is_same_v<Response, api::QueryTableResponse>) {
            done(arrowAnswer(answer, name));
        } else {
            done(decodeAnswer<Response>(answer, name));
        }
    };
    return follow(RestCall::start(m_network, std::move(*prepared), std::move(settings), context,
                                  std::move(onAnswer)));
}

api::RequestHandle RestClient::follow(RestCall *call)
{
    // Connected after start(): the first attempt cannot end before the event loop runs.
    connect(call, &RestCall::exchangeFinished, this, &RestClient::exchangeFinished);
    return api::RequestHandle(call);
}

api::RequestHandle RestClient::start(api::ServiceCall call)
{
    QObject *context = call.context();
    return call.visit([this, context]<typename Request>(Request &request, auto &done) {
        return send(request, context, std::move(done));
    });
}

QString RestClient::location() const
{
    const QUrl &url = config().baseUrl;
    if (url.isValid() && !url.scheme().isEmpty() && !url.host().isEmpty()) {
        return url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment)
            .toString();
    }
    return url.toString();
}

} // namespace lance::rest
