// SPDX-License-Identifier: Apache-2.0
#include "ServerApplication.h"

#include "CatalogServer.h"
#include "CredentialChecker.h"
#include "EnginePool.h"
#include "ErrorAnswer.h"
#include "ExchangeLog.h"
#include "RequestHandler.h"
#include "ServerCommandLine.h"
#include "SignalWatcher.h"
#include "engine/CatalogEngine.h"

#include <QHostAddress>
#include <QProcessEnvironment>
#include <QTextStream>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::server {

namespace {

// Reads each configured credential file; refused with one sentence on the first failure.
api::Result<void> readSecrets(const ServerSettings &settings, CredentialChecker::Secrets &secrets)
{
    const std::pair<const QString *, std::optional<QByteArray> *> files[] = {
        {&settings.apiKeyFile, &secrets.apiKey},
        {&settings.bearerTokenFile, &secrets.bearerToken},
        {&settings.readOnlyKeyFile, &secrets.readOnlyKey},
    };
    for (const auto &[path, secret] : files) {
        if (path->isEmpty()) {
            continue;
        }
        api::Result<QByteArray> value = CredentialChecker::readSecretFile(*path);
        if (!value) {
            return value.error();
        }
        *secret = std::move(*value);
    }
    return {};
}

} // namespace

ServerApplication::ServerApplication(QTextStream &out, QTextStream &err)
    : m_out(out)
    , m_err(err)
{}

bool ServerApplication::isLoopbackHost(const QString &host)
{
    if (host.compare(u"localhost"_s, Qt::CaseInsensitive) == 0) {
        return true;
    }
    QHostAddress address;
    return address.setAddress(host) && address.isLoopback();
}

int ServerApplication::fail(const QString &message)
{
    m_err << QCoreApplication::applicationName() << ": " << message << Qt::endl;
    return 1;
}

int ServerApplication::run(const QStringList &arguments)
{
    // First of all: every thread started from here on inherits the blocked signals.
    SignalWatcher signalWatcher;

    const ServerCommandLine::Parsed parsed = ServerCommandLine::parse(arguments);
    switch (parsed.action) {
    case ServerCommandLine::Action::ShowHelp:
    case ServerCommandLine::Action::ShowVersion:
        m_out << parsed.text << Qt::flush;
        return 0;
    case ServerCommandLine::Action::Fail:
        return fail(parsed.text);
    case ServerCommandLine::Action::Run:
        break;
    }
    const ServerSettings &settings = parsed.settings;

    CredentialChecker::Secrets secrets;
    if (const auto problem = readSecrets(settings, secrets); !problem.hasValue()) {
        return fail(problem.error().userMessage());
    }
    CredentialChecker credentials(secrets);
    if (!isLoopbackHost(settings.host) && !credentials.requiresCredentials()) {
        return fail(tr("Refusing to listen on %1 without credentials: anyone who can reach it "
                       "could read and change the catalog. Give --api-key-file, "
                       "--bearer-token-file or --read-only-key-file, or listen on 127.0.0.1.")
                        .arg(settings.host));
    }
    const bool loopback = isLoopbackHost(settings.host);
    if (!loopback && !settings.isTls() && !settings.insecureHttp) {
        return fail(tr("Refusing to serve plain HTTP on %1: the credentials and the catalog "
                       "would cross the network unencrypted. Give --tls-cert and --tls-key, "
                       "or --insecure-http when a TLS proxy in front encrypts the traffic.")
                        .arg(settings.host));
    }

    std::unique_ptr<ExchangeLog> exchangeLog;
    if (!settings.exchangeLogFile.isEmpty()) {
        QString error;
        exchangeLog = ExchangeLog::open(settings.exchangeLogFile, error);
        if (!exchangeLog) {
            return fail(error);
        }
    }

    engine::CatalogEngine::Options options;
    options.registerExistingTables = true;
    if (settings.rootIsStore()) {
        options.tablesRoot = settings.root;
        options.root = settings.databaseIsPostgres() ? QString() : settings.database;
    } else {
        options.root = settings.root;
    }
    if (settings.databaseIsPostgres()) {
        options.databaseUrl = settings.database;
    }
    // From the file, never from the command line; the environment and ~/.aws fill in, as they
    // do for Lance's own object stores.
    storage::StorageOptions storageOptions;
    if (!settings.storageOptionsFile.isEmpty()) {
        auto read = storage::StorageOptions::fromFile(settings.storageOptionsFile);
        if (!read) {
            return fail(tr("Cannot use the storage options in \"%1\": %2")
                            .arg(settings.storageOptionsFile, read.error().message()));
        }
        storageOptions = *read;
    }
    options.vendedStorageOptions = storageOptions;
    options.vendSeconds = settings.vendSeconds;
    options.storageOptions = storageOptions.withFallback(
        storage::StorageOptions::standard(QProcessEnvironment::systemEnvironment()));
    if (!settings.databasePasswordFile.isEmpty()) {
        options.databasePasswordFile = settings.databasePasswordFile;
    }
    {
        // Creates the catalog and registers existing tables once, here, where a failure can
        // still be reported plainly; the workers' engines then open an existing catalog.
        api::Result<std::unique_ptr<engine::CatalogEngine>> first
            = engine::CatalogEngine::open(options);
        if (!first) {
            return fail(tr("Cannot open the catalog in \"%1\": %2")
                            .arg(!settings.databaseIsPostgres()
                                     ? (settings.rootIsStore() ? settings.database : settings.root)
                                     // Never a password, even one given against the advice.
                                     : QUrl(settings.database).toString(QUrl::RemovePassword),
                                 ErrorAnswer::textOf(first.error())));
        }
    }
    EnginePool engines(options);
    RequestHandler handler(credentials, engines, settings.maxBodyBytes);

    CatalogServer::Settings serverSettings;
    serverSettings.host = settings.host;
    serverSettings.port = settings.port;
    serverSettings.threads = settings.threads;
    serverSettings.accessLog = !settings.quiet;
    serverSettings.tls = {settings.tlsCertificateFile, settings.tlsKeyFile};
    serverSettings.compression = settings.compression;
    serverSettings.limits = settings.limits;
    CatalogServer server(serverSettings, handler, exchangeLog.get());
    server.setFinishedCallback([&server, &signalWatcher] {
        if (server.failed()) {
            signalWatcher.interrupt();
        }
    });
    QString error;
    if (!server.start(error)) {
        return fail(error);
    }
    if (const auto warning = server.tlsWarning()) {
        m_err << QCoreApplication::applicationName() << ": " << *warning << Qt::endl;
    }
    if (!loopback && settings.insecureHttp) {
        m_err << QCoreApplication::applicationName() << ": "
              << tr("Serving plain HTTP on %1 (--insecure-http): API keys, tokens and the "
                    "catalog cross the network unencrypted unless a TLS proxy encrypts them.")
                     .arg(settings.host)
              << Qt::endl;
    }
    // Exactly one line on stdout: whoever started the server reads the URL from it.
    m_out << "Listening on " << server.url() << Qt::endl;

    const int signal = signalWatcher.wait();
    server.stop();
    if (signal == 0) {
        return fail(tr("The server stopped accepting connections on %1.").arg(server.url()));
    }
    return 0;
}

} // namespace lance::server
