// SPDX-License-Identifier: Apache-2.0
#include "ErrorAnswer.h"

#include "api/ErrorResponse.h"
#include "api/JsonCodec.h"

using namespace Qt::StringLiterals;

namespace lance::server {

using api::ErrorCode;

namespace {

HttpAnswer answer(int status, const api::ErrorResponse &body)
{
    return HttpAnswer::json(status, api::json::encode(body));
}

} // namespace

HttpAnswer ErrorAnswer::make(int status, ErrorCode code, const QString &error,
                             const QByteArray &instance, const api::StringMap &context)
{
    api::ErrorResponse body;
    body.code = static_cast<int>(code);
    body.error = error;
    body.instance = QString::fromUtf8(instance);
    body.context = context;
    return answer(status, body);
}

HttpAnswer ErrorAnswer::fromApiError(const api::ApiError &error, const QByteArray &instance)
{
    int status = error.httpStatus();
    std::optional<int> code = error.serverCode();
    if (status < 400 || status > 599) {
        const bool clientFault = error.kind() == api::ApiError::Kind::InvalidInput
                                 || error.kind() == api::ApiError::Kind::Decode;
        status = clientFault ? 400 : 500;
        code = static_cast<int>(clientFault ? ErrorCode::InvalidInput : ErrorCode::Internal);
    }
    api::ErrorResponse body;
    body.code = code.value_or(static_cast<int>(codeForStatus(status)));
    body.error = textOf(error);
    if (!error.serverDetail().isEmpty()) {
        body.detail = error.serverDetail();
    }
    body.instance = QString::fromUtf8(instance);
    body.context = error.context();
    return answer(status, body);
}

QString ErrorAnswer::textOf(const api::ApiError &error)
{
    // The engine's sentence first; a decode or input error keeps its text in detail().
    if (!error.serverError().isEmpty()) {
        return error.serverError();
    }
    return error.detail().isEmpty() ? error.userMessage() : error.detail();
}

HttpAnswer ErrorAnswer::forHttpStatus(int status, const QByteArray &instance, qint64 maxBodyBytes)
{
    QString text;
    switch (status) {
    case 400:
        text = tr("The request is not valid HTTP, or its body could not be read.");
        break;
    case 413:
        text = maxBodyBytes > 0
                   ? tr("The request body is larger than this server accepts (%1 bytes).")
                         .arg(maxBodyBytes)
                   : tr("The request body is larger than this server accepts.");
        break;
    case 414:
        text = tr("The request URI is longer than this server accepts.");
        break;
    case 416:
        text = tr("The Range header is not valid.");
        break;
    default:
        text = tr("The request failed with HTTP status %1.").arg(status);
        break;
    }
    return make(status, codeForStatus(status), text, instance);
}

ErrorCode ErrorAnswer::codeForStatus(int status)
{
    switch (status) {
    case 401:
        return ErrorCode::Unauthenticated;
    case 403:
        return ErrorCode::PermissionDenied;
    case 404:
    case 405:
    case 406:
    case 501:
        return ErrorCode::Unsupported;
    case 409:
        return ErrorCode::ConcurrentModification;
    case 429:
        return ErrorCode::Throttling;
    case 503:
        return ErrorCode::ServiceUnavailable;
    default:
        return status < 500 ? ErrorCode::InvalidInput : ErrorCode::Internal;
    }
}

} // namespace lance::server
