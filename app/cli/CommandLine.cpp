// SPDX-License-Identifier: Apache-2.0
#include "CommandLine.h"

#include "CommandTable.h"
#include "api/Identifier.h"
#include "rest/PreparedRequest.h"

#include <QCommandLineParser>
#include <QRegularExpression>

#include <array>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace lance::cli {

namespace {

bool appliesTo(const OptionSpec &option, QStringView command)
{
    const QStringView owners(option.command);
    return owners.isEmpty() || owners.split(u' ').contains(command);
}

QString optionSyntax(const OptionSpec &option)
{
    QString syntax = u"--"_s + QString::fromUtf16(option.name);
    if (option.valueName[0] != u'\0') {
        syntax += u' ' + QString::fromUtf16(option.valueName);
    }
    if (option.shortName[0] != u'\0') {
        syntax = u"-%1, %2"_s.arg(QString::fromUtf16(option.shortName), syntax);
    }
    return syntax;
}

// Indents `text` by `indent` and wraps it at 100 columns, the first line after `lead`.
QString wrapped(const QString &lead, const QString &text, qsizetype indent)
{
    constexpr qsizetype Width = 100;
    QString out = lead.leftJustified(indent);
    if (!lead.isEmpty() && lead.size() >= indent) {
        out = lead + u'\n' + QString(indent, u' ');
    }
    qsizetype column = indent;
    const QStringList words = text.split(u' ', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < words.size(); ++i) {
        if (i > 0 && column + 1 + words[i].size() > Width) {
            out += u'\n' + QString(indent, u' ');
            column = indent;
        } else if (i > 0) {
            out += u' ';
            ++column;
        }
        out += words[i];
        column += words[i].size();
    }
    return out + u'\n';
}

QString commandBlock(const CommandSpec &command)
{
    QString block = wrapped(u"  "_s + QString::fromUtf16(command.syntax),
                            CommandLine::tr(command.description), 34);
    for (const OptionSpec &option : CommandTable::options()) {
        if (option.command[0] != u'\0' && appliesTo(option, QStringView(command.name))) {
            block += wrapped(u"      "_s + optionSyntax(option),
                             CommandLine::tr(option.description), 34);
        }
    }
    return block;
}

QString usageLine()
{
    return CommandLine::tr("Usage: lance-catalog [options] <command> [arguments]") + u'\n';
}

CommandLine::Parsed failure(const QString &message)
{
    return {CommandLine::Action::Fail, {}, message};
}

// Reads the global and command options into `invocation`; returns what is wrong, if anything.
api::Result<void> readOptions(const QCommandLineParser &parser, CliInvocation &invocation)
{
    invocation.json = parser.isSet(u"json"_s);
    invocation.delimiter = parser.isSet(u"delimiter"_s) ? parser.value(u"delimiter"_s)
                                                        : api::Identifier::DefaultDelimiter;
    if (const auto problem = api::Identifier::checkDelimiter(invocation.delimiter);
        !problem.hasValue()) {
        return problem.error();
    }
    if (parser.isSet(u"local"_s)) {
        invocation.localRoot = parser.value(u"local"_s);
        if (invocation.localRoot.trimmed().isEmpty()) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--local: the catalog folder is empty."));
        }
    }
    if (parser.isSet(u"url"_s)) {
        invocation.url = QUrl(parser.value(u"url"_s), QUrl::StrictMode);
        if (!invocation.url.isValid()) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--url: \"%1\" is not a valid URL.").arg(parser.value(u"url"_s)));
        }
    }
    invocation.apiKeyEnv = parser.value(u"api-key-env"_s);
    invocation.bearerEnv = parser.value(u"bearer-env"_s);
    if (parser.isSet(u"api-key-env"_s) && parser.isSet(u"bearer-env"_s)) {
        return api::ApiError::invalidInput(
            CommandLine::tr("--api-key-env and --bearer-env cannot be used together."));
    }
    for (const QString &header : parser.values(u"header"_s)) {
        const qsizetype colon = header.indexOf(u':');
        const QString name = header.left(colon).trimmed();
        if (colon <= 0 || name.isEmpty()) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--header: \"%1\" is not of the form Name:Value.").arg(header));
        }
        if (rest::PreparedRequest::isSecretHeader(name.toUtf8())) {
            // Command lines end up in shell history and process lists.
            return api::ApiError::invalidInput(
                CommandLine::tr("--header: %1 carries a credential, which must not be on the "
                                "command line; use --api-key-env or --bearer-env.")
                    .arg(name));
        }
        invocation.headers.append({name.toUtf8(), header.mid(colon + 1).trimmed().toUtf8()});
    }
    invocation.caFile = parser.value(u"ca-file"_s);
    invocation.databasePasswordFile = parser.value(u"database-password-file"_s);
    invocation.cascade = parser.isSet(u"cascade"_s);
    for (const QString &property : parser.values(u"property"_s)) {
        const qsizetype equals = property.indexOf(u'=');
        if (equals <= 0) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--property: \"%1\" is not of the form KEY=VALUE.").arg(property));
        }
        invocation.properties.insert(property.left(equals), property.mid(equals + 1));
    }
    invocation.unsetProperties = parser.values(u"unset"_s);
    if (parser.isSet(u"timeout"_s)) {
        bool ok = false;
        const double seconds = parser.value(u"timeout"_s).toDouble(&ok);
        if (!ok || !std::isfinite(seconds) || seconds <= 0 || seconds > 86400) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--timeout: \"%1\" is not a number of seconds between 0 and "
                                "86400.")
                    .arg(parser.value(u"timeout"_s)));
        }
        invocation.timeoutMs = std::max(1, static_cast<int>(std::lround(seconds * 1000)));
    }
    invocation.noDeclared = parser.isSet(u"no-declared"_s);
    invocation.details = parser.isSet(u"details"_s);
    invocation.dryRun = parser.isSet(u"dry-run"_s);
    if (parser.isSet(u"from"_s)) {
        invocation.fromBranch = parser.value(u"from"_s);
    }
    // The options that take a count or a version: a whole number of at least 1.
    const auto wholeNumber
        = [&](const QString &option, std::optional<qint64> &into) -> api::Result<void> {
        if (!parser.isSet(option)) {
            return {};
        }
        bool ok = false;
        const qint64 value = parser.value(option).toLongLong(&ok);
        if (!ok || value < 1) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--%1: \"%2\" is not a whole number of at least 1.")
                    .arg(option, parser.value(option)));
        }
        into = value;
        return {};
    };
    for (const auto &[option, into] :
         {std::pair{u"limit"_s, &invocation.limit}, std::pair{u"keep"_s, &invocation.keepLatest},
          std::pair{u"before"_s, &invocation.beforeVersion},
          std::pair{u"small-rows"_s, &invocation.smallFragmentRows}}) {
        if (auto checked = wholeNumber(option, *into); !checked) {
            return checked.error();
        }
    }
    if (parser.isSet(u"older-than"_s)) {
        const auto seconds = CommandLine::durationSeconds(parser.value(u"older-than"_s));
        if (!seconds) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--older-than: \"%1\" is not a duration such as 7d, 12h, 30m "
                                "or 1w2d.")
                    .arg(parser.value(u"older-than"_s)));
        }
        invocation.olderThanSeconds = *seconds;
    }
    if (parser.isSet(u"offset"_s)) {
        bool ok = false;
        invocation.offset = parser.value(u"offset"_s).toLongLong(&ok);
        if (!ok || *invocation.offset < 0) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--offset: \"%1\" is not a whole number of at least 0.")
                    .arg(parser.value(u"offset"_s)));
        }
    }
    if (parser.isSet(u"columns"_s)) {
        for (const QString &column : parser.value(u"columns"_s).split(u',')) {
            if (!column.trimmed().isEmpty()) {
                invocation.columns << column.trimmed();
            }
        }
    }
    if (parser.isSet(u"branch"_s)) {
        invocation.branch = parser.value(u"branch"_s);
    }
    if (parser.isSet(u"tag"_s)) {
        invocation.tag = parser.value(u"tag"_s);
    }
    if (parser.isSet(u"filter"_s)) {
        invocation.filter = parser.value(u"filter"_s);
    }
    invocation.deleteUnverified = parser.isSet(u"delete-unverified"_s);
    invocation.yes = parser.isSet(u"yes"_s);
    QList<drop::PathMapping::Rule> rules;
    for (const QString &map : parser.values(u"map"_s)) {
        // Split before the URI's scheme, not at the first `=`: folders such as `date=2024` are
        // common in a lake.
        static const QRegularExpression rule(u"^(.+)=([A-Za-z][A-Za-z0-9+.-]*://.*)$"_s);
        const QRegularExpressionMatch match = rule.match(map);
        if (!match.hasMatch()) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--map: \"%1\" is not of the form LOCAL=URI, such as "
                                "/mnt/lake=s3://lake.")
                    .arg(map.section(u"://"_s, 0, 0))); // never echo what may follow a scheme
        }
        rules.append({match.captured(1), match.captured(2)});
    }
    invocation.pathMapping = drop::PathMapping(rules);
    if (const auto problem = invocation.pathMapping.check(); !problem.hasValue()) {
        return api::ApiError::invalidInput(u"--map: "_s + problem.error().userMessage());
    }
    return {};
}

