// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "AnswerEncoding.h"
#include "ConnectionLimits.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace lance::server {

/// Everything `lance-catalog-server` is told on its command line.
struct ServerSettings
{
    /// The catalog's folder, or where its tables' data goes: with `database`, or always when
    /// it is a store (`s3://bucket/prefix`, `az://`, `gs://`).
    QString root;
    /// A `postgresql://` address, or a folder for the SQLite database: the catalog is kept there.
    QString database;
    QString storageOptionsFile; //!< Lance's storage options (JSON) for tables on stores
    int vendSeconds = 0; //!< hand those options to clients that ask, valid this long; 0: never
    QString databasePasswordFile;
    QString host = QStringLiteral("127.0.0.1");
    int port = 2333; //!< 0: any free port
    QString apiKeyFile;
    QString bearerTokenFile;
    QString readOnlyKeyFile;
    qint64 maxBodyBytes = qint64{32} * 1024 * 1024; //!< a 10,000-operation batch is a few MB
    int threads = 16;
    QString exchangeLogFile;
    bool quiet = false;
    QString tlsCertificateFile; //!< with tlsKeyFile, or neither
    QString tlsKeyFile;
    bool insecureHttp = false; //!< plain HTTP on a non-loopback address, said at start
    bool isTls() const { return !tlsCertificateFile.isEmpty(); }
    bool rootIsStore() const;
    bool databaseIsPostgres() const;
    AnswerEncoding::Policy compression = AnswerEncoding::Policy::Auto;
    ConnectionLimits limits;
};

/// Parses the arguments of `lance-catalog-server`. Parsing only decides what to do: it reads no
/// file (not even the credential files) and opens nothing.
class ServerCommandLine
{
    Q_DECLARE_TR_FUNCTIONS(ServerCommandLine)

public:
    enum class Action {
        Run,         //!< `settings` is complete
        ShowHelp,    //!< print `text` and exit 0
        ShowVersion, //!< print `text` and exit 0
        Fail,        //!< print `text` (what is wrong) and exit 1
    };

    struct Parsed
    {
        Action action = Action::Fail;
        ServerSettings settings;
        QString text;
    };

    /// `arguments` includes the program name first, as QCoreApplication::arguments() does.
    static Parsed parse(const QStringList &arguments);
};

} // namespace lance::server
