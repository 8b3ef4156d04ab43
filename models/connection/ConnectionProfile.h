// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/Result.h"
#include "connection/ProfileStorage.h"
#include "rest/RestClientConfig.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>
#include <QVariantMap>

#include <optional>

namespace lance::connection {

/// One saved way to reach a catalog: a Lance Namespace REST server or a local catalog folder.
///
/// A plain value with no secret in it: the API key or bearer token lives in the SecretStore under
/// the profile's name, so nothing that stores or exports profiles can leak one. Extra headers are
/// for harmless things (a tenant, a routing hint); a header that carries a credential is refused,
/// as the command line refuses `--header x-api-key:...`.
struct ConnectionProfile
{
    Q_DECLARE_TR_FUNCTIONS(ConnectionProfile)

public:
    enum class Kind {
        Rest,  //!< a server speaking the Lance Namespace REST binding
        Local, //!< a catalog folder opened in-process (LocalCatalogService)
    };
    /// Shown as a coloured band; production also asks before every commit.
    enum class Environment { Development, Staging, Production };
    /// REST: whose files the server's paths name.
    enum class ServerFiles {
        Auto,        //!< this machine's when the host is a loopback address
        ThisMachine, //!< this machine's (a server in a VM or container sharing the disk)
        Elsewhere,   //!< another machine's, even on a loopback host (an SSH tunnel)
    };

    QString name;
    Kind kind = Kind::Rest;
    /// REST: `http(s)://host:port` plus an optional path prefix (`https://host/lance`).
    QUrl url;
    /// Local: the catalog's root folder, absolute (created on first use when missing).
    QString localFolder;
    /// REST only; the secret itself is in the SecretStore.
    rest::AuthMethod auth = rest::AuthMethod::None;
    /// REST only: sent with every request, after the built-in ones. Never credentials.
    QList<QPair<QByteArray, QByteArray>> headers;
    QString delimiter = api::Identifier::DefaultDelimiter;
    QString caFile;        //!< REST only: extra trusted CA certificates (PEM or DER)
    int timeoutMs = 30000; //!< REST only: per attempt
    Environment environment = Environment::Development;
    bool readOnly = false; //!< the browser offers no changes on this connection
    ServerFiles serverFiles = ServerFiles::Auto;
    /// Options for tables on object storage, when the server vends none: only what is not a
    /// credential. The credentials are in the SecretStore (ProfileStorage::secretEntry()).
    ProfileStorage storage;
    /// The credentials saved there, as ProfileStorage::keyNames() (`s3.aws_secret_access_key`),
    /// so that a profile without any costs no keychain request, and an exported one tells
    /// what to enter again. Never values.
    QStringList storageSecrets;

    /// The first reason this profile cannot connect, in one translated sentence; nothing when it
    /// can. Everything but the secret is checked (the URL, the folder, headers, the CA file).
    api::Result<void> check() const;
    /// The first reason this profile may not be saved: a bad name, a password in the URL, or a
    /// header that carries a credential. Weaker than check(): a CA file that is missing on this
    /// machine (an imported profile) can still be saved and fixed later.
    api::Result<void> checkStorable() const;
    /// Names are shown in menus and typed after `--profile`: not empty, no white space at either
    /// end, no control characters, at most MaxNameLength characters.
    static api::Result<void> checkName(const QString &name);
    /// The server URL `text` names, as typed in a Connect box or after --url: http or https
    /// with a host; nothing otherwise.
    static std::optional<QUrl> serverUrl(const QString &text);
    static constexpr int MaxNameLength = 100;

    /// True when connecting needs a secret from the SecretStore.
    bool needsSecret() const { return kind == Kind::Rest && auth != rest::AuthMethod::None; }
    /// The REST client configuration for this profile with `secret`.
    rest::RestClientConfig restConfig(const QString &secret = {}) const;
    /// The URL (without user info) or the folder, for titles and the status bar.
    QString location() const;
    /// True for a local catalog and for a server whose paths name this machine's files: as
    /// `serverFiles` says, and for Auto a loopback host (`localhost`, 127.0.0.0/8, `::1`).
    bool isOnThisMachine() const;
    /// Whose staged work this is: a local catalog's absolute folder (two folders both named
    /// "lake" must not share it; the demo opened from anywhere is one catalog), else the name.
    /// Keys the staging journal and the restores kept for the commit.
    QString stagingKey() const;

    /// Every field as settings-friendly values (strings, numbers, string lists), `name`
    /// included; the form ProfileStore saves and exports. Holds no secret.
    QVariantMap toVariantMap() const;
    /// The inverse of toVariantMap(). Lenient: unknown keys are ignored (a `secret` among them
    /// is never read), unknown values fall back to the defaults; check() tells what is wrong.
    static ConnectionProfile fromVariantMap(const QVariantMap &map);

    static QString environmentLabel(Environment environment); //!< translated, "Production"
    static QString kindLabel(Kind kind);                      //!< translated, "REST server"

    bool operator==(const ConnectionProfile &) const = default;
};

} // namespace lance::connection
