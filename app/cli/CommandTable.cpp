// SPDX-License-Identifier: Apache-2.0
#include "CommandTable.h"

#include "BranchCommand.h"
#include "BranchesCommand.h"
#include "CleanupCommand.h"
#include "CommitCommand.h"
#include "CopyCatalogCommand.h"
#include "DescribeCommand.h"
#include "DiffCommand.h"
#include "HealthCommand.h"
#include "HistoryCommand.h"
#include "NamespaceCommand.h"
#include "NamespacesCommand.h"
#include "RenameCommand.h"
#include "RestoreCommand.h"
#include "RowsCommand.h"
#include "SchemaCommand.h"
#include "StageManifestsCommand.h"
#include "TablesCommand.h"
#include "TagCommand.h"
#include "VersionsCommand.h"

#include <QCoreApplication>

#include <array>
#include <limits>

namespace lance::cli {

namespace {

template <typename Command> CliCommand *make(CliContext context, QObject *parent)
{
    return new Command(std::move(context), parent);
}

constexpr std::array Commands{
    CommandSpec{u"namespaces", u"namespaces [NS]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "List the namespaces directly inside namespace NS (default: "
                                  "the root namespace)."),
                0, 1, &make<NamespacesCommand>},
    CommandSpec{u"tables", u"tables [NS] [--no-declared]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "List the tables directly inside namespace NS (default: the "
                                  "root namespace)."),
                0, 1, &make<TablesCommand>},
    CommandSpec{u"describe", u"describe TABLE",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Show a table's location, URI, properties and versioning."),
                1, 1, &make<DescribeCommand>},
    CommandSpec{u"versions", u"versions TABLE [--limit N] [--details]",
                QT_TRANSLATE_NOOP("CommandLine", "List a table's versions, newest first."), 1, 1,
                &make<VersionsCommand>},
    CommandSpec{u"schema", u"schema TABLE [--version N]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Show the schema of a table's latest version, or of version N: "
                                  "every field with its type, nullability, Lance field id and "
                                  "metadata. Read from the manifest where this machine can "
                                  "reach it (field ids are only known then), else as the "
                                  "server describes it."),
                1, 2, &make<SchemaCommand>},
    CommandSpec{u"diff", u"diff TABLE A B",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Compare version A of a table with version B: rows appended, "
                                  "deleted and rewritten, fields added, removed, renamed or "
                                  "changed (by field id), fragments, data files and bytes, "
                                  "indices, config and metadata. Reads both manifests, so they "
                                  "must be reachable from this machine (see --map)."),
                3, 3, &make<DiffCommand>},
    CommandSpec{u"commit", u"commit FILE [--dry-run]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Send the BatchCommitTablesRequest in FILE (a JSON file; - reads "
                                  "standard input) as one atomic batch commit: every operation is "
                                  "applied or none is."),
                1, 1, &make<CommitCommand>},
    CommandSpec{u"stage-manifests", u"stage-manifests TABLE FILE... [--map LOCAL=URI]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Print the BatchCommitTablesRequest that registers Lance "
                                  "manifests as versions of TABLE, ready for the commit command; "
                                  "nothing is sent. Each FILE is a .manifest file or a _versions "
                                  "folder; or give one Lance dataset folder (*.lance), which also "
                                  "declares TABLE at that folder. A FILE may also be the URI of a "
                                  "manifest in the _versions folder of TABLE on its object store "
                                  "(s3://, az://, gs://), read there with the options the server "
                                  "vends. Every manifest is read and its "
                                  "name checked against the version inside; detached and staging "
                                  "manifests are skipped with a note. --url or --local is "
                                  "optional here (needed for a URI): with one, versions (or a "
                                  "table) that exist already are refused."),
                2, std::numeric_limits<int>::max(), &make<StageManifestsCommand>},
    CommandSpec{u"rows",
                u"rows TABLE [--version N | --tag T] [--branch B] [--filter EXPR] [--offset N] "
                u"[--limit N] [--columns A,B]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Show a table's rows, read from its data files: those of the "
                                  "latest version, of version N, of the version tag T names, "
                                  "or of branch B; only those --filter keeps; 20 from the first "
                                  "unless --offset and --limit say otherwise (at most 100000). "
                                  "A text table of compact values, with each row's _rowid; "
                                  "--json prints JSON lines, one object a row, every value "
                                  "exact. Any server that offers QueryTable, or the local "
                                  "catalog."),
                1, 2, &make<RowsCommand>},
    CommandSpec{u"health", u"health TABLE [--small-rows N]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Show what a table's files cost, from its manifests and the "
                                  "listing of its folder (no data file is read): the latest "
                                  "version beside every version kept (fragments and the small "
                                  "ones, rows deleted but still stored, bytes referenced by "
                                  "kind), the files no kept version needs, files missing, and "
                                  "the rows each index does not cover. A server of this "
                                  "project, or the local catalog."),
                1, 1, &make<HealthCommand>},
    CommandSpec{u"cleanup",
                u"cleanup TABLE [--older-than DURATION] [--keep N] [--before VERSION] "
                u"[--delete-unverified] [--dry-run] [--yes]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Remove a table's old versions and the files only they use, "
                                  "after a preview: every version with why it stays or goes "
                                  "(the latest, tagged versions and those branches start from "
                                  "always stay; versions whose records were deleted always "
                                  "go), every file that goes with the version that last used "
                                  "it, the bytes freed. Applied with --yes or once the table's "
                                  "name is typed; only as previewed. A server of this project, "
                                  "or the local catalog."),
                1, 1, &make<CleanupCommand>},
    CommandSpec{u"branches", u"branches TABLE",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "List a table's branches (besides main) as Lance recorded "
                                  "them: the branch and version each was made from, and when."),
                1, 1, &make<BranchesCommand>},
    CommandSpec{u"branch", u"branch create|delete TABLE NAME [VERSION] [--from BRANCH]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Create branch NAME of a table at VERSION of main (or of "
                                  "--from BRANCH; default: its latest version), as Lance does: "
                                  "the branch reads the data where it is, nothing is copied. Or "
                                  "delete branch NAME with its own files; refused while another "
                                  "branch starts from it or a tag points into it. Applied at "
                                  "once. Only for tables whose files the catalog can reach."),
                3, 4, &make<BranchCommand>},
    CommandSpec{u"tag", u"tag create|move|delete TABLE TAG [VERSION]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Create tag TAG on version VERSION of a table, move it to "
                                  "another version, or delete it. Applied at once (tags are not "
                                  "part of a batch commit)."),
                3, 4, &make<TagCommand>},
    CommandSpec{u"restore", u"restore TABLE VERSION",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Make a table's latest version hold again what VERSION held, "
                                  "as Lance's restore does: a new version (the latest + 1) with "
                                  "VERSION's schema, rows and indices. Nothing is deleted. "
                                  "Applied at once."),
                2, 2, &make<RestoreCommand>},
    CommandSpec{u"rename", u"rename TABLE NEW_TABLE",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Give a table a new name; a NEW_TABLE in another namespace "
                                  "moves it there. Only the catalog entry changes: versions, "
                                  "tags and history go with it, the data stays where it is. "
                                  "Refused when NEW_TABLE exists. Applied at once."),
                2, 2, &make<RenameCommand>},
    CommandSpec{u"history", u"history [TABLE] [--limit N]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "List the transactions committed to the catalog, newest first "
                                  "(or those that touched TABLE): when, by which credential, "
                                  "what kind, how many operations of each kind, on which "
                                  "tables."),
                0, 1, &make<HistoryCommand>},
    CommandSpec{u"transaction", u"transaction ID",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Show one committed transaction, with its operations as they "
                                  "were sent."),
                1, 1, &make<HistoryCommand>},
    CommandSpec{u"namespace",
                u"namespace create|set|drop NS [--property K=V]... [--unset K]... [--cascade]",
                QT_TRANSLATE_NOOP("CommandLine",
                                  "Create namespace NS (its parent must exist), with properties; "
                                  "set and --unset its properties in place (a server of this "
                                  "project; the spec has no such operation); or drop it: "
                                  "refused while it holds anything, unless "
                                  "--cascade, which also removes the catalog entries of "
                                  "everything in it (the tables' data stays). Applied at once."),
                2, 2, &make<NamespaceCommand>},
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
                2, 2, &make<CopyCatalogCommand>},
    CommandSpec{u"help", u"help [COMMAND]",
                QT_TRANSLATE_NOOP("CommandLine", "Show this help, or the help of one command."), 0,
                1, nullptr},
};

