// SPDX-License-Identifier: Apache-2.0
#include "ServerCommandLine.h"

#include "storage/StorageUri.h"

#include <QCommandLineParser>

#include <functional>
#include <limits>
#include <optional>

using namespace Qt::StringLiterals;

namespace lance::server {

namespace {

QList<QCommandLineOption> options()
{
    using Tr = ServerCommandLine;
    return {
        {u"root"_s,
         Tr::tr("The catalog root folder (created if missing): its SQLite database and, by "
                "default, its tables. With --database, only the tables. On object storage "
                "(s3://BUCKET/PREFIX, az://CONTAINER/PREFIX, gs://BUCKET/PREFIX) it holds the "
                "tables, and --database says where the catalog is kept."),
         u"DIR|URI"_s},
        {u"database"_s,
         Tr::tr("Keep the catalog in this PostgreSQL database instead, which several servers "
                "may share: postgresql://[USER@]HOST[:PORT]/DATABASE, or "
                "postgresql:///DATABASE?host=SOCKET_FOLDER. No password here: see "
                "--database-password-file. Or a folder for its SQLite database, when --root "
                "is on object storage."),
         u"URL|DIR"_s},
        {u"storage-options-file"_s,
         Tr::tr("The options of the object stores its tables live on, as a JSON object of "
                "Lance's keys: the storageOptions a steward gives LanceDB (aws_endpoint, "
                "aws_region, aws_access_key_id, azure_storage_account_name, "
                "google_storage_token, allow_http, ...). The environment (AWS_*, AZURE_*, "
                "GOOGLE_*) and ~/.aws fill in what it leaves out."),
         u"FILE"_s},
        {u"database-password-file"_s,
         Tr::tr("The PostgreSQL password file to read (libpq's format: "
                "host:port:database:user:password lines). Default: PGPASSFILE, or ~/.pgpass."),
         u"FILE"_s},
        {u"vend-credentials"_s,
         Tr::tr("Answer DescribeTable and DeclareTable requests that ask for credentials "
                "(vend_credentials) for a table on object storage with the options of "
                "--storage-options-file, marked to expire SECONDS later (Lance describes the "
                "table again before then). Without it the server vends nothing."),
         u"SECONDS"_s},
        {u"host"_s,
         Tr::tr("The address to listen on (default 127.0.0.1). An address that is "
                "not a loopback address needs a credential option, and TLS or "
                "--insecure-http."),
         u"HOST"_s},
        {u"tls-cert"_s,
         Tr::tr("Serve HTTPS with the PEM certificate chain in FILE (the server's "
                "certificate first, then intermediates). Needs --tls-key."),
         u"FILE"_s},
        {u"tls-key"_s, Tr::tr("The unencrypted PEM private key of --tls-cert."), u"FILE"_s},
        {u"insecure-http"_s,
         Tr::tr("Serve plain HTTP on an address that is not a loopback address (for a TLS "
                "proxy in front); keys and data then cross the network unencrypted.")},
        {u"port"_s, Tr::tr("The port to listen on (default 2333; 0 picks a free one)."), u"PORT"_s},
        {u"api-key-file"_s,
         Tr::tr("Require the API key on the first line of FILE in header x-api-key."), u"FILE"_s},
        {u"bearer-token-file"_s,
         Tr::tr("Require the token on the first line of FILE as 'Authorization: Bearer'."),
         u"FILE"_s},
        {u"read-only-key-file"_s,
         Tr::tr("Also accept the key on the first line of FILE (in either header) for reads "
                "only; writes with it are refused (403)."),
         u"FILE"_s},
        {u"max-body-bytes"_s,
         Tr::tr("Refuse request bodies larger than N bytes (default 33554432, 32 MiB)."), u"N"_s},
        {u"threads"_s,
         Tr::tr("Worker threads: requests answered at once (default 16). Connections "
                "waiting for their next request hold none."),
         u"N"_s},
        {u"max-connections"_s,
         Tr::tr("Open connections in all (default 512); past it a client gets 503 with "
                "Retry-After."),
         u"N"_s},
        {u"max-connections-per-peer"_s,
         Tr::tr("Open connections from one IP address (default 128); past it: 503."), u"N"_s},
        {u"header-timeout"_s,
         Tr::tr("Seconds a request's headers may take to arrive (default 10; then 408). A body "
                "must then arrive at 64 KiB/s at least."),
         u"SECONDS"_s},
        {u"idle-timeout"_s,
         Tr::tr("Seconds a kept-alive connection may wait for its next request (default 30)."),
         u"SECONDS"_s},
        {u"exchange-log"_s,
         Tr::tr("Append one JSON line per request to FILE: operation, method, path, status, "
                "request and response bodies (never headers)."),
         u"FILE"_s},
        {u"quiet"_s, Tr::tr("Do not log requests to standard error.")},
        {u"compression"_s,
         Tr::tr("auto (default): compress answers of 1 KiB or more for clients that are not on "
                "this machine, with brotli or gzip at their fastest levels; always: for "
                "loopback clients too (a proxy on this machine); never."),
         u"MODE"_s},
    };
}

// An integer option within [minimum, maximum]; nullopt (and `error` set) when it is not one.
std::optional<qint64> integerOption(const QCommandLineParser &parser, const QString &name,
                                    qint64 minimum, qint64 maximum, QString &error)
{
    const QString text = parser.value(name);
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value < minimum || value > maximum) {
        error = ServerCommandLine::tr("--%1 needs an integer from %2 to %3, not \"%4\".")
                    .arg(name)
                    .arg(minimum)
                    .arg(maximum)
                    .arg(text);
        return std::nullopt;
    }
    return value;
}

ServerCommandLine::Parsed failure(const QString &message)
{
    return {ServerCommandLine::Action::Fail, {}, message};
}

} // namespace

