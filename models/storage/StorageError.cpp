// SPDX-License-Identifier: Apache-2.0
#include "storage/StorageError.h"

#include <utility>

using namespace Qt::StringLiterals;

namespace lance::storage {

StorageError::StorageError(Kind kind, QString uri, QString store)
    : m_kind(kind)
    , m_uri(std::move(uri))
    , m_store(std::move(store))
{}

StorageError &StorageError::withHttp(int status, const QString &code, const QString &message)
{
    m_httpStatus = status;
    m_storeCode = code;
    m_storeMessage = message;
    return *this;
}

StorageError &StorageError::withRegion(const QString &region)
{
    m_region = region;
    return *this;
}

StorageError &StorageError::withDetail(const QString &detail)
{
    m_detail = detail;
    return *this;
}

QString StorageError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::NotFound:
        return u"NotFound"_s;
    case Kind::AlreadyExists:
        return u"AlreadyExists"_s;
    case Kind::NoSuchBucket:
        return u"NoSuchBucket"_s;
    case Kind::AccessDenied:
        return u"AccessDenied"_s;
    case Kind::BadCredentials:
        return u"BadCredentials"_s;
    case Kind::ExpiredCredentials:
        return u"ExpiredCredentials"_s;
    case Kind::MissingCredentials:
        return u"MissingCredentials"_s;
    case Kind::WrongRegion:
        return u"WrongRegion"_s;
    case Kind::ClockSkew:
        return u"ClockSkew"_s;
    case Kind::InsecureEndpoint:
        return u"InsecureEndpoint"_s;
    case Kind::InvalidOptions:
        return u"InvalidOptions"_s;
    case Kind::Network:
        return u"Network"_s;
    case Kind::Timeout:
        return u"Timeout"_s;
    case Kind::Cancelled:
        return u"Cancelled"_s;
    case Kind::Truncated:
        return u"Truncated"_s;
    case Kind::Throttled:
        return u"Throttled"_s;
    case Kind::ServerError:
        return u"ServerError"_s;
    case Kind::Unexpected:
        return u"Unexpected"_s;
    case Kind::LocalIo:
        return u"LocalIo"_s;
    }
    return {};
}

QString StorageError::what() const
{
    switch (m_kind) {
    case Kind::NotFound:
        return tr("%1 does not exist").arg(m_uri);
    case Kind::AlreadyExists:
        return tr("%1 already exists: another writer created it first").arg(m_uri);
    case Kind::NoSuchBucket:
        return tr("the bucket or container of %1 does not exist on %2").arg(m_uri, m_store);
    case Kind::AccessDenied:
        return tr("%2 refused access to %1").arg(m_uri, m_store);
    case Kind::BadCredentials:
        return tr("%2 did not accept the credentials for %1").arg(m_uri, m_store);
    case Kind::ExpiredCredentials:
        return tr("the credentials for %1 on %2 have expired").arg(m_uri, m_store);
    case Kind::MissingCredentials:
        return tr("no credentials are configured for %1 on %2").arg(m_uri, m_store);
    case Kind::WrongRegion:
        return m_region.isEmpty()
                   ? tr("the bucket of %1 on %2 is in another region than the one configured")
                         .arg(m_uri, m_store)
                   : tr("the bucket of %1 on %2 is in region %3, not in the one configured")
                         .arg(m_uri, m_store, m_region);
    case Kind::ClockSkew:
        return tr("%1 refused the request for %2 because this computer's clock is off")
            .arg(m_store, m_uri);
    case Kind::InsecureEndpoint:
        return tr("the endpoint of %1 is plain HTTP (%2)").arg(m_uri, m_store);
    case Kind::InvalidOptions:
        return tr("%1 cannot be reached with these storage options").arg(m_uri);
    case Kind::Network:
        return tr("%1 could not be reached for %2").arg(m_store, m_uri);
    case Kind::Timeout:
        return tr("%1 did not answer in time for %2").arg(m_store, m_uri);
    case Kind::Cancelled:
        return tr("the request for %1 was cancelled").arg(m_uri);
    case Kind::Truncated:
        return tr("%1 ended before its announced length (from %2)").arg(m_uri, m_store);
    case Kind::Throttled:
        return tr("%1 asked to slow down and still refused %2").arg(m_store, m_uri);
    case Kind::ServerError:
        return tr("%1 failed (HTTP %2) for %3").arg(m_store).arg(m_httpStatus).arg(m_uri);
    case Kind::Unexpected:
        return tr("%1 gave an answer that cannot be used for %2").arg(m_store, m_uri);
    case Kind::LocalIo:
        return tr("%1 could not be read or written").arg(m_uri);
    }
    return {};
}

