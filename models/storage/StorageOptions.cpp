// SPDX-License-Identifier: Apache-2.0
#include "storage/StorageOptions.h"

#include <QDir>
#include <QFile>
#include <QSettings>

#include <algorithm>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace lance::storage {

namespace {

struct KeyAliases
{
    QString canonical;
    QStringList aliases;
};

// object_store's parsers (AmazonS3ConfigKey, AzureConfigKey, GoogleConfigKey) accept these
// spellings; "endpoint" and "token" mean one key of whichever store is asking.
const QList<KeyAliases> &aliasTable()
{
    static const QList<KeyAliases> table = {
        {u"aws_access_key_id"_s, {u"access_key_id"_s}},
        {u"aws_secret_access_key"_s, {u"secret_access_key"_s}},
        {u"aws_session_token"_s, {u"aws_token"_s, u"session_token"_s, u"token"_s}},
        {u"aws_region"_s, {u"region"_s, u"aws_default_region"_s}},
        {u"aws_endpoint"_s, {u"aws_endpoint_url"_s, u"endpoint_url"_s, u"endpoint"_s}},
        {u"aws_virtual_hosted_style_request"_s, {u"virtual_hosted_style_request"_s}},
        {u"azure_storage_account_name"_s, {u"account_name"_s}},
        {u"azure_storage_account_key"_s,
         {u"azure_storage_access_key"_s, u"azure_storage_master_key"_s, u"account_key"_s,
          u"access_key"_s, u"master_key"_s}},
        {u"azure_storage_sas_token"_s, {u"azure_storage_sas_key"_s, u"sas_token"_s, u"sas_key"_s}},
        {u"azure_storage_token"_s, {u"bearer_token"_s, u"token"_s}},
        {u"azure_storage_endpoint"_s, {u"azure_endpoint"_s, u"endpoint"_s}},
        {u"azure_storage_use_emulator"_s, {u"use_emulator"_s}},
        {u"google_storage_endpoint"_s, {u"endpoint"_s}},
    };
    return table;
}

// `awsAccessKeyId` → `aws_access_key_id`; snake_case stays as it is, lower-cased.
QString snakeCase(const QString &key)
{
    QString out;
    out.reserve(key.size() + 4);
    for (qsizetype i = 0; i < key.size(); ++i) {
        const QChar c = key.at(i);
        if (c.isUpper() && i > 0 && key.at(i - 1) != u'_') {
            out.append(u'_');
        }
        out.append(c.toLower());
    }
    return out;
}

StorageError fileError(const QString &origin, const QString &why)
{
    return StorageError(StorageError::Kind::InvalidOptions, origin, QString()).withDetail(why);
}

} // namespace

StorageOptions::StorageOptions(const QMap<QString, QString> &values)
{
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        set(it.key(), it.value());
    }
}

void StorageOptions::set(const QString &key, const QString &value)
{
    m_values.insert(snakeCase(key.trimmed()), value);
}

QString StorageOptions::canonicalKey(const QString &key)
{
    const QString snake = snakeCase(key);
    for (const KeyAliases &entry : aliasTable()) {
        if (entry.canonical == snake || entry.aliases.contains(snake)) {
            return entry.canonical;
        }
    }
    return snake;
}

std::optional<QString> StorageOptions::value(const QString &canonicalKey) const
{
    QStringList names{canonicalKey};
    for (const KeyAliases &entry : aliasTable()) {
        if (entry.canonical == canonicalKey) {
            names += entry.aliases;
        }
    }
    for (const QString &name : std::as_const(names)) {
        const auto it = m_values.constFind(name);
        if (it != m_values.cend() && !it->trimmed().isEmpty()) {
            return it->trimmed();
        }
    }
    return std::nullopt;
}

QString StorageOptions::valueOr(const QString &canonicalKey, const QString &fallback) const
{
    return value(canonicalKey).value_or(fallback);
}

bool StorageOptions::flag(const QString &canonicalKey, bool fallback) const
{
    const auto text = value(canonicalKey);
    if (!text) {
        return fallback;
    }
    const QString lower = text->toLower();
    return lower == u"true"_s || lower == u"1"_s || lower == u"yes"_s || lower == u"on"_s;
}

std::optional<qint64> StorageOptions::expiresAtMillis() const
{
    const auto text = value(u"expires_at_millis"_s);
    if (!text) {
        return std::nullopt;
    }
    bool ok = false;
    const qint64 millis = text->toLongLong(&ok);
    return ok ? std::optional<qint64>(millis) : std::nullopt;
}

StorageOptions StorageOptions::withFallback(const StorageOptions &fallback) const
{
    StorageOptions out = *this;
    // A key given here under any spelling hides every spelling of it in the fallback.
    for (auto it = fallback.m_values.cbegin(); it != fallback.m_values.cend(); ++it) {
        if (!m_values.contains(it.key()) && !contains(canonicalKey(it.key()))) {
            out.m_values.insert(it.key(), it.value());
        }
    }
    return out;
}

