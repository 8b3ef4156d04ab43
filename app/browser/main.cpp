// SPDX-License-Identifier: Apache-2.0
// lance-catalog-browser: the desktop app. Start-up only; BrowserApplication composes the rest.
#include "BrowserApplication.h"
#include "settings/Translations.h"

#include <QApplication>
#include <QIcon>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    lance::settings::Translations::installEnglishPlurals(app); // before any locale's translation
    QApplication::setApplicationName(u"lance-catalog-browser"_s);
    QApplication::setApplicationDisplayName(
        QApplication::translate("main", "Lance Catalog Browser"));
    QApplication::setOrganizationName(u"LanceCatalogBrowser"_s);
    QApplication::setApplicationVersion(QStringLiteral(LCB_VERSION));
    QApplication::setWindowIcon(QIcon(u":/icons/lance-catalog-browser.svg"_s));

    lance::browser::BrowserApplication browser;
    QObject::connect(&browser, &lance::browser::BrowserApplication::finished, &app,
                     [](int code) { QCoreApplication::exit(code); });
    if (const std::optional<int> code = browser.start(QCoreApplication::arguments())) {
        return *code;
    }
    return QApplication::exec();
}
