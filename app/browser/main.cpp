// SPDX-License-Identifier: Apache-2.0
// lance-catalog-browser: the desktop app. Start-up only; the window composes the rest.
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(u"lance-catalog-browser"_s);
    QApplication::setApplicationDisplayName(
        QApplication::translate("main", "Lance Catalog Browser"));
    QApplication::setOrganizationName(u"LanceCatalogBrowser"_s);
    QApplication::setApplicationVersion(QStringLiteral(LCB_VERSION));
    QApplication::setWindowIcon(QIcon(u":/icons/lance-catalog-browser.svg"_s));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Browse and change Lance namespace catalogs."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshotOption(
        u"screenshot"_s,
        QApplication::translate("main", "Save a picture of the window to <file> and exit."),
        u"file"_s);
    parser.addOption(screenshotOption);
    parser.process(app);

    lance::ui::MainWindow window;
    window.show();

    if (parser.isSet(screenshotOption)) {
        const QString file = parser.value(screenshotOption);
        QTimer::singleShot(0, &window, [&window, file] {
            const bool saved = window.grab().save(file);
            if (!saved) {
                qCritical("%s",
                          qUtf8Printable(
                              QApplication::translate("main", "Could not write %1.").arg(file)));
            }
            QApplication::exit(saved ? 0 : 1);
        });
    }
    return QApplication::exec();
}