bool ServerSettings::rootIsStore() const
{
    // A URI no store here speaks counts as one too: the engine then says which schemes work.
    const auto uri = storage::StorageUri::parse(root);
    return !uri || !uri->isLocal();
}

bool ServerSettings::databaseIsPostgres() const
{
    return database.startsWith(u"postgresql://"_s, Qt::CaseInsensitive)
           || database.startsWith(u"postgres://"_s, Qt::CaseInsensitive);
}

ServerCommandLine::Parsed ServerCommandLine::parse(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Serves a Lance namespace catalog (a SQLite database in the root folder, or a "
           "PostgreSQL database shared with other servers) over the Lance Namespace REST API."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    parser.addOptions(options());
    if (!parser.parse(arguments)) {
        return failure(parser.errorText());
    }
    if (parser.isSet(help)) {
        return {Action::ShowHelp, {}, parser.helpText()};
    }
    if (parser.isSet(version)) {
        return {Action::ShowVersion,
                {},
                u"%1 %2\n"_s.arg(QCoreApplication::applicationName(),
                                 QCoreApplication::applicationVersion())};
    }
    if (!parser.positionalArguments().isEmpty()) {
        return failure(tr("Unexpected argument \"%1\".").arg(parser.positionalArguments().first()));
    }

    Parsed parsed;
    parsed.action = Action::Run;
    ServerSettings &settings = parsed.settings;
    settings.root = parser.value(u"root"_s);
    settings.database = parser.value(u"database"_s);
    settings.databasePasswordFile = parser.value(u"database-password-file"_s);
    if (settings.root.isEmpty()) {
        return failure(settings.database.isEmpty()
                           ? tr("--root DIR is required: the folder of the catalog to serve.")
                           : tr("--root DIR is required: the folder where the catalog's tables "
                                "go by default."));
    }
    settings.storageOptionsFile = parser.value(u"storage-options-file"_s);
    if (!settings.databasePasswordFile.isEmpty() && !settings.databaseIsPostgres()) {
        return failure(tr("--database-password-file goes with --database postgresql://…."));
    }
    if (settings.rootIsStore() && settings.database.isEmpty()) {
        return failure(tr("--root %1 keeps the tables on object storage; say where the catalog "
                          "itself is kept: --database DIR (SQLite) or --database postgresql://….")
                           .arg(settings.root));
    }
    if (!settings.rootIsStore() && !settings.database.isEmpty() && !settings.databaseIsPostgres()) {
        return failure(tr("--database DIR goes with a --root on object storage; with a --root "
                          "folder the SQLite database is kept in it."));
    }
    if (parser.isSet(u"host"_s)) {
        settings.host = parser.value(u"host"_s);
    }
    QString error;
    if (parser.isSet(u"vend-credentials"_s)) {
        const std::optional<qint64> seconds
            = integerOption(parser, u"vend-credentials"_s, 1, 7 * 24 * 3600, error);
        if (!seconds) {
            return failure(error);
        }
        if (settings.storageOptionsFile.isEmpty()) {
            return failure(tr("--vend-credentials hands out the options of "
                              "--storage-options-file: give that file too."));
        }
        settings.vendSeconds = int(*seconds);
    }
    if (parser.isSet(u"port"_s)) {
        const std::optional<qint64> port = integerOption(parser, u"port"_s, 0, 65535, error);
        if (!port) {
            return failure(error);
        }
        settings.port = int(*port);
    }
    if (parser.isSet(u"max-body-bytes"_s)) {
        const std::optional<qint64> bytes = integerOption(
            parser, u"max-body-bytes"_s, 1, std::numeric_limits<qint64>::max(), error);
        if (!bytes) {
            return failure(error);
        }
        settings.maxBodyBytes = *bytes;
    }
    if (parser.isSet(u"threads"_s)) {
        const std::optional<qint64> threads = integerOption(parser, u"threads"_s, 1, 256, error);
        if (!threads) {
            return failure(error);
        }
        settings.threads = int(*threads);
    }
    const struct
    {
        const char *name;
        qint64 minimum;
        qint64 maximum;
        std::function<void(qint64)> apply;
    } limits[] = {
        {"max-connections", 1, 100000,
         [&](qint64 v) {
             settings.limits.maxConnections = int(v);
         }},
        {"max-connections-per-peer", 1, 100000,
         [&](qint64 v) {
             settings.limits.maxConnectionsPerPeer = int(v);
         }},
        {"header-timeout", 1, 3600,
         [&](qint64 v) {
             settings.limits.headerTimeout = std::chrono::seconds(v);
         }},
        {"idle-timeout", 1, 86400,
         [&](qint64 v) {
             settings.limits.idleTimeout = std::chrono::seconds(v);
         }},
    };
    for (const auto &limit : limits) {
        const QString name = QString::fromLatin1(limit.name);
        if (!parser.isSet(name)) {
            continue;
        }
        const std::optional<qint64> value
            = integerOption(parser, name, limit.minimum, limit.maximum, error);
        if (!value) {
            return failure(error);
        }
        limit.apply(*value);
    }
    settings.apiKeyFile = parser.value(u"api-key-file"_s);
    settings.bearerTokenFile = parser.value(u"bearer-token-file"_s);
    settings.readOnlyKeyFile = parser.value(u"read-only-key-file"_s);
    settings.exchangeLogFile = parser.value(u"exchange-log"_s);
    settings.quiet = parser.isSet(u"quiet"_s);
    settings.tlsCertificateFile = parser.value(u"tls-cert"_s);
    settings.tlsKeyFile = parser.value(u"tls-key"_s);
    settings.insecureHttp = parser.isSet(u"insecure-http"_s);
    if (parser.isSet(u"compression"_s)) {
        const auto policy = AnswerEncoding::policyNamed(parser.value(u"compression"_s));
        if (!policy) {
            return failure(tr("--compression needs auto, always or never, not \"%1\".")
                               .arg(parser.value(u"compression"_s)));
        }
        settings.compression = *policy;
    }
    if (settings.tlsCertificateFile.isEmpty() != settings.tlsKeyFile.isEmpty()) {
        return failure(tr("--tls-cert and --tls-key go together: give both files for HTTPS, "
                          "or neither."));
    }
    if (settings.isTls() && settings.insecureHttp) {
        return failure(tr("--insecure-http serves plain HTTP; it cannot go with --tls-cert."));
    }
    return parsed;
}

} // namespace lance::server
