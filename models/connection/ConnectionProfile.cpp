// SPDX-License-Identifier: Apache-2.0
#include "connection/ConnectionProfile.h"

#include "rest/PreparedRequest.h"

#include <QDir>
#include <QFileInfo>
#include <QHostAddress>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace lance::connection {

namespace {

// Stored and exported spellings. Words rather than enum numbers, so a hand-edited settings file
// or an exported profile reads plainly, and reordering an enum breaks nothing.
template <typename Enum> struct Spelling
{
    Enum value;
    QLatin1StringView word;
};

constexpr std::array KindWords{
    Spelling<ConnectionProfile::Kind>{ConnectionProfile::Kind::Rest, "rest"_L1},
    Spelling<ConnectionProfile::Kind>{ConnectionProfile::Kind::Local, "local"_L1},
};
constexpr std::array AuthWords{
    Spelling<rest::AuthMethod>{rest::AuthMethod::None, "none"_L1},
    Spelling<rest::AuthMethod>{rest::AuthMethod::ApiKey, "api-key"_L1},
    Spelling<rest::AuthMethod>{rest::AuthMethod::BearerToken, "bearer-token"_L1},
};
constexpr std::array EnvironmentWords{
    Spelling<ConnectionProfile::Environment>{ConnectionProfile::Environment::Development,
                                             "development"_L1},
    Spelling<ConnectionProfile::Environment>{ConnectionProfile::Environment::Staging, "staging"_L1},
    Spelling<ConnectionProfile::Environment>{ConnectionProfile::Environment::Production,
                                             "production"_L1},
};

constexpr std::array ServerFilesWords{
    Spelling<ConnectionProfile::ServerFiles>{ConnectionProfile::ServerFiles::Auto, "auto"_L1},
    Spelling<ConnectionProfile::ServerFiles>{ConnectionProfile::ServerFiles::ThisMachine,
                                             "this-machine"_L1},
    Spelling<ConnectionProfile::ServerFiles>{ConnectionProfile::ServerFiles::Elsewhere,
                                             "elsewhere"_L1},
};

template <typename Enum, std::size_t N>
QString wordOf(const std::array<Spelling<Enum>, N> &words, Enum value)
{
    const auto found = std::find_if(words.begin(), words.end(), [value](const auto &spelling) {
        return spelling.value == value;
    });
    return found == words.end() ? QString() : QString(found->word);
}

template <typename Enum, std::size_t N>
Enum valueOf(const std::array<Spelling<Enum>, N> &words, const QVariant &word, Enum fallback)
{
    const QString text = word.toString().trimmed().toLower();
    const auto found = std::find_if(words.begin(), words.end(), [&text](const auto &spelling) {
        return spelling.word == text;
    });
    return found == words.end() ? fallback : found->value;
}

// A single line comes back from an INI file as a string, not a list.
QStringList linesOf(const QVariant &value)
{
    if (value.typeId() == QMetaType::QString) {
        return value.toString().isEmpty() ? QStringList() : QStringList{value.toString()};
    }
    return value.toStringList();
}

bool hasControlCharacter(const QString &text)
{
    return std::any_of(text.begin(), text.end(),
                       [](QChar c) { return c.category() == QChar::Other_Control; });
}

} // namespace

api::Result<void> ConnectionProfile::checkName(const QString &name)
{
    if (name.trimmed().isEmpty()) {
        return api::ApiError::invalidInput(tr("The connection needs a name."));
    }
    if (name != name.trimmed()) {
        return api::ApiError::invalidInput(
            tr("The connection name \"%1\" must not begin or end with spaces.").arg(name));
    }
    if (hasControlCharacter(name)) {
        return api::ApiError::invalidInput(
            tr("The connection name must not contain control characters such as line breaks."));
    }
    if (name.size() > MaxNameLength) {
        return api::ApiError::invalidInput(
            tr("The connection name is longer than %1 characters.").arg(MaxNameLength));
    }
    return {};
}

api::Result<void> ConnectionProfile::checkStorable() const
{
    if (auto problem = checkName(name); !problem.hasValue()) {
        return problem;
    }
    if (!url.password().isEmpty()) {
        return api::ApiError::invalidInput(
            tr("The server URL of the connection \"%1\" contains a password, which is never "
               "saved with a connection; remove it and choose API key or bearer token "
               "authentication instead.")
                .arg(name));
    }
    for (const auto &[header, value] : headers) {
        if (header.trimmed().isEmpty()) {
            return api::ApiError::invalidInput(
                tr("A header of the connection \"%1\" has no name.").arg(name));
        }
        // Settings files and exports are plain text: a credential must go to the keychain.
        if (rest::PreparedRequest::isSecretHeader(header)) {
            return api::ApiError::invalidInput(
                tr("The header %1 carries a credential, which is never saved with a "
                   "connection; choose API key or bearer token authentication instead, so the "
                   "secret goes to the keychain.")
                    .arg(QString::fromLatin1(header)));
        }
    }
    if (!storage.secretsOnly().isEmpty()) {
        return api::ApiError::invalidInput(
            tr("A storage credential of the connection \"%1\" would be saved in the settings; "
               "it belongs in the keychain.")
                .arg(name));
    }
    return {};
}

