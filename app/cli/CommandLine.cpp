// SPDX-License-Identifier: Apache-2.0
#include "CommandLine.h"

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

struct CommandSpec
{
    const char16_t *name;
    const char16_t *syntax;
    const char *description;
    int minArguments;
    int maxArguments;
};

struct OptionSpec
{
    const char16_t *name;
    const char16_t *shortName; //!< empty when there is none
    const char16_t *valueName; //!< empty for a switch
    const char *description;
    const char16_t *command; //!< the commands it applies to, space-separated; empty: all
};

constexpr std::array Commands{
    CommandSpec{u"namespaces", u"namespaces [NS]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "List the namespaces directly inside namespace NS (default: "
                                  "the root namespace)."),
                0, 1},
    CommandSpec{u"tables", u"tables [NS] [--no-declared]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "List the tables directly inside namespace NS (default: the "
                                  "root namespace)."),
                0, 1},
    CommandSpec{u"describe", u"describe TABLE",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Show a table's location, URI, properties and versioning."),
                1, 1},
    CommandSpec{u"versions", u"versions TABLE [--limit N] [--details]",
                QT_TRANSLATE_NOOP("CommandLine", "List a table's versions, newest first."), 1, 1},
    CommandSpec{u"schema", u"schema TABLE [--version N]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Show the schema of a table's latest version, or of version N: "
                                  "every field with its type, nullability, Lance field id and "
                                  "metadata. Read from the manifest where this machine can "
                                  "reach it (field ids are only known then), else as the "
                                  "server describes it."),
                1, 2},
    CommandSpec{u"diff", u"diff TABLE A B",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Compare version A of a table with version B: rows appended, "
                                  "deleted and rewritten, fields added, removed, renamed or "
                                  "changed (by field id), fragments, data files and bytes, "
                                  "indices, config and metadata. Reads both manifests, so they "
                                  "must be reachable from this machine (see --map)."),
                3, 3},
    CommandSpec{u"commit", u"commit FILE [--dry-run]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Send the BatchCommitTablesRequest in FILE (a JSON file; - reads "
                                  "standard input) as one atomic batch commit: every operation is "
                                  "applied or none is."),
                1, 1},
    CommandSpec{u"stage-manifests", u"stage-manifests TABLE FILE... [--map LOCAL=URI]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Print the BatchCommitTablesRequest that registers Lance "
                                  "manifests as versions of TABLE, ready for the commit command; "
                                  "nothing is sent. Each FILE is a .manifest file or a _versions "
                                  "folder; or give one Lance dataset folder (*.lance), which also "
                                  "declares TABLE at that folder. Every manifest is read and its "
                                  "name checked against the version inside; detached and staging "
                                  "manifests are skipped with a note. --url or --local is "
                                  "optional here: with one, versions (or a table) that exist "
                                  "already are refused."),
                2, std::numeric_limits<int>::max()},
    CommandSpec{u"tag", u"tag create|move|delete TABLE TAG [VERSION]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Create tag TAG on version VERSION of a table, move it to "
                                  "another version, or delete it. Applied at once (tags are not "
                                  "part of a batch commit)."),
                3, 4},
    CommandSpec{u"restore", u"restore TABLE VERSION",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Make a table's latest version hold again what VERSION held, "
                                  "as Lance's restore does: a new version (the latest + 1) with "
                                  "VERSION's schema, rows and indices. Nothing is deleted. "
                                  "Applied at once."),
                2, 2},
    CommandSpec{u"history", u"history [TABLE] [--limit N]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "List the transactions committed to the catalog, newest first "
                                  "(or those that touched TABLE): when, by which credential, "
                                  "what kind, how many operations of each kind, on which "
                                  "tables."),
                0, 1},
    CommandSpec{u"transaction", u"transaction ID",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Show one committed transaction, with its operations as they "
                                  "were sent."),
                1, 1},
    CommandSpec{u"namespace", u"namespace create|drop NS [--property K=V]... [--cascade]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Create namespace NS (its parent must exist), with properties; "
                                  "or drop it: refused while it holds anything, unless "
                                  "--cascade, which also removes the catalog entries of "
                                  "everything in it (the tables' data stays). Applied at once."),
                2, 2},
    CommandSpec{u"copy-catalog", u"copy-catalog FROM TO [--database-password-file FILE]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Copy a whole catalog, row for row, from FROM to TO, each a "
                                  "catalog folder or a PostgreSQL address "
                                  "(postgresql://HOST[:PORT]/DATABASE, no password in it): "
                                  "namespaces, tables, every version record as recorded, tags, "
                                  "pending manifest moves and the history. No table data is read "
                                  "or copied. "
                                  "TO must be empty; it is written in one transaction, and the "
                                  "rows of each kind are counted on both sides at the end. "
                                  "Needs neither --url nor --local."),
                2, 2},
    CommandSpec{u"help", u"help [COMMAND]",
                QT_TRANSLATE_NOOP("CommandLine", "Show this help, or the help of one command."), 0,
                1},
};

