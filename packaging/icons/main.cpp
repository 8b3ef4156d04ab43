// SPDX-License-Identifier: Apache-2.0
// lcb-app-icons: writes (or checks) the app icon's PNG, .ico and .icns files from its SVG.
// Usage: lcb-app-icons write|check <svg> <dir> <base name>
// `ninja lcb_app_icons` rewrites resources/icons/app/; the packaging test runs `check`.
#include "AppIconWriter.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream err(stderr);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 5 || (args[1] != u"write"_s && args[1] != u"check"_s)) {
        err << "usage: lcb-app-icons write|check <svg> <dir> <base name>\n";
        return 2;
    }
    lance::packaging::AppIconWriter writer(args[2]);
    const bool ok = args[1] == u"write"_s ? writer.writeAll(args[3], args[4])
                                          : writer.compareWith(args[3], args[4]);
    if (!ok) {
        err << "lcb-app-icons: " << writer.error() << '\n';
        return 1;
    }
    return 0;
}
