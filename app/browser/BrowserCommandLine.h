// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QUrl>

#include <optional>

namespace lance::browser {

/// Everything `lance-catalog-browser` is told on its command line.
struct BrowserOptions
{
    enum class Source {
        Default, //!< the last profile opened, else the embedded local catalog
        Profile, //!< `--profile NAME`
        Url,     //!< `--url URL`
        Local,   //!< `--local DIR`
        Demo,    //!< `--demo`: the demo catalog (DemoCatalog)
    };

    Source source = Source::Default;
    QString profile;
    QUrl url;
    QString localFolder;    //!< absolute
    QString settingsFile;   //!< empty: the platform's settings
    QString screenshotFile; //!< empty: no screenshot
    bool readOnly = false;
    /// Lance files and folders to register, as if dropped on the window (absolute, existing).
    QStringList files;
};

/// Parses the arguments of `lance-catalog-browser`:
/// `[--profile NAME | --url URL | --local DIR | --demo] [--settings FILE.ini] [--read-only]
/// [--screenshot FILE.png] [FILE...]`. Parsing only decides what to do: it opens nothing, and
/// only checks that the files exist.
class BrowserCommandLine
{
    Q_DECLARE_TR_FUNCTIONS(BrowserCommandLine)

public:
    enum class Action {
        Run,         //!< `options` is complete
        ShowHelp,    //!< print `text` and exit 0
        ShowVersion, //!< print `text` and exit 0
        Fail,        //!< print `text` (what is wrong, and how to see the help) and exit 1
    };

    struct Parsed
    {
        Action action = Action::Fail;
        BrowserOptions options;
        QString text;
    };

    /// `arguments` includes the program name first, as QCoreApplication::arguments() does
    /// (Qt's own options such as `-platform` already removed).
    static Parsed parse(const QStringList &arguments);
};

} // namespace lance::browser
