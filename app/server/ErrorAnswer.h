// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "HttpAnswer.h"
#include "api/ApiError.h"
#include "api/CommonTypes.h"
#include "api/ErrorCode.h"

#include <QCoreApplication>

namespace lance::server {

/// The spec ErrorResponse answers: `{"code", "error", "detail"?, "instance", "context"?}` with
/// the HTTP status the notes pair with the code (§3). Every non-2xx answer of the server is
/// made here, so none can go out without a spec body.
class ErrorAnswer
{
    Q_DECLARE_TR_FUNCTIONS(ErrorAnswer)

public:
    /// `instance` is the request path as sent.
    static HttpAnswer make(int status, api::ErrorCode code, const QString &error,
                           const QByteArray &instance, const api::StringMap &context = {});
    /// An engine's or a decoder's refusal: its status, code, text, detail and context. An error
    /// without an HTTP status (invalid input, a decode failure) is a 400 with code 13; anything
    /// else without one is a 500 with code 18.
    static HttpAnswer fromApiError(const api::ApiError &error, const QByteArray &instance);
    /// A refusal by the HTTP layer itself (a malformed request, a body over the limit): the
    /// spec code for `status` and a sentence saying what it means.
    static HttpAnswer forHttpStatus(int status, const QByteArray &instance,
                                    qint64 maxBodyBytes = 0);

    /// The most precise sentence `error` holds: the server's text, the detail, or its message.
    static QString textOf(const api::ApiError &error);

    /// The spec code a server pairs with an HTTP status it chose itself.
    static api::ErrorCode codeForStatus(int status);
};

} // namespace lance::server