constexpr std::array Options{
    OptionSpec{u"no-declared", u"", u"",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Leave out tables that are declared but have no data yet."),
               u"tables"},
    OptionSpec{u"limit", u"", u"N",
               QT_TRANSLATE_NOOP("CommandLine", "Show at most N versions, or transactions."),
               u"versions history rows"},
    OptionSpec{u"offset", u"", u"N", QT_TRANSLATE_NOOP("CommandLine", "Skip the first N rows."),
               u"rows"},
    OptionSpec{u"columns", u"", u"A,B",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Only these top-level columns, in this order (comma-separated)."),
               u"rows"},
    OptionSpec{u"branch", u"", u"B",
               QT_TRANSLATE_NOOP("CommandLine", "Read branch B instead of main."), u"rows"},
    OptionSpec{u"tag", u"", u"T", QT_TRANSLATE_NOOP("CommandLine", "Read the version tag T names."),
               u"rows"},
    OptionSpec{u"filter", u"", u"EXPR",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Only the rows EXPR keeps, as LanceDB's where strings write it: "
                                 "one condition on one column, such as \"id >= 10\", "
                                 "\"name LIKE 'a%'\", \"kind IN ('x', 'y')\" or \"score IS "
                                 "NULL\" (=, <>, <, <=, >, >=, BETWEEN, IN, LIKE, IS [NOT] "
                                 "NULL; a column in `backticks` where it needs them). --offset "
                                 "and --limit count the rows it keeps. The server filters."),
               u"rows"},
    OptionSpec{u"small-rows", u"", u"N",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "A fragment with fewer rows than N is small (default: "
                                 "1048576, the rows Lance's compaction aims for)."),
               u"health"},
    OptionSpec{u"older-than", u"", u"DURATION",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Versions committed longer ago than DURATION go: a number with "
                                 "s, m, h, d or w (7d, 12h, 1w2d)."),
               u"cleanup"},
    OptionSpec{u"keep", u"", u"N", QT_TRANSLATE_NOOP("CommandLine", "The newest N versions stay."),
               u"cleanup"},
    OptionSpec{u"before", u"", u"VERSION",
               QT_TRANSLATE_NOOP("CommandLine", "Versions numbered below VERSION go."), u"cleanup"},
    OptionSpec{u"delete-unverified", u"", u"",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Also remove files no version references that are younger "
                                 "than 7 days (Lance's safety window): only when no one writes "
                                 "to the table."),
               u"cleanup"},
    OptionSpec{u"yes", u"", u"",
               QT_TRANSLATE_NOOP("CommandLine", "Apply the cleanup previewed without asking."),
               u"cleanup"},
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
                                 "the request that would be applied, without applying it. "
                                 "cleanup: the preview alone."),
               u"commit cleanup"},
    OptionSpec{u"map", u"", u"LOCAL=URI",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "Name files as a remote server sees them: a path inside the "
                                 "local folder LOCAL becomes URI followed by the rest of the path "
                                 "(--map /mnt/lake=s3://lake), and the other way to read a "
                                 "server's manifests here. Repeatable; the longest prefix wins. "
                                 "Without it, paths are local, as the local catalog and a "
                                 "server on this machine read them."),
               u"stage-manifests versions schema diff"},
    OptionSpec{
        u"from", u"", u"BRANCH",
        QT_TRANSLATE_NOOP("CommandLine", "The branch the new branch starts from (default: main)."),
        u"branch"},
    OptionSpec{u"property", u"", u"K=V",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "A property of the new namespace, or one to set; repeatable."),
               u"namespace"},
    OptionSpec{u"unset", u"", u"K",
               QT_TRANSLATE_NOOP("CommandLine",
                                 "A property to remove from the namespace (namespace set); "
                                 "repeatable."),
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

} // namespace

std::span<const CommandSpec> CommandTable::commands()
{
    return Commands;
}

std::span<const OptionSpec> CommandTable::options()
{
    return Options;
}

const CommandSpec *CommandTable::find(QStringView name)
{
    for (const CommandSpec &spec : Commands) {
        if (name == QStringView(spec.name)) {
            return &spec;
        }
    }
    return nullptr;
}

} // namespace lance::cli
