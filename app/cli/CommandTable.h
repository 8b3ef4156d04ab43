// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <span>

namespace lance::cli {

/// One command of `lance-catalog`: its name, usage line, help text (translated in the
/// "CommandLine" context) and how many positional arguments it takes.
struct CommandSpec
{
    const char16_t *name;
    const char16_t *syntax;
    const char *description;
    int minArguments;
    int maxArguments;
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
};

} // namespace lance::cli
