// SPDX-License-Identifier: Apache-2.0
#include "connection/ProfileStorage.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <optional>

using namespace Qt::StringLiterals;
using lance::storage::StorageUri;

namespace lance::connection {

namespace {

std::optional<StorageUri::Scheme> schemeNamed(const QString &word)
{
    for (const StorageUri::Scheme scheme : ProfileStorage::schemes()) {
        if (StorageUri::schemeName(scheme) == word) {
            return scheme;
        }
    }
    return std::nullopt;
}

// Credentials under their canonical keys (StorageOptions::canonicalKey()).
const QStringList &secretKeys()
{
    static const QStringList keys = {
        u"aws_secret_access_key"_s,      u"aws_session_token"_s,
        u"azure_storage_account_key"_s,  u"azure_storage_sas_token"_s,
        u"azure_storage_token"_s,        u"azure_client_secret"_s,
        u"google_storage_token"_s,       u"google_hmac_secret"_s,
        u"google_service_account_key"_s, u"google_application_credentials"_s,
    };
    return keys;
}

} // namespace

QList<StorageUri::Scheme> ProfileStorage::schemes()
{
    return {StorageUri::Scheme::S3, StorageUri::Scheme::Azure, StorageUri::Scheme::Gcs};
}

QString ProfileStorage::schemeLabel(StorageUri::Scheme scheme)
{
    switch (scheme) {
    case StorageUri::Scheme::S3:
        return tr("Amazon S3");
    case StorageUri::Scheme::Azure:
        return tr("Azure Blob Storage");
    case StorageUri::Scheme::Gcs:
        return tr("Google Cloud Storage");
    case StorageUri::Scheme::Local:
        break;
    }
    return {};
}

QList<ProfileStorage::Field> ProfileStorage::fields(StorageUri::Scheme scheme)
{
    const Field allowHttp{u"allow_http"_s, tr("Allow plain HTTP"),
                          tr("For an emulator or a store inside your network; keys and data "
                             "then travel unencrypted."),
                          false, true};
    switch (scheme) {
    case StorageUri::Scheme::S3:
        return {
            {u"aws_endpoint"_s, tr("Endpoint:"),
             tr("Empty for AWS; http://host:port for MinIO or another S3 store"), false, false},
            {u"aws_region"_s, tr("Region:"), u"us-east-1"_s, false, false},
            {u"aws_access_key_id"_s, tr("Access key ID:"), QString(), false, false},
            {u"aws_secret_access_key"_s, tr("Secret access key:"), QString(), true, false},
            {u"aws_session_token"_s, tr("Session token:"), tr("Only for temporary credentials"),
             true, false},
            {u"aws_virtual_hosted_style_request"_s, tr("Virtual-hosted-style requests"),
             tr("bucket.host rather than host/bucket"), false, true},
            allowHttp,
        };
    case StorageUri::Scheme::Azure:
        return {
            {u"azure_storage_account_name"_s, tr("Account name:"), QString(), false, false},
            {u"azure_storage_endpoint"_s, tr("Endpoint:"),
             tr("Empty for Azure; http://host:port/account for Azurite"), false, false},
            {u"azure_storage_account_key"_s, tr("Account key:"), QString(), true, false},
            {u"azure_storage_sas_token"_s, tr("SAS token:"), tr("Instead of the account key"), true,
             false},
            {u"azure_storage_use_emulator"_s, tr("Use the local emulator (Azurite)"), QString(),
             false, true},
            allowHttp,
        };
    case StorageUri::Scheme::Gcs:
        return {
            {u"google_storage_endpoint"_s, tr("Endpoint:"),
             tr("Empty for Google; http://host:port for an emulator"), false, false},
            {u"google_hmac_access_id"_s, tr("HMAC access ID:"), QString(), false, false},
            {u"google_hmac_secret"_s, tr("HMAC secret:"), QString(), true, false},
            {u"google_storage_token"_s, tr("OAuth token:"), tr("Instead of an HMAC key"), true,
             false},
            allowHttp,
        };
    case StorageUri::Scheme::Local:
        break;
    }
    return {};
}

bool ProfileStorage::isSecretKey(const QString &key)
{
    return secretKeys().contains(storage::StorageOptions::canonicalKey(key.trimmed()));
}

QString ProfileStorage::secretEntry(const QString &profileName)
{
    return profileName + u"\x1fstorage"_s;
}

storage::StorageOptions ProfileStorage::options(StorageUri::Scheme scheme) const
{
    return storage::StorageOptions(m_options.value(scheme));
}

void ProfileStorage::set(StorageUri::Scheme scheme, const QString &key, const QString &value)
{
    if (scheme == StorageUri::Scheme::Local || key.trimmed().isEmpty()) {
        return;
    }
    QMap<QString, QString> &options = m_options[scheme];
    if (value.trimmed().isEmpty()) {
        options.remove(key.trimmed());
    } else {
        options.insert(key.trimmed(), value.trimmed());
    }
    if (options.isEmpty()) {
        m_options.remove(scheme);
    }
}

bool ProfileStorage::isEmpty() const
{
    return m_options.isEmpty();
}

ProfileStorage ProfileStorage::withoutSecrets() const
{
    return filtered(false);
}

ProfileStorage ProfileStorage::secretsOnly() const
{
    return filtered(true);
}

ProfileStorage ProfileStorage::filtered(bool secrets) const
{
    ProfileStorage kept;
    for (auto scheme = m_options.cbegin(); scheme != m_options.cend(); ++scheme) {
        for (auto it = scheme->cbegin(); it != scheme->cend(); ++it) {
            if (isSecretKey(it.key()) == secrets) {
                kept.set(scheme.key(), it.key(), it.value());
            }
        }
    }
    return kept;
}

ProfileStorage ProfileStorage::mergedWith(const ProfileStorage &other) const
{
    ProfileStorage merged = *this;
    for (auto scheme = other.m_options.cbegin(); scheme != other.m_options.cend(); ++scheme) {
        for (auto it = scheme->cbegin(); it != scheme->cend(); ++it) {
            merged.set(scheme.key(), it.key(), it.value());
        }
    }
    return merged;
}

QStringList ProfileStorage::keyNames() const
{
    QStringList names;
    for (auto scheme = m_options.cbegin(); scheme != m_options.cend(); ++scheme) {
        for (auto it = scheme->cbegin(); it != scheme->cend(); ++it) {
            names.append(StorageUri::schemeName(scheme.key()) + u'.' + it.key());
        }
    }
    return names;
}

QStringList ProfileStorage::toLines() const
{
    QStringList lines;
    for (auto scheme = m_options.cbegin(); scheme != m_options.cend(); ++scheme) {
        for (auto it = scheme->cbegin(); it != scheme->cend(); ++it) {
            lines.append(StorageUri::schemeName(scheme.key()) + u'.' + it.key() + u'='
                         + it.value());
        }
    }
    return lines;
}

ProfileStorage ProfileStorage::fromLines(const QStringList &lines)
{
    ProfileStorage storage;
    for (const QString &line : lines) {
        const qsizetype dot = line.indexOf(u'.');
        const qsizetype equals = line.indexOf(u'=');
        if (dot <= 0 || equals <= dot + 1) {
            continue;
        }
        if (const auto scheme = schemeNamed(line.left(dot).trimmed())) {
            storage.set(*scheme, line.mid(dot + 1, equals - dot - 1), line.mid(equals + 1));
        }
    }
    return storage;
}

QByteArray ProfileStorage::toSecretJson() const
{
    QJsonObject document;
    for (auto scheme = m_options.cbegin(); scheme != m_options.cend(); ++scheme) {
        QJsonObject options;
        for (auto it = scheme->cbegin(); it != scheme->cend(); ++it) {
            options.insert(it.key(), it.value());
        }
        document.insert(StorageUri::schemeName(scheme.key()), options);
    }
    return QJsonDocument(document).toJson(QJsonDocument::Compact);
}

ProfileStorage ProfileStorage::fromSecretJson(const QByteArray &json)
{
    ProfileStorage storage;
    const QJsonObject document = QJsonDocument::fromJson(json).object();
    for (auto scheme = document.constBegin(); scheme != document.constEnd(); ++scheme) {
        const auto known = schemeNamed(scheme.key());
        if (!known || !scheme->isObject()) {
            continue;
        }
        const QJsonObject options = scheme->toObject();
        for (auto it = options.constBegin(); it != options.constEnd(); ++it) {
            if (it->isString()) {
                storage.set(*known, it.key(), it->toString());
            }
        }
    }
    return storage;
}

} // namespace lance::connection
