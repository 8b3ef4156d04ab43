// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QString>

namespace lance::storage {

/// Why a call to an object store failed, typed, so that callers decide (retry, 409, "fix this
/// option") without reading words, and worded, so that a person knows what to do.
///
/// Names the object's URI and the store (`S3 at http://127.0.0.1:9000`, `Azure account
/// devstoreaccount1`), never a key, token or signature: store answers are read for their
/// code and message only, and URIs carry no credentials.
class StorageError
{
    Q_DECLARE_TR_FUNCTIONS(StorageError)

public:
    enum class Kind {
        NotFound,           //!< no such object
        AlreadyExists,      //!< a create or copy "only if absent" found the object there
        NoSuchBucket,       //!< the bucket or container does not exist
        AccessDenied,       //!< the credentials are valid but not allowed to do this
        BadCredentials,     //!< an unknown key id, or a signature made with the wrong secret
        ExpiredCredentials, //!< temporary credentials (a token, a SAS) that have expired
        MissingCredentials, //!< the store wants credentials and none were configured
        WrongRegion,        //!< the bucket is in another region: region() names it
        ClockSkew,          //!< this machine's clock is too far from the store's
        InsecureEndpoint,   //!< an `http://` endpoint without `allow_http`
        InvalidOptions,     //!< an option or a URI that cannot be used
        Network,            //!< no answer: refused, reset, unknown host, TLS
        Timeout,            //!< no complete answer before the call's deadline
        Cancelled,          //!< the caller cancelled the call
        Truncated,          //!< the body ended before the length the store announced
        Throttled,          //!< 429 or SlowDown, still after the retries
        ServerError,        //!< 5xx, still after the retries
        Unexpected,         //!< any other answer the call cannot use
        LocalIo,            //!< a local file system call failed: detail() says why
    };

    StorageError() = default;
    StorageError(Kind kind, QString uri, QString store);

    Kind kind() const { return m_kind; }
    QString uri() const { return m_uri; }
    QString store() const { return m_store; }
    int httpStatus() const { return m_httpStatus; }   //!< 0 without an HTTP answer
    QString storeCode() const { return m_storeCode; } //!< `SignatureDoesNotMatch`, …
    QString storeMessage() const { return m_storeMessage; }
    QString region() const { return m_region; } //!< the region a WrongRegion answer named
    QString detail() const { return m_detail; }

    StorageError &withHttp(int status, const QString &code, const QString &message);
    StorageError &withRegion(const QString &region);
    StorageError &withDetail(const QString &detail);

    /// One or two translated sentences: what failed, where, and what to do about it.
    QString message() const;
    /// The kind's name, for logs and tests ("NotFound").
    static QString kindName(Kind kind);

private:
    QString what() const;
    QString remedy() const;

    Kind m_kind = Kind::Unexpected;
    QString m_uri;
    QString m_store;
    int m_httpStatus = 0;
    QString m_storeCode;
    QString m_storeMessage;
    QString m_region;
    QString m_detail;
};

/// A value, or the StorageError that prevented it.
template <typename T> using StorageResult = api::Result<T, StorageError>;

} // namespace lance::storage
