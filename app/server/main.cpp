// SPDX-License-Identifier: Apache-2.0
// lance-catalog-server: start-up only; ServerApplication does the rest.
#include "ServerApplication.h"
#include "resources/Translations.h"

#include <QCoreApplication>
#include <QTextStream>

#include <csignal>
#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    // Qt SQL loads its SQLite driver as a plugin, which needs the application object; no event
    // loop runs: the main thread waits for signals while worker threads answer requests.
#ifdef SIGPIPE
    // OpenSSL sends TLS records with write(), which no send flag covers: a client that goes
    // away in the middle of an answer must fail that write, not end the server.
    std::signal(SIGPIPE, SIG_IGN);
#endif
    QCoreApplication app(argc, argv);
    lance::resources::Translations::installEnglishPlurals(app); // before any locale's translation
    QCoreApplication::setApplicationName(u"lance-catalog-server"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(LCB_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    lance::server::ServerApplication server(out, err);
    return server.run(QCoreApplication::arguments());
}
