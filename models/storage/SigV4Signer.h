// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/HttpExchange.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>
#include <QString>

namespace lance::storage {

/// AWS Signature Version 4: the request signing of S3, and of GCS's XML API with HMAC keys
/// (the same steps under other names: GOOG4-HMAC-SHA256, `goog4_request`, `x-goog-*`).
///
/// Written here because Debian 12 packages no maintained S3 client for C++ (libs3 signs only
/// SigV2). Checked against AWS's published test suite (generic services) and the worked
/// examples of the S3 documentation (tests/models/storage).
class SigV4Signer
{
public:
    enum class Dialect {
        Aws,   //!< AWS4-HMAC-SHA256, `aws4_request`, `x-amz-date`
        Goog4, //!< GOOG4-HMAC-SHA256, `goog4_request`, `x-goog-date` (GCS HMAC keys)
    };
    /// How the path becomes the canonical URI. S3 (and GCS) sign the path exactly as sent,
    /// encoded once; every other AWS service removes dot segments and encodes it again.
    enum class PathRule { AsSent, Normalised };

    struct Credentials
    {
        QString accessKeyId;
        QString secretAccessKey;
        QString sessionToken; //!< empty for long-term keys
    };

    struct Request
    {
        QByteArray method;
        QByteArray path; //!< as in the request line, percent-encoded, without the query
        QList<QPair<QByteArray, QByteArray>> query;   //!< decoded names and values
        QList<QPair<QByteArray, QByteArray>> headers; //!< every header to sign, `host` included
        /// Hex SHA-256 of the body, or `UNSIGNED-PAYLOAD`. Empty: hashed from `body`.
        QByteArray payloadHash;
        QByteArray body;
    };

    /// Every step, for tests and for the message of a signature the store refused.
    struct Signature
    {
        QByteArray canonicalRequest;
        QByteArray stringToSign;
        QByteArray signature; //!< hex
        QByteArray authorization;
        QByteArray signedHeaders;
    };

    SigV4Signer(Credentials credentials, QString region, QString service,
                Dialect dialect = Dialect::Aws, PathRule pathRule = PathRule::AsSent);

    /// Signs `request` as it stands at `time` (UTC): the headers it already holds are the ones
    /// signed; the date header (and the session token, when there is one) must be among them
    /// when the store checks them: addSigningHeaders() puts them there.
    Signature sign(const Request &request, const QDateTime &time) const;

    /// Adds the date header, the payload hash header and the session token (when there is one)
    /// to `request`, then signs it and adds `Authorization`. What a store client calls.
    void signInPlace(Request &request, const QDateTime &time) const;

    /// Signs a store request as it will go on the wire: its path and query from `target`, and
    /// the headers that identify it (host, range, content-type, if-none-match and the
    /// dialect's `x-amz-`/`x-goog-` ones; an HTTP library's own Accept or User-Agent stay
    /// unsigned). Adds the date, payload hash, token and Authorization headers.
    void signHttp(HttpRequest &request, const QDateTime &time) const;

    /// The query parameters of a presigned URL valid for `expiresSeconds` (X-Amz-Algorithm …
    /// X-Amz-Signature), the payload unsigned; `request.headers` must hold `host`.
    QList<QPair<QByteArray, QByteArray>> presign(const Request &request, const QDateTime &time,
                                                 int expiresSeconds) const;

    /// RFC 3986 percent-encoding as SigV4 wants it: unreserved characters stay, every other
    /// byte becomes %XX (upper-case hex); `/` stays too when `keepSlash`.
    static QByteArray uriEncode(const QByteArray &bytes, bool keepSlash);
    /// Lower-case hex SHA-256.
    static QByteArray sha256Hex(const QByteArray &bytes);

    QByteArray dateHeaderName() const;
    QByteArray contentHashHeaderName() const;

private:
    QByteArray algorithm() const;
    QByteArray scopeTerminator() const;
    QByteArray headerPrefix() const;
    QByteArray canonicalUri(const QByteArray &path) const;
    QByteArray credentialScope(const QByteArray &date) const;
    QByteArray signingKey(const QByteArray &date) const;

    Credentials m_credentials;
    QByteArray m_region;
    QByteArray m_service;
    Dialect m_dialect;
    PathRule m_pathRule;
};

} // namespace lance::storage
