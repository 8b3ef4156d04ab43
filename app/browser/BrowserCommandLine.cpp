// SPDX-License-Identifier: Apache-2.0
#include "BrowserCommandLine.h"

#include "connection/ConnectionProfile.h"

#include <QCommandLineParser>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace lance::browser {

namespace {

using Tr = BrowserCommandLine;

const QString ProfileOption = u"profile"_s;
const QString UrlOption = u"url"_s;
const QString LocalOption = u"local"_s;
const QString DemoOption = u"demo"_s;
const QString SettingsOption = u"settings"_s;
const QString ReadOnlyOption = u"read-only"_s;
const QString ScreenshotOption = u"screenshot"_s;

QList<QCommandLineOption> options()
{
    return {
        {ProfileOption, Tr::tr("Open the connection profile NAME."), u"NAME"_s},
        {UrlOption,
         Tr::tr("Connect to the Lance namespace REST server at URL (http or https, with an "
                "optional path prefix)."),
         u"URL"_s},
        {LocalOption,
         Tr::tr("Open the local catalog in folder DIR (created if missing; LanceDB tables "
                "already there are registered)."),
         u"DIR"_s},
        {DemoOption,
         Tr::tr("Open the demo catalog: real LanceDB tables with several versions each, built "
                "on first use.")},
        {SettingsOption,
         Tr::tr("Keep settings in the INI file FILE instead of the platform's settings."),
         u"FILE"_s},
        {ReadOnlyOption, Tr::tr("Browse only: offer no action that changes the catalog.")},
        {ScreenshotOption,
         Tr::tr("Save a picture of the window to FILE (PNG) once it has loaded, then exit."),
         u"FILE"_s},
    };
}

// The first thing wrong with what `parser` parsed, in one sentence; nothing when all is well.
std::optional<QString> problemIn(const QCommandLineParser &parser)
{
    const QStringList files = parser.positionalArguments();
    for (const QString &file : files) {
        if (file.startsWith(u'-')) { // QCommandLineParser passes "-" through
            return Tr::tr("Unexpected argument \"%1\".").arg(file);
        }
        if (!QFileInfo::exists(file)) {
            return Tr::tr("There is no file or folder \"%1\" to register.").arg(file);
        }
    }
    if (!files.isEmpty() && parser.isSet(ReadOnlyOption)) {
        return Tr::tr("--read-only cannot register the files given: leave out one or the other.");
    }
    QStringList sources;
    for (const QString &name : {ProfileOption, UrlOption, LocalOption, DemoOption}) {
        if (parser.values(name).size() > 1) {
            return Tr::tr("--%1 was given more than once.").arg(name);
        }
        if (parser.isSet(name)) {
            sources << u"--"_s + name;
        }
    }
    if (sources.size() > 1) {
        return Tr::tr("%1 cannot be combined: choose one of --profile, --url, --local and --demo.")
            .arg(sources.join(Tr::tr(" and ")));
    }
    for (const QString &name :
         {ProfileOption, UrlOption, LocalOption, SettingsOption, ScreenshotOption}) {
        if (parser.isSet(name) && parser.value(name).trimmed().isEmpty()) {
            return Tr::tr("--%1 needs a value.").arg(name);
        }
    }
    if (parser.isSet(UrlOption)
        && !connection::ConnectionProfile::serverUrl(parser.value(UrlOption))) {
        return Tr::tr("--url needs an http or https URL such as http://127.0.0.1:2333, not "
                      "\"%1\".")
            .arg(parser.value(UrlOption));
    }
    const QString screenshot = parser.value(ScreenshotOption);
    if (!screenshot.isEmpty() && !screenshot.endsWith(u".png"_s, Qt::CaseInsensitive)) {
        return Tr::tr("--screenshot writes PNG files: name one ending in .png, not \"%1\".")
            .arg(screenshot);
    }
    return std::nullopt;
}

// The options of a command line that problemIn() found nothing wrong with.
BrowserOptions optionsFrom(const QCommandLineParser &parser)
{
    BrowserOptions options;
    if (parser.isSet(ProfileOption)) {
        options.source = BrowserOptions::Source::Profile;
        options.profile = parser.value(ProfileOption).trimmed();
    } else if (parser.isSet(UrlOption)) {
        options.source = BrowserOptions::Source::Url;
        options.url = *connection::ConnectionProfile::serverUrl(parser.value(UrlOption));
    } else if (parser.isSet(LocalOption)) {
        options.source = BrowserOptions::Source::Local;
        options.localFolder = QFileInfo(parser.value(LocalOption)).absoluteFilePath();
    } else if (parser.isSet(DemoOption)) {
        options.source = BrowserOptions::Source::Demo;
    }
    options.settingsFile = parser.value(SettingsOption);
    options.readOnly = parser.isSet(ReadOnlyOption);
    options.screenshotFile = parser.value(ScreenshotOption);
    for (const QString &file : parser.positionalArguments()) {
        options.files << QFileInfo(file).absoluteFilePath();
    }
    return options;
}

} // namespace

BrowserCommandLine::Parsed BrowserCommandLine::parse(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Browse Lance namespace catalogs, and change them with staged operations sent as "
           "one atomic commit. Without --profile, --url, --local or --demo it opens the "
           "catalog it showed last, or the embedded local catalog."));
    parser.addOptions(options());
    parser.addPositionalArgument(
        u"files"_s,
        tr("Lance .manifest files, _versions folders or dataset folders to register, as if "
           "dropped on the window: manifests on the table whose location holds them, datasets "
           "as new tables."),
        u"[FILE...]"_s);
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const bool understood = parser.parse(arguments);
    // Help and version win over anything else on the line, as in most tools.
    if (understood && (parser.isSet(help) || parser.isSet(u"help-all"_s))) {
        return {Action::ShowHelp, {}, parser.helpText()};
    }
    if (understood && parser.isSet(version)) {
        return {Action::ShowVersion,
                {},
                QCoreApplication::applicationName() + u' ' + QCoreApplication::applicationVersion()
                    + u'\n'};
    }
    const std::optional<QString> problem = understood ? problemIn(parser) : parser.errorText();
    if (problem) {
        return {Action::Fail, {}, *problem + u'\n' + tr("Run with --help to see every option.")};
    }
    return {Action::Run, optionsFrom(parser), {}};
}

} // namespace lance::browser
