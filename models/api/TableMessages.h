// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the table metadata operations (spec tags "Table" and "Metadata").
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

namespace lance::api {

enum class RegisterTableMode { Create, Overwrite };

/// The answer of the exists operations: a 2xx means it exists, a 404 that it does not.
struct ExistsResponse
{
    bool exists = false;
    StringMap context; //!< response headers as `header.<name>` entries
};

/// `GET /v1/namespace/{id}/table/list`: tables directly in namespace `id`, relative names.
struct ListTablesRequest
{
    Identifier id;
    std::optional<QString> pageToken;
    std::optional<qint64> limit;
    std::optional<bool> includeDeclared; //!< server default: true
    StringMap context;

    bool operator==(const ListTablesRequest &) const = default;
};

/// `GET /v1/table`: every table of every namespace, as full identifiers in string form,
/// sorted, in pages.
struct ListAllTablesRequest
{
    std::optional<QString> pageToken;
    std::optional<qint64> limit;
    std::optional<bool> includeDeclared; //!< server default: true
    /// How the answer joins names: the request's `delimiter` query parameter, which the REST
    /// binding sends with every request (the server fills it in from there).
    QString delimiter = Identifier::DefaultDelimiter;
    StringMap context;

    bool operator==(const ListAllTablesRequest &) const = default;
};

struct ListTablesResponse
{
    QStringList tables;
    std::optional<QString> pageToken;
    StringMap context;

    bool operator==(const ListTablesResponse &) const = default;
};

/// `POST /v1/table/{id}/describe`. The three flags travel as query parameters over REST.
struct DescribeTableRequest
{
    Identifier id;
    std::optional<qint64> version;
    std::optional<QString> tag;
    std::optional<QString> branch;
    std::optional<bool> withTableUri;
    std::optional<bool> loadDetailedMetadata;
    std::optional<bool> checkDeclared;
    std::optional<bool> vendCredentials;
    StringMap context;

    bool operator==(const DescribeTableRequest &) const = default;
};

struct DescribeTableResponse
{
    std::optional<QString> table;
    std::optional<QStringList> namespacePath; //!< spec `namespace`
    std::optional<qint64> version;
    std::optional<QString> location;
    std::optional<QString> tableUri;
    std::optional<JsonArrowSchema> schema;
    StringMap storageOptions;
    std::optional<TableBasicStats> stats;
    StringMap metadata;
    /// nullopt: the server answered null ("not supported"); absent decodes to {}.
    std::optional<StringMap> properties = StringMap();
    std::optional<bool> managedVersioning;
    std::optional<bool> isOnlyDeclared; //!< nullopt: not checked
    StringMap context;

    bool operator==(const DescribeTableResponse &) const = default;
};

/// `POST /v1/table/{id}/exists`
struct TableExistsRequest
{
    Identifier id;
    std::optional<qint64> version;
    StringMap context;

    bool operator==(const TableExistsRequest &) const = default;
};

/// `POST /v1/table/{id}/register`: adds an existing Lance table at `location`.
struct RegisterTableRequest
{
    Identifier id;
    QString location;
    std::optional<RegisterTableMode> mode;
    StringMap properties;
    StringMap context;

    bool operator==(const RegisterTableRequest &) const = default;
};

struct RegisterTableResponse
{
    std::optional<QString> transactionId;
    std::optional<QString> location;
    StringMap properties;
    StringMap context;

    bool operator==(const RegisterTableResponse &) const = default;
};

/// `POST /v1/table/{id}/declare`: reserves a table name without writing data.
struct DeclareTableRequest
{
    Identifier id;
    std::optional<QString> location;
    std::optional<bool> vendCredentials;
    StringMap properties;
    StringMap context;

    bool operator==(const DeclareTableRequest &) const = default;
};

struct DeclareTableResponse
{
    std::optional<QString> transactionId;
    std::optional<QString> location;
    StringMap storageOptions;
    std::optional<StringMap> properties = StringMap(); //!< nullopt: null, "not supported"
    std::optional<bool> managedVersioning;
    StringMap context;

