// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/StorageError.h"
#include "storage/StorageUri.h"

#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <optional>

namespace lance::storage {

/// The options of a store under Lance's own key names (object_store's, lower-cased, as
/// LanceDB's `storageOptions` take them), so a steward pastes the same object they give
/// LanceDB. camelCase (`awsAccessKeyId`) and object_store's aliases (`endpoint`,
/// `access_key_id`, `sas_token`, …) are read as the canonical key of the store in question.
///
/// Keys this project adds, for what Lance has no key: `google_hmac_access_id` and
/// `google_hmac_secret` (GCS's XML API with HMAC keys).
///
/// Values are kept as text.
class StorageOptions
{
    Q_DECLARE_TR_FUNCTIONS(StorageOptions)

public:
    StorageOptions() = default;
    explicit StorageOptions(const QMap<QString, QString> &values);

    /// A JSON object whose values are strings, numbers or booleans. The error names the
    /// problem and the key, never a value.
    static StorageResult<StorageOptions> fromJson(const QByteArray &json, const QString &origin);
    static StorageResult<StorageOptions> fromFile(const QString &path);
    /// `AWS_*`, `AZURE_*`, `GOOGLE_*` variables whose lower-cased names are option keys (as
    /// object_store reads them), and `AWS_DEFAULT_REGION`.
    static StorageOptions fromEnvironment(const QProcessEnvironment &environment);
    /// The keys of one profile of `~/.aws/credentials` (`AWS_SHARED_CREDENTIALS_FILE`) and the
    /// region of `~/.aws/config` (`AWS_CONFIG_FILE`); the profile is `AWS_PROFILE`, else
    /// `default`. Nothing when the files or the profile are missing.
    static StorageOptions fromAwsProfile(const QProcessEnvironment &environment);
    /// What a store opened without options of its own uses: the environment, then the AWS
    /// profile for what the environment leaves out.
    static StorageOptions standard(const QProcessEnvironment &environment);

    /// This set, with every key of `fallback` it lacks.
    StorageOptions withFallback(const StorageOptions &fallback) const;

    /// The value under `canonicalKey` or any of its aliases; nothing when absent or empty.
    std::optional<QString> value(const QString &canonicalKey) const;
    QString valueOr(const QString &canonicalKey, const QString &fallback) const;
    /// `true`/`1`/`yes`/`on` (any case) as true; absent as `fallback`.
    bool flag(const QString &canonicalKey, bool fallback = false) const;
    bool contains(const QString &canonicalKey) const { return value(canonicalKey).has_value(); }
    /// True when the set says where a store of `scheme` is or who asks: an endpoint or
    /// credentials (`aws_access_key_id`, `aws_endpoint` or `aws_session_token` for S3; an
    /// account, endpoint, emulator, SAS or token for Azure; a token, HMAC key or endpoint for
    /// GCS). A variable such as AWS_CA_BUNDLE alone does not make a set one that reaches S3.
    bool reaches(StorageUri::Scheme scheme) const;
    /// Lance's `expires_at_millis`, when present and a number.
    std::optional<qint64> expiresAtMillis() const;

    void set(const QString &key, const QString &value);
    bool isEmpty() const { return m_values.isEmpty(); }
    /// Every key as given (lower-cased, camelCase turned into snake_case).
    QMap<QString, QString> values() const { return m_values; }

    /// The canonical key `key` stands for, or `key` itself.
    static QString canonicalKey(const QString &key);

private:
    QMap<QString, QString> m_values;
};

} // namespace lance::storage