QString StorageError::remedy() const
{
    switch (m_kind) {
    case Kind::NoSuchBucket:
        return tr("Check the bucket name and the endpoint; Lance does not create buckets.");
    case Kind::AccessDenied:
        // A HEAD carries no body to tell them apart, and Azurite answers a wrong Shared Key
        // with AuthorizationFailure: the key is as likely as the policy.
        if (m_uri.startsWith(u"az://"_s)) {
            return tr("Check the account key or SAS (azure_storage_account_key, "
                      "azure_storage_sas_token), and that it may read the table's prefix.");
        }
        return tr("Ask for a policy that allows this on the table's prefix.");
    case Kind::BadCredentials:
        // The options of the store that refused, so that a steward fixes the right one.
        if (m_uri.startsWith(u"az://"_s)) {
            return tr("Check the account and its key, SAS or token (azure_storage_account_name, "
                      "azure_storage_account_key, azure_storage_sas_token, azure_storage_token).");
        }
        if (m_uri.startsWith(u"gs://"_s)) {
            return tr("Check the token or the HMAC key (google_storage_token, "
                      "google_hmac_access_id, google_hmac_secret).");
        }
        return tr("Check the access key id and the secret (aws_access_key_id, "
                  "aws_secret_access_key, aws_session_token).");
    case Kind::ExpiredCredentials:
        return tr("Renew the token or SAS, or describe the table again for fresh vended "
                  "credentials.");
    case Kind::MissingCredentials:
        return tr("Give keys in the storage options, the environment or ~/.aws/credentials.");
    case Kind::WrongRegion:
        return m_region.isEmpty() ? tr("Set aws_region to the bucket's region.")
                                  : tr("Set aws_region to %1.").arg(m_region);
    case Kind::ClockSkew:
        return tr("Set this computer's clock (signed requests are valid for 15 minutes).");
    case Kind::InsecureEndpoint:
        return tr("Set allow_http to true to use it, or use an https:// endpoint.");
    case Kind::Network:
    case Kind::Timeout:
        return tr("Check the endpoint and the network, then try again.");
    case Kind::Throttled:
    case Kind::ServerError:
    case Kind::Truncated:
        return tr("Try again later.");
    default:
        return {};
    }
}

QString StorageError::message() const
{
    QString text = what();
    // A sentence that starts with the object's URI keeps it as written: `az://`, not `Az://`.
    if (!text.isEmpty() && (m_uri.isEmpty() || !text.startsWith(m_uri))) {
        text[0] = text[0].toUpper();
    }
    QStringList facts;
    if (!m_storeCode.isEmpty()) {
        facts.append(m_storeCode);
    }
    if (!m_storeMessage.isEmpty()) {
        facts.append(m_storeMessage);
    }
    if (!m_detail.isEmpty()) {
        facts.append(m_detail);
    }
    if (!facts.isEmpty()) {
        text += u" ("_s + facts.join(u": "_s) + u')';
    }
    text += u'.';
    const QString fix = remedy();
    return fix.isEmpty() ? text : text + u' ' + fix;
}

} // namespace lance::storage
