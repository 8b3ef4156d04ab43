// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/StorageOptions.h"
#include "storage/StorageUri.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace lance::connection {

/// The storage options of a connection profile: for each kind of store (S3, Azure Blob, GCS)
/// its own set, under Lance's option keys, used for a table on that kind of store when the
/// server vends nothing or leaves a key out (before the standard environment).
///
/// Kept per scheme so that a key every store knows (`allow_http`) is set for one store without
/// the others. A profile holds only the plain part (withoutSecrets()); the secrets (keys,
/// tokens) go to the SecretStore as one entry, in the form toSecretJson() writes, under
/// secretEntry() of the profile's name.
class ProfileStorage
{
    Q_DECLARE_TR_FUNCTIONS(ProfileStorage)

public:
    /// One option the connection dialog offers for a scheme.
    struct Field
    {
        QString key;   //!< Lance's option key, canonical
        QString label; //!< translated; no mnemonic, the dialog has none to spare
        QString hint;  //!< translated placeholder or tool tip
        bool secret = false;
        bool flag = false; //!< a check box (`true` when ticked) rather than text
    };

    /// S3, Azure and GCS, in the order the dialog shows them.
    static QList<storage::StorageUri::Scheme> schemes();
    /// The options the dialog offers for `scheme`.
    static QList<Field> fields(storage::StorageUri::Scheme scheme);
    /// "Amazon S3", "Azure Blob Storage", "Google Cloud Storage".
    static QString schemeLabel(storage::StorageUri::Scheme scheme);
    /// Whether the option `key` (any spelling) is a credential: never in the settings.
    static bool isSecretKey(const QString &key);
    /// The SecretStore entry of a profile's storage secrets. Names may not hold control
    /// characters, so this never collides with a profile's own entry.
    static QString secretEntry(const QString &profileName);

    /// The options set for `scheme`; empty for a local path.
    storage::StorageOptions options(storage::StorageUri::Scheme scheme) const;
    /// Sets `key` of `scheme` to `value`; an empty value removes the key.
    void set(storage::StorageUri::Scheme scheme, const QString &key, const QString &value);
    bool isEmpty() const;

    /// The options that are not credentials.
    ProfileStorage withoutSecrets() const;
    /// The credentials only.
    ProfileStorage secretsOnly() const;
    /// These options with every key of `other` added (`other` wins).
    ProfileStorage mergedWith(const ProfileStorage &other) const;
    /// `s3.aws_secret_access_key`: the keys set, each after its scheme, as a profile lists the
    /// secrets it has in the keychain (without their values).
    QStringList keyNames() const;

    /// One line per option, `s3.aws_region=eu-west-1`, as profiles are saved and exported.
    QStringList toLines() const;
    /// The inverse of toLines(); lines it cannot read are skipped.
    static ProfileStorage fromLines(const QStringList &lines);
    /// `{"s3": {"aws_secret_access_key": "…"}}`, as the keychain entry holds them.
    QByteArray toSecretJson() const;
    /// The inverse of toSecretJson(); nothing for text that is not such an object.
    static ProfileStorage fromSecretJson(const QByteArray &json);

    bool operator==(const ProfileStorage &) const = default;

private:
    /// The credentials (`secrets`) or the rest.
    ProfileStorage filtered(bool secrets) const;

    QMap<storage::StorageUri::Scheme, QMap<QString, QString>> m_options;
};

} // namespace lance::connection