StorageResult<StorageOptions> StorageOptions::fromJson(const QByteArray &json,
                                                       const QString &origin)
{
    const nlohmann::json document
        = nlohmann::json::parse(json.constBegin(), json.constEnd(), nullptr, false);
    if (document.is_discarded()) {
        return fileError(origin, tr("this is not JSON"));
    }
    if (!document.is_object()) {
        return fileError(origin, tr("storage options must be a JSON object of keys and values"));
    }
    StorageOptions options;
    for (const auto &[key, value] : document.items()) {
        const QString name = QString::fromStdString(key);
        if (value.is_string()) {
            options.set(name, QString::fromStdString(value.get<std::string>()));
        } else if (value.is_boolean()) {
            options.set(name, value.get<bool>() ? u"true"_s : u"false"_s);
        } else if (value.is_number()) {
            options.set(name, QString::fromStdString(value.dump()));
        } else {
            return fileError(
                origin, tr("the value of %1 must be a string, a number or a boolean").arg(name));
        }
    }
    return options;
}

StorageResult<StorageOptions> StorageOptions::fromFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return fileError(path,
                         tr("cannot read the storage options file: %1").arg(file.errorString()));
    }
    return fromJson(file.readAll(), path);
}

StorageOptions StorageOptions::fromEnvironment(const QProcessEnvironment &environment)
{
    StorageOptions options;
    for (const QString &name : environment.keys()) {
        const QString lower = name.toLower();
        if (!lower.startsWith(u"aws_"_s) && !lower.startsWith(u"azure_"_s)
            && !lower.startsWith(u"google_"_s) && lower != u"azurite_blob_storage_url"_s) {
            continue;
        }
        // AWS_ENDPOINT_URL and AWS_DEFAULT_REGION are aliases; everything else keeps its name.
        options.m_values.insert(lower, environment.value(name));
    }
    if (options.m_values.contains(u"aws_allow_http"_s)
        && !options.m_values.contains(u"allow_http"_s)) {
        options.m_values.insert(u"allow_http"_s, options.m_values.value(u"aws_allow_http"_s));
    }
    return options;
}

StorageOptions StorageOptions::fromAwsProfile(const QProcessEnvironment &environment)
{
    const QString home = environment.value(u"HOME"_s, QDir::homePath());
    const QString credentialsFile
        = environment.value(u"AWS_SHARED_CREDENTIALS_FILE"_s, home + u"/.aws/credentials"_s);
    const QString configFile = environment.value(u"AWS_CONFIG_FILE"_s, home + u"/.aws/config"_s);
    const QString profile = environment.value(u"AWS_PROFILE"_s, u"default"_s);

    StorageOptions options;
    // Both files are INI; QSettings reads them without writing (no sync on a read-only use).
    if (QFile::exists(credentialsFile)) {
        QSettings credentials(credentialsFile, QSettings::IniFormat);
        credentials.beginGroup(profile);
        for (const QString &key : {u"aws_access_key_id"_s, u"aws_secret_access_key"_s,
                                   u"aws_session_token"_s, u"region"_s}) {
            const QString value = credentials.value(key).toString();
            if (!value.isEmpty()) {
                options.set(key == u"region"_s ? u"aws_region"_s : key, value);
            }
        }
    }
    if (QFile::exists(configFile) && !options.contains(u"aws_region"_s)) {
        QSettings config(configFile, QSettings::IniFormat);
        config.beginGroup(profile == u"default"_s ? profile : u"profile "_s + profile);
        const QString region = config.value(u"region"_s).toString();
        if (!region.isEmpty()) {
            options.set(u"aws_region"_s, region);
        }
    }
    return options;
}

StorageOptions StorageOptions::standard(const QProcessEnvironment &environment)
{
    return fromEnvironment(environment).withFallback(fromAwsProfile(environment));
}

bool StorageOptions::reaches(StorageUri::Scheme scheme) const
{
    QStringList keys;
    switch (scheme) {
    case StorageUri::Scheme::S3:
        keys = {u"aws_access_key_id"_s, u"aws_endpoint"_s, u"aws_session_token"_s};
        break;
    case StorageUri::Scheme::Azure:
        keys = {u"azure_storage_account_name"_s, u"azure_storage_endpoint"_s,
                u"azure_storage_use_emulator"_s, u"azure_storage_sas_token"_s,
                u"azure_storage_token"_s};
        break;
    case StorageUri::Scheme::Gcs:
        keys
            = {u"google_storage_token"_s, u"google_hmac_access_id"_s, u"google_storage_endpoint"_s};
        break;
    case StorageUri::Scheme::Local:
        return false;
    }
    return std::any_of(keys.cbegin(), keys.cend(),
                       [this](const QString &key) { return contains(key); });
}

} // namespace lance::storage