    bool operator==(const DeclareTableResponse &) const = default;
};

/// `POST /v1/table/{id}/deregister`: removes the catalog entry, keeps the data.
struct DeregisterTableRequest
{
    Identifier id;
    StringMap context;

    bool operator==(const DeregisterTableRequest &) const = default;
};

struct DeregisterTableResponse
{
    std::optional<QString> transactionId;
    std::optional<Identifier> id;
    std::optional<QString> location;
    std::optional<StringMap> properties = StringMap(); //!< nullopt: null, "not supported"
    StringMap context;

    bool operator==(const DeregisterTableResponse &) const = default;
};

/// `POST /v1/table/{id}/restore`: a new latest version that holds what `version` held, made
/// as Lance's own restore makes it (format::ManifestRestorer).
struct RestoreTableRequest
{
    Identifier id;
    qint64 version = 0;
    std::optional<QString> branch;
    StringMap context;

    bool operator==(const RestoreTableRequest &) const = default;
};

struct RestoreTableResponse
{
    std::optional<QString> transactionId;
    StringMap context;

    bool operator==(const RestoreTableResponse &) const = default;
};

/// `POST /v1/table/{id}/rename`: gives the table a new name, in its namespace or in
/// `newNamespaceId`. The data stays where it is; only the catalog entry moves.
struct RenameTableRequest
{
    Identifier id;
    QString newTableName;
    std::optional<Identifier> newNamespaceId; //!< absent: the table's own namespace
    StringMap context;

    bool operator==(const RenameTableRequest &) const = default;
};

/// The identifier `request` gives the table.
inline Identifier renamedIdentifier(const RenameTableRequest &request)
{
    return request.newNamespaceId.value_or(request.id.parent()).child(request.newTableName);
}

/// The request that gives `table` the identifier `target`: `new_namespace_id` only for a move,
/// so that a plain rename is sent as the spec's common case.
inline RenameTableRequest renameRequest(const Identifier &table, const Identifier &target)
{
    RenameTableRequest request;
    request.id = table;
    request.newTableName = target.name();
    if (target.parent() != table.parent()) {
        request.newNamespaceId = target.parent();
    }
    return request;
}

struct RenameTableResponse
{
    std::optional<QString> transactionId;
    StringMap context;

    bool operator==(const RenameTableResponse &) const = default;
};

/// `POST /v1/table/{id}/drop`: removes the catalog entry and deletes the data.
struct DropTableRequest
{
    Identifier id;
    StringMap context;

    bool operator==(const DropTableRequest &) const = default;
};

struct DropTableResponse
{
    std::optional<QString> transactionId;
    std::optional<Identifier> id;
    std::optional<QString> location;
    std::optional<StringMap> properties = StringMap(); //!< nullopt: null, "not supported"
    StringMap context;

    bool operator==(const DropTableResponse &) const = default;
};

/// `POST /v1/table/{id}/stats` (the reference server routes it as GET): what the latest version
/// of the table (of `branch`, when given) holds.
struct GetTableStatsRequest
{
    Identifier id;
    std::optional<QString> branch; //!< none: the main branch
    StringMap context;

    bool operator==(const GetTableStatsRequest &) const = default;
};

/// Spec `FragmentSummary`: the rows of a table's fragments, deleted rows included.
struct FragmentSummary
{
    qint64 min = 0;
    qint64 max = 0;
    qint64 mean = 0;
    qint64 p25 = 0;
    qint64 p50 = 0;
    qint64 p75 = 0;
    qint64 p99 = 0;

    bool operator==(const FragmentSummary &) const = default;
};

/// Spec `FragmentStats`.
struct FragmentStats
{
    qint64 numFragments = 0;
    qint64 numSmallFragments = 0; //!< "uncompacted": fewer rows than compaction aims for
    FragmentSummary lengths;

    bool operator==(const FragmentStats &) const = default;
};

struct GetTableStatsResponse
{
    qint64 totalBytes = 0;
    qint64 numRows = 0; //!< live rows
    qint64 numIndices = 0;
    FragmentStats fragmentStats;
    StringMap context;

    bool operator==(const GetTableStatsResponse &) const = default;
};

} // namespace lance::api
