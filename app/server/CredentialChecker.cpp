// SPDX-License-Identifier: Apache-2.0
#include "CredentialChecker.h"

#include <QCryptographicHash>
#include <QFile>

namespace lance::server {

namespace {

std::optional<QByteArray> digestOf(const std::optional<QByteArray> &secret)
{
    if (!secret) {
        return std::nullopt;
    }
    return QCryptographicHash::hash(*secret, QCryptographicHash::Sha256);
}

// Digests have a fixed length, so comparing every byte takes the same time whatever they hold:
// an attacker cannot learn a prefix from how fast a wrong credential is refused.
bool sameDigest(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size()) {
        return false;
    }
    unsigned char difference = 0;
    for (qsizetype i = 0; i < a.size(); ++i) {
        difference |= static_cast<unsigned char>(a.at(i) ^ b.at(i));
    }
    return difference == 0;
}

bool matches(const std::optional<QByteArray> &presentedDigest,
             const std::optional<QByteArray> &expectedDigest)
{
    return presentedDigest && expectedDigest && sameDigest(*presentedDigest, *expectedDigest);
}

// The token of `Authorization: Bearer <token>`; the scheme name is case-insensitive (RFC 9110).
std::optional<QByteArray> bearerTokenOf(const std::optional<QByteArray> &authorization)
{
    if (!authorization) {
        return std::nullopt;
    }
    const QByteArray value = authorization->trimmed();
    constexpr QByteArrayView Scheme("bearer ");
    if (value.size() <= Scheme.size()
        || QByteArrayView(value).first(Scheme.size()).compare(Scheme, Qt::CaseInsensitive) != 0) {
        return std::nullopt;
    }
    return value.mid(Scheme.size()).trimmed();
}

} // namespace

CredentialChecker::CredentialChecker(const Secrets &secrets)
    : m_apiKey(digestOf(secrets.apiKey))
    , m_bearerToken(digestOf(secrets.bearerToken))
    , m_readOnlyKey(digestOf(secrets.readOnlyKey))
{}

bool CredentialChecker::requiresCredentials() const
{
    return m_apiKey || m_bearerToken || m_readOnlyKey;
}

CredentialChecker::Access
CredentialChecker::check(const std::optional<QByteArray> &apiKeyHeader,
                         const std::optional<QByteArray> &authorizationHeader) const
{
    if (!requiresCredentials()) {
        return Access::Full;
    }
    const std::optional<QByteArray> key = digestOf(apiKeyHeader);
    const std::optional<QByteArray> token = digestOf(bearerTokenOf(authorizationHeader));
    // Every comparison runs, whichever matches: the time taken says nothing about which one did.
    const bool fullByKey = matches(key, m_apiKey);
    const bool fullByToken = matches(token, m_bearerToken);
    const bool readOnlyByKey = matches(key, m_readOnlyKey);
    const bool readOnlyByToken = matches(token, m_readOnlyKey);
    if (fullByKey || fullByToken) {
        return Access::Full;
    }
    return readOnlyByKey || readOnlyByToken ? Access::ReadOnly : Access::Denied;
}

QString CredentialChecker::actorOf(const std::optional<QByteArray> &apiKeyHeader,
                                   const std::optional<QByteArray> &authorizationHeader) const
{
    if (!requiresCredentials()) {
        return QStringLiteral("anonymous");
    }
    const std::optional<QByteArray> key = digestOf(apiKeyHeader);
    const std::optional<QByteArray> token = digestOf(bearerTokenOf(authorizationHeader));
    if (matches(key, m_apiKey)) {
        return QStringLiteral("api-key");
    }
    if (matches(token, m_bearerToken)) {
        return QStringLiteral("bearer-token");
    }
    return QStringLiteral("read-only-key");
}

api::Result<QByteArray> CredentialChecker::readSecretFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return api::ApiError::invalidInput(
            tr("Cannot read the credential file \"%1\": %2").arg(path, file.errorString()));
    }
    const QByteArray firstLine = file.readLine().trimmed();
    if (firstLine.isEmpty()) {
        return api::ApiError::invalidInput(
            tr("The credential file \"%1\" holds no secret on its first line.").arg(path));
    }
    return firstLine;
}

} // namespace lance::server
