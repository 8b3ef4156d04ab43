// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CredentialChecker.h"
#include "HttpAnswer.h"
#include "HttpRequest.h"

#include <QCoreApplication>

namespace lance::server {

class EnginePool;

/// Answers one request of the REST binding, independent of the HTTP library: credentials, route,
/// method, query, path id and content type are checked in that order, then OperationRunner runs
/// the operation on the calling thread's engine. Every answer that is not a success carries a
/// spec error body:
///  - 401 code 16 when credentials are required and missing or wrong (before anything else, so
///    an unauthenticated client learns nothing, not even which routes exist);
///  - 404 code 0 for a path no route has; 405 code 0 (with `Allow`) for a wrong method;
///  - 403 code 15 for a write with the read-only key;
///  - 413 code 13 for a body over the limit; 400 code 13 for a bad query or path id;
///  - 415 code 13 for a JSON route whose body is not `application/json`.
/// Thread-safe: the HTTP server calls it from all its worker threads at once.
class RequestHandler
{
    Q_DECLARE_TR_FUNCTIONS(RequestHandler)

public:
    /// `engines` must outlive the handler.
    RequestHandler(CredentialChecker credentials, EnginePool &engines, qint64 maxBodyBytes);

    HttpAnswer handle(const HttpRequest &request) const;

    qint64 maxBodyBytes() const { return m_maxBodyBytes; }

private:
    CredentialChecker m_credentials;
    EnginePool &m_engines;
    qint64 m_maxBodyBytes;
};

} // namespace lance::server
