// SPDX-License-Identifier: Apache-2.0
#include "RequestHandler.h"

#include "EnginePool.h"
#include "ErrorAnswer.h"
#include "OperationRunner.h"
#include "RouteTable.h"

#include <QStringDecoder>

using namespace Qt::StringLiterals;

namespace lance::server {

using api::ErrorCode;

namespace {

// `application/json`, with or without parameters such as `; charset=utf-8`.
bool isJsonMediaType(QByteArrayView contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    const QByteArrayView mediaType
        = (semicolon < 0 ? contentType : contentType.first(semicolon)).trimmed();
    return mediaType.compare("application/json", Qt::CaseInsensitive) == 0;
}

// The `{id}` segment, percent-decoded exactly once: `%24` and `$` are the same, and a `%2F`
// becomes a `/` inside a name instead of a path separator.
api::Result<api::Identifier> pathIdentifier(const Route &route, const QByteArray &segment,
                                            const QString &delimiter)
{
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder(QByteArray::fromPercentEncoding(segment));
    if (decoder.hasError()) {
        return api::ApiError::invalidInput(
            RequestHandler::tr("The identifier in the path is not valid UTF-8."));
    }
    // Its error already quotes the identifier and says what is wrong with it.
    api::Result<api::Identifier> id = api::Identifier::parse(text, delimiter);
    if (!id) {
        return id;
    }
    if (route.operation->target == api::OperationInfo::Target::Table && id->isRoot()) {
        return api::ApiError::invalidInput(RequestHandler::tr(
            "The path names the root namespace where a table identifier is needed."));
    }
    return id;
}

} // namespace

RequestHandler::RequestHandler(CredentialChecker credentials, EnginePool &engines,
                               qint64 maxBodyBytes)
    : m_credentials(std::move(credentials))
    , m_engines(engines)
    , m_maxBodyBytes(maxBodyBytes)
{}

HttpAnswer RequestHandler::handle(const HttpRequest &request) const
{
    const QByteArray &instance = request.rawPath;
    const CredentialChecker::Access access
        = m_credentials.check(request.apiKey, request.authorization);
    if (access == CredentialChecker::Access::Denied) {
        HttpAnswer answer = ErrorAnswer::make(
            401, ErrorCode::Unauthenticated,
            tr("This server needs credentials: send the API key in x-api-key or the token as "
               "'Authorization: Bearer'."),
            instance);
        if (m_credentials.acceptsBearerToken()) {
            answer.withHeader("WWW-Authenticate", "Bearer");
        }
        return answer;
    }

    const RouteMatch match = RouteTable::match(request.rawPath);
    if (!match.route) {
        return ErrorAnswer::make(
            404, ErrorCode::Unsupported,
            tr("This server has no route %1 %2.")
                .arg(QString::fromLatin1(request.method), QString::fromUtf8(request.rawPath)),
            instance);
    }
    const Route &route = *match.route;
    if (!route.allows(request.method)) {
        return ErrorAnswer::make(405, ErrorCode::Unsupported,
                                 tr("%1 takes %2, not %3.")
                                     .arg(route.name(), QString::fromLatin1(route.allowedMethods()),
                                          QString::fromLatin1(request.method)),
                                 instance)
            .withHeader("Allow", route.allowedMethods());
    }
    if (access == CredentialChecker::Access::ReadOnly && !route.operation->isRead()) {
        return ErrorAnswer::make(403, ErrorCode::PermissionDenied,
                                 tr("The read-only key may not call %1, which changes the "
                                    "catalog.")
                                     .arg(route.name()),
                                 instance);
    }
    // The HTTP layer enforces the limit while reading; this guards any other caller.
    if (request.body.size() > m_maxBodyBytes) {
        return ErrorAnswer::forHttpStatus(413, instance, m_maxBodyBytes);
    }

    api::Result<QueryParameters> query = QueryParameters::parse(request.query);
    if (!query) {
        return ErrorAnswer::fromApiError(query.error(), instance);
    }
    OperationInput input;
    input.instance = instance;
    input.actor = m_credentials.actorOf(request.apiKey, request.authorization);
    if (route.operation->hasPathId()) {
        api::Result<api::Identifier> id = pathIdentifier(route, match.idSegment, query->delimiter);
        if (!id) {
            return ErrorAnswer::fromApiError(id.error(), instance);
        }
        input.pathId = std::move(*id);
    }
    if (route.operation->body == api::OperationInfo::Body::Json && request.contentType
        && !isJsonMediaType(*request.contentType)) {
        return ErrorAnswer::make(415, ErrorCode::InvalidInput,
                                 tr("%1 takes a JSON body (Content-Type: application/json), not "
                                    "\"%2\".")
                                     .arg(route.name(), QString::fromUtf8(*request.contentType)),
                                 instance);
    }
    input.query = std::move(*query);
    input.body = request.body;
    input.bodyOptional = request.method != "POST";

    api::Result<engine::CatalogEngine *> engine = m_engines.engineForCurrentThread();
    if (!engine) {
        // The root opened at start-up; failing now (a full disk, a removed folder) is the
        // server's state, not the request's fault, and may pass.
        return ErrorAnswer::make(
            503, ErrorCode::ServiceUnavailable,
            tr("The catalog cannot be opened: %1").arg(ErrorAnswer::textOf(engine.error())),
            instance);
    }
    return OperationRunner::run(route, input, **engine);
}

} // namespace lance::server
