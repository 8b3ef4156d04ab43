// SPDX-License-Identifier: Apache-2.0
#include "storage/SigV4Signer.h"

#include <QCryptographicHash>
#include <QMessageAuthenticationCode>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <utility>

namespace lance::storage {

namespace {

QByteArray hmac(const QByteArray &key, const QByteArray &message)
{
    return QMessageAuthenticationCode::hash(message, key, QCryptographicHash::Sha256);
}

QByteArray lowerCased(QByteArray bytes)
{
    return bytes.toLower();
}

// Leading and trailing spaces go, and runs of spaces inside become one (SigV4's "Trimall").
QByteArray trimmedValue(const QByteArray &value)
{
    QByteArray out;
    out.reserve(value.size());
    bool space = false;
    for (char c : value.trimmed()) {
        const bool isSpace = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (isSpace) {
            space = true;
            continue;
        }
        if (space && !out.isEmpty()) {
            out.append(' ');
        }
        space = false;
        out.append(c);
    }
    return out;
}

// RFC 3986 dot-segment removal, with empty segments dropped as AWS's generic services do.
QByteArray normalisedPath(const QByteArray &path)
{
    QList<QByteArray> kept;
    for (const QByteArray &segment : path.split('/')) {
        if (segment.isEmpty() || segment == ".") {
            continue;
        }
        if (segment == "..") {
            if (!kept.isEmpty()) {
                kept.removeLast();
            }
            continue;
        }
        kept.append(segment);
    }
    QByteArray out = '/' + kept.join('/');
    if (path.endsWith('/') && !kept.isEmpty()) {
        out.append('/');
    }
    return out;
}

QByteArray dateTimeStamp(const QDateTime &time)
{
    return time.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")).toLatin1();
}

} // namespace

SigV4Signer::SigV4Signer(Credentials credentials, QString region, QString service, Dialect dialect,
                         PathRule pathRule)
    : m_credentials(std::move(credentials))
    , m_region(region.toUtf8())
    , m_service(service.toUtf8())
    , m_dialect(dialect)
    , m_pathRule(pathRule)
{}

QByteArray SigV4Signer::uriEncode(const QByteArray &bytes, bool keepSlash)
{
    static const char hex[] = "0123456789ABCDEF";
    QByteArray out;
    out.reserve(bytes.size() * 3);
    for (char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        const bool unreserved = (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z')
                                || (u >= '0' && u <= '9') || u == '-' || u == '_' || u == '.'
                                || u == '~';
        if (unreserved || (keepSlash && u == '/')) {
            out.append(c);
        } else {
            out.append('%');
            out.append(hex[u >> 4]);
            out.append(hex[u & 0xF]);
        }
    }
    return out;
}

QByteArray SigV4Signer::sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

QByteArray SigV4Signer::algorithm() const
{
    return m_dialect == Dialect::Aws ? QByteArrayLiteral("AWS4-HMAC-SHA256")
                                     : QByteArrayLiteral("GOOG4-HMAC-SHA256");
}

QByteArray SigV4Signer::scopeTerminator() const
{
    return m_dialect == Dialect::Aws ? QByteArrayLiteral("aws4_request")
                                     : QByteArrayLiteral("goog4_request");
}

QByteArray SigV4Signer::headerPrefix() const
{
    return m_dialect == Dialect::Aws ? QByteArrayLiteral("x-amz-") : QByteArrayLiteral("x-goog-");
}

QByteArray SigV4Signer::dateHeaderName() const
{
    return headerPrefix() + "date";
}

QByteArray SigV4Signer::contentHashHeaderName() const
{
    return headerPrefix() + "content-sha256";
}

QByteArray SigV4Signer::canonicalUri(const QByteArray &path) const
{
    const QByteArray sent = path.isEmpty() ? QByteArrayLiteral("/") : path;
    if (m_pathRule == PathRule::AsSent) {
        return sent;
    }
    // Generic services encode the path once more: a `%20` that was sent is signed as `%2520`.
    return uriEncode(normalisedPath(sent), true);
}

QByteArray SigV4Signer::credentialScope(const QByteArray &date) const
{
    return date + '/' + m_region + '/' + m_service + '/' + scopeTerminator();
}

QByteArray SigV4Signer::signingKey(const QByteArray &date) const
{
    const QByteArray prefix = m_dialect == Dialect::Aws ? "AWS4" : "GOOG4";
    QByteArray key = hmac(prefix + m_credentials.secretAccessKey.toUtf8(), date);
    key = hmac(key, m_region);
    key = hmac(key, m_service);
    return hmac(key, scopeTerminator());
}

SigV4Signer::Signature SigV4Signer::sign(const Request &request, const QDateTime &time) const
{
    const QByteArray stamp = dateTimeStamp(time);
    const QByteArray date = stamp.left(8);

    QList<QPair<QByteArray, QByteArray>> query;
    query.reserve(request.query.size());
    for (const auto &[name, value] : request.query) {
        query.append({uriEncode(name, false), uriEncode(value, false)});
    }
    std::sort(query.begin(), query.end());
    QByteArrayList queryParts;
    for (const auto &[name, value] : std::as_const(query)) {
        queryParts.append(name + '=' + value);
    }

    // Several headers of one name are signed as one, their values joined by commas in the
    // order they were given.
    QList<QPair<QByteArray, QByteArray>> headers;
    for (const auto &[name, value] : request.headers) {
        const QByteArray lower = lowerCased(name.trimmed());
        const QByteArray trimmed = trimmedValue(value);
        auto same = std::find_if(headers.begin(), headers.end(),
                                 [&](const auto &header) { return header.first == lower; });
        if (same == headers.end()) {
            headers.append({lower, trimmed});
        } else {
            same->second += ',' + trimmed;
        }
    }
    std::stable_sort(headers.begin(), headers.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    QByteArray canonicalHeaders;
    QByteArrayList signedNames;
    for (const auto &[name, value] : std::as_const(headers)) {
        canonicalHeaders += name + ':' + value + '\n';
        signedNames.append(name);
    }

    Signature out;
    out.signedHeaders = signedNames.join(';');
    const QByteArray payloadHash
        = request.payloadHash.isEmpty() ? sha256Hex(request.body) : request.payloadHash;
    out.canonicalRequest = request.method + '\n' + canonicalUri(request.path) + '\n'
                           + queryParts.join('&') + '\n' + canonicalHeaders + '\n'
                           + out.signedHeaders + '\n' + payloadHash;
    out.stringToSign = algorithm() + '\n' + stamp + '\n' + credentialScope(date) + '\n'
                       + sha256Hex(out.canonicalRequest);
    out.signature = hmac(signingKey(date), out.stringToSign).toHex();
    out.authorization = algorithm() + " Credential=" + m_credentials.accessKeyId.toUtf8() + '/'
                        + credentialScope(date) + ", SignedHeaders=" + out.signedHeaders
                        + ", Signature=" + out.signature;
    return out;
}

void SigV4Signer::signInPlace(Request &request, const QDateTime &time) const
{
    if (request.payloadHash.isEmpty()) {
        request.payloadHash = sha256Hex(request.body);
    }
    request.headers.append({dateHeaderName(), dateTimeStamp(time)});
    request.headers.append({contentHashHeaderName(), request.payloadHash});
    if (!m_credentials.sessionToken.isEmpty() && m_dialect == Dialect::Aws) {
        request.headers.append({"x-amz-security-token", m_credentials.sessionToken.toUtf8()});
    }
    const Signature signature = sign(request, time);
    request.headers.append({"Authorization", signature.authorization});
}

void SigV4Signer::signHttp(HttpRequest &request, const QDateTime &time) const
{
    Request signing;
    signing.method = request.method;
    const qsizetype question = request.target.indexOf('?');
    signing.path = question < 0 ? request.target : request.target.left(question);
    if (question >= 0) {
        const QUrlQuery query(QString::fromLatin1(request.target.mid(question + 1)));
        for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
            signing.query.append({name.toUtf8(), value.toUtf8()});
        }
    }
    const QByteArray prefix = headerPrefix();
    for (const auto &header : std::as_const(request.headers)) {
        const QByteArray lower = header.first.toLower();
        if (lower == "host" || lower == "range" || lower == "content-type"
            || lower == "if-none-match" || lower.startsWith(prefix)) {
            signing.headers.append(header);
        }
    }
    signing.body = request.body;
    const qsizetype given = signing.headers.size();
    signInPlace(signing, time);
    request.headers.append(signing.headers.mid(given));
}

QList<QPair<QByteArray, QByteArray>>
SigV4Signer::presign(const Request &request, const QDateTime &time, int expiresSeconds) const
{
    const QByteArray stamp = dateTimeStamp(time);
    const QByteArray prefix = m_dialect == Dialect::Aws ? "X-Amz-" : "X-Goog-";
    Request presigned = request;
    presigned.payloadHash = "UNSIGNED-PAYLOAD";
    QByteArrayList names;
    for (const auto &header : request.headers) {
        names.append(lowerCased(header.first.trimmed()));
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    presigned.query.append({prefix + "Algorithm", algorithm()});
    presigned.query.append({prefix + "Credential", m_credentials.accessKeyId.toUtf8() + '/'
                                                       + credentialScope(stamp.left(8))});
    presigned.query.append({prefix + "Date", stamp});
    presigned.query.append({prefix + "Expires", QByteArray::number(expiresSeconds)});
    if (!m_credentials.sessionToken.isEmpty() && m_dialect == Dialect::Aws) {
        presigned.query.append({"X-Amz-Security-Token", m_credentials.sessionToken.toUtf8()});
    }
    presigned.query.append({prefix + "SignedHeaders", names.join(';')});
    const Signature signature = sign(presigned, time);
    presigned.query.append({prefix + "Signature", signature.signature});
    return presigned.query;
}

} // namespace lance::storage