constexpr std::array Options{
    OptionSpec{u"no-declared", u"", u"",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Leave out tables that are declared but have no data yet."),
               u"tables"},
    OptionSpec{u"limit", u"", u"N",
               QT_TRANSLATE_NOOP("CommandLine", "Show at most N versions, or transactions."),
               u"versions history"},
    OptionSpec{u"details", u"", u"",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Also show what each version holds: rows, the change in rows, "
                                 "the operation, commit message and writer. Where the server "
                                 "does not say, the manifest is read from here if reachable."),
               u"versions"},
    OptionSpec{u"dry-run", u"", u"",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Check FILE and print the exact request (method, URL, headers "
                                 "with credentials masked, body) without sending it; with --local, "
                                 "the request that would be applied, without applying it."),
               u"commit"},
    OptionSpec{u"map", u"", u"LOCAL=URI",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Name files as a remote server sees them: a path inside the "
                                 "local folder LOCAL becomes URI followed by the rest of the path "
                                 "(--map /mnt/lake=s3://lake), and the other way to read a "
                                 "server's manifests here. Repeatable; the longest prefix wins. "
                                 "Without it, paths are local, as the local catalog and a "
                                 "server on this machine read them."),
               u"stage-manifests versions schema diff"},
    OptionSpec{u"property", u"", u"K=V",
               QT_TRANSLATE_NOOP("CommandLine", "A property of the new namespace; repeatable."),
               u"namespace"},
    OptionSpec{u"cascade", u"", u"",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Drop the namespace with everything in it: the catalog entries "
                                 "of its namespaces and tables go, their data stays."),
               u"namespace"},
    OptionSpec{u"database-password-file", u"", u"FILE",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "The PostgreSQL password file to read (libpq's format); "
                                 "default: PGPASSFILE, or ~/.pgpass."),
               u"copy-catalog"},
    OptionSpec{u"url", u"", u"URL",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "The server, with an optional path prefix: http://host:2333 or "
                                 "https://host/lance. Every command but help, "
                                 "stage-manifests and copy-catalog needs either --url or "
                                 "--local."),
               u""},
    OptionSpec{u"local", u"", u"DIR",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Use the local catalog in folder DIR instead of a server: no "
                                 "server is needed. The folder is created if missing, and the "
                                 "Lance tables already in it (<name>.lance folders) are "
                                 "registered on first use. The options for reaching a server "
                                 "(--api-key-env, --bearer-env, --header, --ca-file, --timeout) do "
                                 "not apply."),
               u""},
    OptionSpec{u"api-key-env", u"", u"VAR",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Send the API key held in environment variable VAR as the "
                                 "x-api-key header."),
               u""},
    OptionSpec{u"bearer-env", u"", u"VAR",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Send the token held in environment variable VAR as "
                                 "'Authorization: Bearer'."),
               u""},
    OptionSpec{u"header", u"", u"K:V",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Add header K with value V to every request; repeatable. "
                                 "Credentials are refused here: use --api-key-env or "
                                 "--bearer-env."),
               u""},
    OptionSpec{u"delimiter", u"", u"D",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "The identifier delimiter (default $). It is also sent to the "
                                 "server as ?delimiter=D."),
               u""},
    OptionSpec{u"ca-file", u"", u"FILE",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Also trust the CA certificates in FILE (PEM or DER), on top "
                                 "of the system's."),
               u""},
    OptionSpec{u"timeout", u"", u"SECONDS",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Give up on an answer after SECONDS (default 30; decimals "
                                 "allowed)."),
               u""},
    OptionSpec{u"json", u"", u"",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Print the server's answer as JSON (the spec's field names; "
                                 "pages merged into one answer) instead of a table."),
               u""},
    OptionSpec{u"help", u"h", u"", QT_TRANSLATE_NOOP("CommandLine", "Show this help."), u""},
    OptionSpec{u"version", u"v", u"", QT_TRANSLATE_NOOP("CommandLine", "Show the version."), u""},
};

bool appliesTo(const OptionSpec &option, QStringView command)
{
    const QStringView owners(option.command);
    return owners.isEmpty() || owners.split(u' ').contains(command);
}

const CommandSpec *findCommand(const QString &name)
{
    for (const CommandSpec &spec : Commands) {
        if (name == QStringView(spec.name)) {
            return &spec;
        }
    }
    return nullptr;
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
    for (const OptionSpec &option : Options) {
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
    if (parser.isSet(u"limit"_s)) {
        bool ok = false;
        const qint64 limit = parser.value(u"limit"_s).toLongLong(&ok);
        if (!ok || limit < 1) {
            return api::ApiError::invalidInput(
                CommandLine::tr("--limit: \"%1\" is not a whole number of at least 1.")
                    .arg(parser.value(u"limit"_s)));
        }
        invocation.limit = limit;
    }
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
    for (const CommandSpec &command : Commands) {
        text += commandBlock(command);
    }
    text += u'\n' + tr("Options:") + u'\n';
    for (const OptionSpec &option : Options) {
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
    const CommandSpec *spec = findCommand(command);
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
    for (const OptionSpec &option : Options) {
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
    const bool schemaVersion = command == u"schema" && parser.isSet(u"version"_s);
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
    const CommandSpec *spec = findCommand(command);
    if (!spec) {
        return failure(tr("Unknown command \"%1\". Try lance-catalog --help.").arg(command));
    }
    if (positional.size() < spec->minArguments || positional.size() > spec->maxArguments) {
        return failure(tr("Wrong number of arguments. Usage: lance-catalog [options] %1")
                           .arg(QString::fromUtf16(spec->syntax)));
    }
    if (schemaVersion != (command == u"schema" && positional.size() == 2)) {
        return failure(tr("Wrong number of arguments. Usage: lance-catalog [options] %1")
                           .arg(QString::fromUtf16(spec->syntax)));
    }
    for (const OptionSpec &option : Options) {
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

} // namespace lance::cli
