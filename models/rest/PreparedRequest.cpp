// SPDX-License-Identifier: Apache-2.0
#include "rest/PreparedRequest.h"

namespace lance::rest {

QList<QPair<QByteArray, QByteArray>> PreparedRequest::maskedHeaders() const
{
    QList<QPair<QByteArray, QByteArray>> masked;
    masked.reserve(headers.size());
    for (const auto &[name, value] : headers) {
        masked.append({name, isSecretHeader(name) ? QByteArrayLiteral("***") : value});
    }
    return masked;
}

bool PreparedRequest::isSecretHeader(QByteArrayView name)
{
    const QByteArray lower = name.toByteArray().toLower();
    static constexpr QByteArrayView Exact[]
        = {"x-api-key", "authorization", "cookie", "set-cookie", "proxy-authorization"};
    for (const QByteArrayView secret : Exact) {
        if (lower == secret) {
            return true;
        }
    }
    // Custom schemes name their credentials in many ways (x-auth-token, x-client-secret, ...):
    // better to hide a harmless header than to print a credential.
    static constexpr QByteArrayView Parts[] = {"token", "secret", "key", "password"};
    for (const QByteArrayView part : Parts) {
        if (lower.contains(part)) {
            return true;
        }
    }
    return false;
}

} // namespace lance::rest
