// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/Result.h"
#include "rest/RestClientConfig.h"
#include "rest/RestRequestBuilder.h"

#include <QPointer>
#include <QSet>
#include <QSslConfiguration>

#include <optional>

QT_BEGIN_NAMESPACE
class QNetworkAccessManager;
QT_END_NAMESPACE

namespace lance::rest {

class RestCall;

/// CatalogService over the Lance Namespace REST binding, with Qt Network.
///
/// Every call builds the request (RestRequestBuilder), sends it (RestCall: timeout, retries of
/// reads, TLS) and decodes the answer:
///  - any 2xx is success (the reference server answers 201 and 204); an empty body is read as
///    `{}`, so it succeeds when the response has no required field;
///  - the exists operations (those answering ExistsResponse) answer exists=true on 2xx and
///    exists=false on a 404 that carries a JSON error body (a 404 without one means the route
///    is missing: an error);
///  - any other status is `ApiError::http` with the spec operationId as the operation;
///  - response headers are added to the response's `context` as `header.<lowercase name>`
///    (entries from the JSON body win on a clash).
/// An operation whose table entry names a second method (ListTableTags: POST in the spec, GET in
/// the reference server) is re-sent with it when a server answers 405, and this client uses
/// that method for the operation from then on.
///
/// The configuration is checked once, here; while it has a problem every request is answered
/// with that problem (kind InvalidInput) and nothing is sent. `context` may be null, in which
/// case the callback always runs. `network` must outlive the requests in flight.
///
/// Every HTTP attempt is reported through exchangeFinished() for the request log (method, final
/// URL, masked headers, status, milliseconds; never a body or a secret): retries and the 405
/// fallback each count, requests refused before sending do not.
class RestClient : public api::CatalogService
{
    Q_OBJECT

public:
    RestClient(QNetworkAccessManager *network, RestClientConfig config, QObject *parent = nullptr);
    ~RestClient() override;

    const RestClientConfig &config() const { return m_builder.config(); }
    /// The configuration as RestClientConfig::check() found it: its first problem, if any.
    const api::Result<void> &configCheck() const { return m_configCheck; }
    /// Sends `secret` from the next request on (a key typed again after a 401). Requests in
    /// flight keep the headers they were built with. Refused, changing nothing, with the
    /// configuration's problem when the secret is unusable (empty, a line break).
    api::Result<void> setSecret(const QString &secret);

    /// The request a call would send for `request`, exactly (headers unmasked: print
    /// `PreparedRequest::maskedHeaders()`), or why it would be refused. For dry runs.
    template <api::OperationRequest Request>
    api::Result<PreparedRequest> prepare(const Request &request) const
    {
        if (!m_configCheck.hasValue()) {
            return m_configCheck.error();
        }
        api::Result<PreparedRequest> prepared = m_builder.build(request);
        const api::OperationInfo &operation = api::Operation<Request>::info;
        if (prepared && m_otherMethodOperations.contains(operation.name())) {
            prepared->method
                = QByteArray(operation.otherMethod.data(), qsizetype(operation.otherMethod.size()));
        }
        return prepared;
    }

    api::RequestHandle start(api::ServiceCall call) override;
    /// The server URL, without user info, query or fragment.
    QString location() const override;

private:
    template <typename Request>
    api::RequestHandle send(const Request &request, QObject *context,
                            api::Callback<api::ResponseOf<Request>> done);
    /// Forwards the call's exchange records, and hands the call to its caller.
    api::RequestHandle follow(RestCall *call);

    QPointer<QNetworkAccessManager> m_network;
    RestRequestBuilder m_builder;
    api::Result<void> m_configCheck;
    std::optional<QSslConfiguration> m_tls; //!< system CAs plus the CA file's, when one is set
    /// The operations this server answered 405 to with the spec's method: sent with the
    /// table's other method from then on.
    QSet<QString> m_otherMethodOperations;
};

} // namespace lance::rest
