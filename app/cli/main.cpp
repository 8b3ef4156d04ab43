// SPDX-License-Identifier: Apache-2.0
// lance-catalog: the command line. Start-up only; CliApplication does the rest.
#include "CliApplication.h"
#include "resources/Translations.h"

#include <QCoreApplication>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    lance::resources::Translations::installEnglishPlurals(app); // before any locale's translation
    QCoreApplication::setApplicationName(u"lance-catalog"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(LCB_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    lance::cli::CliApplication cli(out, err);
    QObject::connect(&cli, &lance::cli::CliApplication::finished, &app,
                     [](int code) { QCoreApplication::exit(code); });
    QTimer::singleShot(0, &cli, [&cli] { cli.start(QCoreApplication::arguments()); });
    return QCoreApplication::exec();
}