// Exactly one catalog, a server or a folder; the options about reaching a server need a server.
std::optional<QString> checkCatalogChoice(const QCommandLineParser &parser, const QString &command)
{
    const bool url = parser.isSet(u"url"_s);
    const bool local = parser.isSet(u"local"_s);
    if (url && local) {
        return CommandLine::tr("--url and --local cannot be used together: %1 asks either a "
                               "server or a local catalog.")
            .arg(command);
    }
    if (command == u"copy-catalog") {
        // Its two catalogs are its arguments; no server options apply.
        for (const char16_t *name :
             {u"url", u"local", u"api-key-env", u"bearer-env", u"header", u"ca-file", u"timeout"}) {
            if (parser.isSet(QString::fromUtf16(name))) {
                return CommandLine::tr("--%1 does not apply to copy-catalog: its catalogs are "
                                       "FROM and TO.")
                    .arg(QString::fromUtf16(name));
            }
        }
        return std::nullopt;
    }
    if (!url && !local && command == u"stage-manifests") {
        // It only prints a request; a catalog adds checks but is not needed.
        for (const char16_t *name :
             {u"api-key-env", u"bearer-env", u"header", u"ca-file", u"timeout"}) {
            if (parser.isSet(QString::fromUtf16(name))) {
                return CommandLine::tr("--%1 applies only with --url.")
                    .arg(QString::fromUtf16(name));
            }
        }
        return std::nullopt;
    }
    if (!url && !local) {
        return CommandLine::tr("--url or --local is required: which catalog should %1 ask? Try "
                               "lance-catalog --help.")
            .arg(command);
    }
    if (local) {
        for (const char16_t *name :
             {u"api-key-env", u"bearer-env", u"header", u"ca-file", u"timeout"}) {
            if (parser.isSet(QString::fromUtf16(name))) {
                return CommandLine::tr("--%1 does not apply to --local: a local catalog is not "
                                       "reached over the network.")
                    .arg(QString::fromUtf16(name));
            }
        }
    }
    return std::nullopt;
}

} // namespace

