// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliInvocation.h"

#include <QCoreApplication>

namespace lance::cli {

/// Parses the arguments of `lance-catalog` and writes its help. Parsing never touches the
/// network or the environment; it only decides what to do.
class CommandLine
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)

public:
    enum class Action {
        Run,         //!< `invocation` is complete
        ShowHelp,    //!< print `text` (the help) and exit 0
        ShowVersion, //!< print `text` (the version) and exit 0
        Fail,        //!< print `text` (one line, what is wrong) and exit 1
    };

    struct Parsed
    {
        Action action = Action::Fail;
        CliInvocation invocation;
        QString text;
    };

    /// `arguments` includes the program name first, as QCoreApplication::arguments() does.
    static Parsed parse(const QStringList &arguments);

    /// The whole help: usage, every command with its options, global options, exit codes.
    static QString helpText();
    /// `7d`, `12h`, `30m`, `45s`, `2w`, or parts of them together (`1w2d`), in seconds;
    /// nothing for anything else, or more than 100 years.
    static std::optional<qint64> durationSeconds(const QString &text);
    /// The help of one command; empty for an unknown command.
    static QString commandHelp(const QString &command);
};

} // namespace lance::cli
