// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/Result.h"
#include "rest/RetryPolicy.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

#include <optional>

namespace lance::rest {

/// How the client authenticates; the spec's security schemes minus OAuth2.
enum class AuthMethod {
    None,
    ApiKey,      //!< header `x-api-key: <secret>`
    BearerToken, //!< header `Authorization: Bearer <secret>`
};

/// Everything the REST client needs to reach one server.
struct RestClientConfig
{
    Q_DECLARE_TR_FUNCTIONS(RestClientConfig)

public:
    /// `http(s)://host:port` plus an optional path prefix (Apache Gravitino serves under
    /// `/lance`); routes are appended as `<prefix>/v1/...`.
    QUrl baseUrl;
    QString delimiter = api::Identifier::DefaultDelimiter;
    AuthMethod auth = AuthMethod::None;
    /// The API key or bearer token. Sent only as a header; never logged, printed or stored here
    /// by anything but the code that read it from the keychain or the environment.
    QString secret;
    /// Sent with every request, after the built-in headers (so they cannot replace auth).
    QList<QPair<QByteArray, QByteArray>> extraHeaders;
    /// PEM or DER file with extra trusted CA certificates, on top of the system's.
    QString caFile;
    int timeoutMs = 30000; //!< per attempt
    RetryPolicy retry;

    /// The first problem that makes this configuration unusable, in one sentence; nothing if it
    /// is fine. Checks the URL (http or https, a host, no query), the delimiter, the secret for
    /// the chosen auth, header names and values, the CA file (readable, holds certificates) and
    /// the timeout.
    api::Result<void> check() const;
};

} // namespace lance::rest