QString CommandLine::helpText()
{
    QString text = usageLine() + u'\n';
    text += wrapped(
                QString(),
                tr("Talks to a Lance namespace REST server (--url) or to a local catalog in a "
                   "folder (--local): lists namespaces, tables and versions, describes tables, "
                   "commits a batch of changes atomically, and prepares the batch that registers "
                   "Lance manifests."),
                0)
            + u'\n';
    text += tr("Commands:") + u'\n';
    for (const CommandSpec &command : CommandTable::commands()) {
        text += commandBlock(command);
    }
    text += u'\n' + tr("Options:") + u'\n';
    for (const OptionSpec &option : CommandTable::options()) {
        if (option.command[0] == u'\0') {
            text += wrapped(u"  "_s + optionSyntax(option), tr(option.description), 34);
        }
    }
    text += u'\n'
            + wrapped(QString(),
                      tr("Identifiers join names with the delimiter, e.g. sales$orders; the root "
                         "namespace is the delimiter itself. Quote them in a shell: "
                         "'sales$orders'."),
                      0);
    text += u'\n' + tr("Exit codes:") + u'\n';
    text += tr("  0  success\n"
               "  1  usage error or invalid input (nothing was sent)\n"
               "  2  the server or local catalog refused or failed, or an answer was unreadable\n"
               "  3  conflict (HTTP 409): a concurrent change, or it already exists\n"
               "  4  no answer: network, TLS or timeout\n");
    return text;
}

QString CommandLine::commandHelp(const QString &command)
{
    const CommandSpec *spec = CommandTable::find(command);
    if (!spec) {
        return {};
    }
    return tr("Usage: lance-catalog [options] %1").arg(QString::fromUtf16(spec->syntax)) + u"\n\n"_s
           + commandBlock(*spec) + u'\n' + tr("Global options are listed by lance-catalog --help.")
           + u'\n';
}

