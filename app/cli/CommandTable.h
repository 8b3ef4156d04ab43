// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringView>

#include <span>

class QObject;

namespace lance::cli {

class CliCommand;
struct CliContext;

/// One command of `lance-catalog`: its name, usage line, help text (translated in the
/// "CommandLine" context), how many positional arguments it takes, and what runs it. A verb is
/// spelled here and nowhere else: CommandLine parses and documents it, CliApplication makes
/// its command from `create`.
struct CommandSpec
{
    using Factory = CliCommand *(*)(CliContext context, QObject *parent);

    const char16_t *name;
    const char16_t *syntax;
    const char *description;
    int minArguments;
    int maxArguments;
    /// Makes the command that runs it; null for `help`, which CommandLine answers itself.
    Factory create;
};

/// One option: its names, value and help text, and the commands it applies to.
struct OptionSpec
{
    const char16_t *name;
    const char16_t *shortName; //!< empty when there is none
    const char16_t *valueName; //!< empty for a switch
    const char *description;
    const char16_t *command; //!< the commands it applies to, space-separated; empty: all
};

/// The tables CommandLine parses with and prints help from, in the order help lists them:
/// kept apart from the parsing so that adding a command is one entry here.
class CommandTable
{
public:
    static std::span<const CommandSpec> commands();
    static std::span<const OptionSpec> options();
    /// The command named `name`; null when there is none.
    static const CommandSpec *find(QStringView name);
};

} // namespace lance::cli
