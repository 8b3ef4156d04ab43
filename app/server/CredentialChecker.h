// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <optional>

namespace lance::server {

/// Decides what a request's credentials allow. Secrets are kept only as SHA-256 digests and
/// compared digest against digest in constant time, so neither timing nor a memory dump of the
/// checker gives a secret away.
///
/// `x-api-key` is checked against the API key and the read-only key; `Authorization: Bearer`
/// (any case of "Bearer") against the bearer token and the read-only key. With no secret
/// configured every request has full access.
class CredentialChecker
{
    Q_DECLARE_TR_FUNCTIONS(CredentialChecker)

public:
    enum class Access {
        Denied,   //!< credentials are required and none of those sent is right
        ReadOnly, //!< the read-only key: read routes only
        Full,
    };

    struct Secrets
    {
        std::optional<QByteArray> apiKey;
        std::optional<QByteArray> bearerToken;
        std::optional<QByteArray> readOnlyKey;
    };

    CredentialChecker() = default; //!< no credentials: everything is allowed
    explicit CredentialChecker(const Secrets &secrets);

    bool requiresCredentials() const;
    bool acceptsBearerToken() const { return m_bearerToken.has_value(); }

    Access check(const std::optional<QByteArray> &apiKeyHeader,
                 const std::optional<QByteArray> &authorizationHeader) const;
    /// Which credential of a request check() let in, by its kind, never its secret: "api-key",
    /// "bearer-token", "read-only-key", or "anonymous" when the server needs none. The history
    /// names the author of each commit with it.
    QString actorOf(const std::optional<QByteArray> &apiKeyHeader,
                    const std::optional<QByteArray> &authorizationHeader) const;

    /// The secret on the first line of `path`, without surrounding white space; refused with
    /// one sentence naming the file (never its content).
    static api::Result<QByteArray> readSecretFile(const QString &path);

private:
    std::optional<QByteArray> m_apiKey; //!< SHA-256 digests
    std::optional<QByteArray> m_bearerToken;
    std::optional<QByteArray> m_readOnlyKey;
};

} // namespace lance::server
