// SPDX-License-Identifier: Apache-2.0
#include "storage/StoreErrorAnswer.h"

#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace lance::storage {

namespace {

using Kind = StorageError::Kind;

std::optional<Kind> kindOfCode(const QString &code)
{
    static const QHash<QString, Kind> codes = {
        // S3 and GCS's XML API
        {u"NoSuchKey"_s, Kind::NotFound},
        {u"NoSuchBucket"_s, Kind::NoSuchBucket},
        {u"InvalidAccessKeyId"_s, Kind::BadCredentials},
        {u"SignatureDoesNotMatch"_s, Kind::BadCredentials},
        {u"InvalidToken"_s, Kind::BadCredentials},
        {u"InvalidSecurity"_s, Kind::BadCredentials},
        {u"ExpiredToken"_s, Kind::ExpiredCredentials},
        {u"TokenRefreshRequired"_s, Kind::ExpiredCredentials},
        {u"AccessDenied"_s, Kind::AccessDenied},
        {u"AllAccessDisabled"_s, Kind::AccessDenied},
        {u"RequestTimeTooSkewed"_s, Kind::ClockSkew},
        {u"AuthorizationHeaderMalformed"_s, Kind::WrongRegion},
        {u"PermanentRedirect"_s, Kind::WrongRegion},
        {u"IllegalLocationConstraintException"_s, Kind::WrongRegion},
        {u"SlowDown"_s, Kind::Throttled},
        {u"TooManyRequests"_s, Kind::Throttled},
        {u"InternalError"_s, Kind::ServerError},
        {u"ServiceUnavailable"_s, Kind::ServerError},
        // Azure Blob
        {u"BlobNotFound"_s, Kind::NotFound},
        {u"ContainerNotFound"_s, Kind::NoSuchBucket},
        {u"ResourceNotFound"_s, Kind::NotFound},
        {u"AuthenticationFailed"_s, Kind::BadCredentials},
        {u"InvalidAuthenticationInfo"_s, Kind::BadCredentials},
        {u"NoAuthenticationInformation"_s, Kind::MissingCredentials},
        {u"AuthorizationFailure"_s, Kind::AccessDenied},
        {u"AuthorizationPermissionMismatch"_s, Kind::AccessDenied},
        {u"InsufficientAccountPermissions"_s, Kind::AccessDenied},
        {u"ServerBusy"_s, Kind::Throttled},
        {u"OperationTimedOut"_s, Kind::ServerError},
    };
    const auto it = codes.constFind(code);
    return it == codes.cend() ? std::nullopt : std::optional<Kind>(*it);
}

} // namespace

StoreErrorAnswer::Body StoreErrorAnswer::parseBody(const QByteArray &xml)
{
    Body body;
    QXmlStreamReader reader(xml);
    QString element;
    while (!reader.atEnd() && reader.readNext() != QXmlStreamReader::Invalid) {
        if (reader.isStartElement()) {
            element = reader.name().toString();
        } else if (reader.isCharacters() && !reader.isWhitespace()) {
            const QString text = reader.text().toString().trimmed();
            if (element == u"Code"_s) {
                body.code = text;
            } else if (element == u"Message"_s) {
                body.message = text;
            } else if (element == u"Region"_s) {
                body.region = text;
            } else if (element == u"AuthenticationErrorDetail"_s) {
                body.authenticationDetail = text;
            }
        } else if (reader.isEndElement()) {
            element.clear();
        }
    }
    return body;
}

StorageError StoreErrorAnswer::read(const HttpResponse &response, const Context &context)
{
    Body body = parseBody(response.body);
    if (body.code.isEmpty()) {
        body.code = QString::fromUtf8(response.header("x-ms-error-code"));
    }
    // A store's message can be long (Azure's names a request id and a time); its first line
    // says what matters.
    body.message = body.message.section(u'\n', 0, 0);

    std::optional<Kind> kind;
    if (context.conditionalCreate
        && (response.status == 412 || response.status == 304
            || (response.status == 409
                && (body.code.isEmpty() || body.code == u"BlobAlreadyExists"_s
                    || body.code == u"ConditionalRequestConflict"_s)))) {
        kind = Kind::AlreadyExists;
    }
    if (!kind && body.code == u"AuthenticationFailed"_s) {
        // Azure says "Signed expiry time … has to be after signed start time" or "Signature
        // not valid in the specified time frame" for a SAS that has expired.
        const QString detail = body.authenticationDetail.toLower();
        if (detail.contains(u"expir"_s) || detail.contains(u"time frame"_s)) {
            kind = Kind::ExpiredCredentials;
        } else if (detail.contains(u"request date header too old"_s)
                   || detail.contains(u"x-ms-date"_s)) {
            kind = Kind::ClockSkew;
        }
    }
    if (!kind && body.code == u"AuthorizationFailure"_s
        && body.message.contains(u"authenticate"_s, Qt::CaseInsensitive)) {
        // Azurite's answer to a Shared Key signed with the wrong key ("Server failed to
        // authenticate the request…"), where Azure says AuthenticationFailed.
        kind = Kind::BadCredentials;
    }
    if (!kind) {
        kind = kindOfCode(body.code);
    }
    if (!kind) {
        switch (response.status) {
        case 301:
        case 307:
            kind = Kind::WrongRegion;
            break;
        case 401:
        case 403:
            kind = context.signedRequest ? Kind::AccessDenied : Kind::MissingCredentials;
            break;
        case 404:
            kind = Kind::NotFound;
            break;
        case 429:
            kind = Kind::Throttled;
            break;
        default:
            kind = response.status >= 500 ? Kind::ServerError : Kind::Unexpected;
        }
    }
    if (*kind == Kind::AccessDenied && !context.signedRequest) {
        kind = Kind::MissingCredentials;
    }
    StorageError error(*kind, context.uri, context.store);
    error.withHttp(response.status, body.code, body.message);
    if (*kind == Kind::WrongRegion) {
        const QString region = body.region.isEmpty()
                                   ? QString::fromUtf8(response.header("x-amz-bucket-region"))
                                   : body.region;
        error.withRegion(region);
    }
    return error;
}

} // namespace lance::storage
