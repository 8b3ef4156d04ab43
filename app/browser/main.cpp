// SPDX-License-Identifier: Apache-2.0
// lance-catalog-browser: the desktop app. Start-up only; BrowserApplication composes the rest.
#include "BrowserApplication.h"
#include "BrowserCommandLine.h"
#include "resources/Translations.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

void setIdentity(QCoreApplication &app)
{
    lance::resources::Translations::installEnglishPlurals(app); // before any locale's translation
    QCoreApplication::setApplicationName(u"lance-catalog-browser"_s);
    QCoreApplication::setOrganizationName(u"LanceCatalogBrowser"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(LCB_VERSION));
}

// --help and --version only print, and must work where there is no display (a package's smoke
// test, a terminal over ssh): QApplication would abort there, so they get a QCoreApplication.
// Nothing when the command line asks for the window after all (`--profile -v` names a profile).
std::optional<int> answerWithoutWindow(int argc, char *argv[])
{
    bool printsOnly = false;
    for (int i = 1; i < argc; ++i) {
        const QByteArrayView argument(argv[i]);
        printsOnly = printsOnly || argument == "--help" || argument == "-h" || argument == "-?"
                     || argument == "--help-all" || argument == "--version" || argument == "-v";
    }
    if (!printsOnly) {
        return std::nullopt;
    }
    QCoreApplication app(argc, argv);
    setIdentity(app);
    using lance::browser::BrowserCommandLine;
    const BrowserCommandLine::Parsed parsed = BrowserCommandLine::parse(app.arguments());
    if (parsed.action == BrowserCommandLine::Action::Run) {
        return std::nullopt;
    }
    const bool failed = parsed.action == BrowserCommandLine::Action::Fail;
    std::fputs(parsed.text.toLocal8Bit().constData(), failed ? stderr : stdout);
    return failed ? 1 : 0;
}

} // namespace

int main(int argc, char *argv[])
{
    if (const std::optional<int> code = answerWithoutWindow(argc, argv)) {
        return *code;
    }
    QApplication app(argc, argv);
    setIdentity(app);
    // Wayland desktops match the window to its .desktop entry (name, icon) by this id.
    QGuiApplication::setDesktopFileName(QStringLiteral(LCB_APP_ID));
    QApplication::setApplicationDisplayName(
        QApplication::translate("main", "Lance Catalog Browser"));
    QApplication::setWindowIcon(QIcon(u":/icons/lance-catalog-browser.svg"_s));

    lance::browser::BrowserApplication browser;
    QObject::connect(&browser, &lance::browser::BrowserApplication::finished, &app,
                     [](int code) { QCoreApplication::exit(code); });
    if (const std::optional<int> code = browser.start(QCoreApplication::arguments())) {
        return *code;
    }
    return QApplication::exec();
}