CommandLine::Parsed CommandLine::parse(const QStringList &arguments)
{
    QCommandLineParser parser;
    for (const OptionSpec &option : CommandTable::options()) {
        QStringList names{QString::fromUtf16(option.name)};
        if (option.shortName[0] != u'\0') {
            names.prepend(QString::fromUtf16(option.shortName));
        }
        parser.addOption(QCommandLineOption(names, tr(option.description),
                                            QString::fromUtf16(option.valueName)));
    }
    if (!parser.parse(arguments)) {
        return failure(parser.errorText() + u' ' + tr("Try lance-catalog --help."));
    }
    QStringList positional = parser.positionalArguments();
    const QString command = positional.isEmpty() ? QString() : positional.takeFirst();

    // `schema TABLE --version N`: the switch that otherwise shows the program's version, with
    // N as a further argument (QCommandLineParser has one --version, a switch).
    // `rows TABLE --version N` too.
    const bool takesVersion = command == u"schema" || command == u"rows";
    const bool schemaVersion = takesVersion && parser.isSet(u"version"_s);
    if (parser.isSet(u"version"_s) && !schemaVersion) {
        return {Action::ShowVersion, {}, u"lance-catalog %1\n"_s.arg(QStringLiteral(LCB_VERSION))};
    }
    if (parser.isSet(u"help"_s) || command == u"help") {
        const QString topic = command == u"help" ? positional.value(0) : command;
        if (topic.isEmpty()) {
            return {Action::ShowHelp, {}, helpText()};
        }
        const QString help = commandHelp(topic);
        if (help.isEmpty()) {
            return failure(tr("Unknown command \"%1\". Try lance-catalog --help.").arg(topic));
        }
        return {Action::ShowHelp, {}, help};
    }
    if (command.isEmpty()) {
        return failure(tr("No command given. Try lance-catalog --help."));
    }
    const CommandSpec *spec = CommandTable::find(command);
    if (!spec) {
        return failure(tr("Unknown command \"%1\". Try lance-catalog --help.").arg(command));
    }
    if (positional.size() < spec->minArguments || positional.size() > spec->maxArguments) {
        return failure(tr("Wrong number of arguments. Usage: lance-catalog [options] %1")
                           .arg(QString::fromUtf16(spec->syntax)));
    }
    if (schemaVersion != (takesVersion && positional.size() == 2)) {
        return failure(tr("Wrong number of arguments. Usage: lance-catalog [options] %1")
                           .arg(QString::fromUtf16(spec->syntax)));
    }
    for (const OptionSpec &option : CommandTable::options()) {
        if (!appliesTo(option, command) && parser.isSet(QString::fromUtf16(option.name))) {
            const QString owners = QString::fromUtf16(option.command);
            if (!owners.contains(u' ')) {
                return failure(tr("--%1 only applies to the %2 command.")
                                   .arg(QString::fromUtf16(option.name), owners));
            }
            return failure(
                tr("--%1 only applies to these commands: %2.")
                    .arg(QString::fromUtf16(option.name), QString(owners).replace(u' ', u", "_s)));
        }
    }

    if (auto problem = checkCatalogChoice(parser, command)) {
        return failure(*problem);
    }

    Parsed parsed;
    parsed.action = Action::Run;
    parsed.invocation.command = command;
    parsed.invocation.arguments = positional;
    if (const auto problem = readOptions(parser, parsed.invocation); !problem.hasValue()) {
        return failure(problem.error().userMessage());
    }
    return parsed;
}

std::optional<qint64> CommandLine::durationSeconds(const QString &text)
{
    static const QRegularExpression whole(u"^(?:\\d+[smhdw])+$"_s);
    static const QRegularExpression part(u"(\\d+)([smhdw])"_s);
    const QString trimmed = text.trimmed().toLower();
    if (!whole.match(trimmed).hasMatch()) {
        return std::nullopt;
    }
    constexpr qint64 MaxSeconds = qint64{100} * 366 * 24 * 3600;
    qint64 seconds = 0;
    for (const QRegularExpressionMatch &match : part.globalMatch(trimmed)) {
        bool ok = false;
        const qint64 count = match.captured(1).toLongLong(&ok);
        const QChar unit = match.captured(2).at(0);
        const qint64 scale = unit == u's'   ? 1
                             : unit == u'm' ? 60
                             : unit == u'h' ? 3600
                             : unit == u'd' ? 86400
                                            : 7 * 86400;
        if (!ok || count > MaxSeconds / scale) {
            return std::nullopt;
        }
        seconds += count * scale;
        if (seconds > MaxSeconds) {
            return std::nullopt;
        }
    }
    return seconds;
}

} // namespace lance::cli