api::Result<void> ConnectionProfile::check() const
{
    if (auto problem = checkStorable(); !problem.hasValue()) {
        return problem;
    }
    if (kind == Kind::Local) {
        if (localFolder.trimmed().isEmpty()) {
            return api::ApiError::invalidInput(tr("Choose the folder of the local catalog."));
        }
        if (QDir::isRelativePath(localFolder)) {
            return api::ApiError::invalidInput(
                tr("The catalog folder \"%1\" must be an absolute path.").arg(localFolder));
        }
        const QFileInfo folder(localFolder);
        if (folder.exists() && !folder.isDir()) {
            return api::ApiError::invalidInput(
                tr("\"%1\" is a file, not a catalog folder.").arg(localFolder));
        }
        return api::Identifier::checkDelimiter(delimiter);
    }
    // The secret is not known here (it is in the keychain); a stand-in lets RestClientConfig
    // check everything else exactly as the client will, without a second copy of its rules.
    return restConfig(u"stand-in"_s).check();
}

rest::RestClientConfig ConnectionProfile::restConfig(const QString &secret) const
{
    rest::RestClientConfig config;
    config.baseUrl = url;
    config.delimiter = delimiter;
    config.auth = auth;
    config.secret = auth == rest::AuthMethod::None ? QString() : secret;
    config.extraHeaders = headers;
    config.caFile = caFile;
    config.timeoutMs = timeoutMs;
    return config;
}

QString ConnectionProfile::location() const
{
    if (kind == Kind::Local) {
        return QDir::toNativeSeparators(localFolder);
    }
    return url.toDisplayString(QUrl::RemoveUserInfo);
}

QString ConnectionProfile::stagingKey() const
{
    if (kind == Kind::Local) {
        return u"local:"_s + QDir::cleanPath(QDir(localFolder).absolutePath());
    }
    return name;
}

bool ConnectionProfile::isOnThisMachine() const
{
    if (kind == Kind::Local || serverFiles == ServerFiles::ThisMachine) {
        return true;
    }
    if (serverFiles == ServerFiles::Elsewhere) {
        return false;
    }
    const QString host = url.host().toLower();
    if (host == u"localhost"_s || host.endsWith(u".localhost"_s)) {
        return true;
    }
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

QVariantMap ConnectionProfile::toVariantMap() const
{
    QStringList headerLines;
    for (const auto &[header, value] : headers) {
        headerLines.append(QString::fromLatin1(header) + u": "_s + QString::fromUtf8(value));
    }
    return {
        {u"name"_s, name},
        {u"kind"_s, wordOf(KindWords, kind)},
        {u"url"_s, url.toString(QUrl::RemoveUserInfo)},
        {u"folder"_s, localFolder},
        {u"auth"_s, wordOf(AuthWords, auth)},
        {u"headers"_s, headerLines},
        {u"delimiter"_s, delimiter},
        {u"caFile"_s, caFile},
        {u"timeoutMs"_s, timeoutMs},
        {u"environment"_s, wordOf(EnvironmentWords, environment)},
        {u"readOnly"_s, readOnly},
        {u"serverFiles"_s, wordOf(ServerFilesWords, serverFiles)},
        {u"storage"_s, storage.withoutSecrets().toLines()},
        {u"storageSecrets"_s, storageSecrets},
    };
}

ConnectionProfile ConnectionProfile::fromVariantMap(const QVariantMap &map)
{
    ConnectionProfile profile;
    profile.name = map.value(u"name"_s).toString();
    profile.kind = valueOf(KindWords, map.value(u"kind"_s), profile.kind);
    profile.url = QUrl(map.value(u"url"_s).toString(), QUrl::StrictMode);
    profile.localFolder = map.value(u"folder"_s).toString();
    profile.auth = valueOf(AuthWords, map.value(u"auth"_s), profile.auth);
    const QStringList headerLines = linesOf(map.value(u"headers"_s));
    for (const QString &line : headerLines) {
        const qsizetype colon = line.indexOf(u':');
        if (colon < 0) {
            profile.headers.append({line.trimmed().toLatin1(), {}});
            continue;
        }
        profile.headers.append(
            {line.left(colon).trimmed().toLatin1(), line.mid(colon + 1).trimmed().toUtf8()});
    }
    if (map.contains(u"delimiter"_s)) {
        profile.delimiter = map.value(u"delimiter"_s).toString();
    }
    profile.caFile = map.value(u"caFile"_s).toString();
    bool isNumber = false;
    const int timeout = map.value(u"timeoutMs"_s).toInt(&isNumber);
    if (isNumber) {
        profile.timeoutMs = timeout;
    }
    profile.environment
        = valueOf(EnvironmentWords, map.value(u"environment"_s), profile.environment);
    const QVariant readOnly = map.value(u"readOnly"_s);
    // INI files give "true"/"false" back as strings; QVariant converts both forms.
    profile.readOnly = readOnly.isValid() && readOnly.toBool();
    profile.serverFiles
        = valueOf(ServerFilesWords, map.value(u"serverFiles"_s), profile.serverFiles);
    // A credential in a hand-edited or imported file is not taken up.
    profile.storage = ProfileStorage::fromLines(linesOf(map.value(u"storage"_s))).withoutSecrets();
    profile.storageSecrets = linesOf(map.value(u"storageSecrets"_s));
    return profile;
}

QString ConnectionProfile::environmentLabel(Environment environment)
{
    switch (environment) {
    case Environment::Development:
        return tr("Development");
    case Environment::Staging:
        return tr("Staging");
    case Environment::Production:
        return tr("Production");
    }
    return {};
}

QString ConnectionProfile::kindLabel(Kind kind)
{
    return kind == Kind::Local ? tr("Local catalog folder") : tr("REST server");
}

std::optional<QUrl> ConnectionProfile::serverUrl(const QString &text)
{
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != u"http"_s && scheme != u"https"_s) || url.host().isEmpty()) {
        return std::nullopt;
    }
    return url;
}

} // namespace lance::connection
