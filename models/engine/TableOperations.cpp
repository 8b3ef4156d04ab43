// SPDX-License-Identifier: Apache-2.0
#include "engine/TableOperations.h"

#include "engine/CatalogLocations.h"
#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/EngineLogging.h"
#include "engine/NamespaceStore.h"
#include "engine/PageToken.h"
#include "engine/TableStore.h"
#include "engine/TagStore.h"
#include "engine/VersionDetails.h"
#include "engine/VersionStore.h"
#include "format/BranchRefs.h"
#include "format/LocalPaths.h"
#include "format/ManifestFiles.h"
#include "format/TableStatistics.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

using Mode = CatalogTransaction::Mode;

// DropTable and DeregisterTable answer alike: the entry that went.
template <typename Response> Response removedEntry(const TableRecord &table)
{
    Response response;
    response.id = table.id;
    response.location = table.location;
    response.properties = table.properties;
    return response;
}

} // namespace

api::Result<void> TableOperations::checkCreatable(const Identifier &id)
{
    // Only whether they exist: the parent's properties would be parsed for nothing, once per
    // table of a batch.
    auto found = NamespaceStore(m_database).exist(id.parent(), id);
    if (!found) {
        return found.error();
    }
    const auto [parent, clash] = *found;
    if (!parent) {
        return NamespaceStore::notFound(id.parent());
    }
    if (clash) {
        return ApiError::catalog(ErrorCode::TableAlreadyExists,
                                 tr("%1 already exists as a namespace; a table cannot have the "
                                    "same name.")
                                     .arg(CatalogNames::display(id)));
    }
    return {};
}

Result<ListTablesResponse> TableOperations::list(const ListTablesRequest &request)
{
    if (const auto problem = CatalogNames::checkNamespace(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const auto page
        = PageToken::namePage(PageToken::Kind::Tables, request.limit, request.pageToken);
    if (!page) {
        return page.error();
    }
    return CatalogTransaction::run<ListTablesResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<ListTablesResponse> {
            if (auto found = NamespaceStore(m_database).require(request.id); !found) {
                return found.error();
            }
            TableStore tables(m_database);
            // A declared table's name starts a page too, with or without include_declared: a
            // client may have seen it in a listing that included it.
            const auto after = PageToken::startAfterName(*page, [&](const QString &name) {
                auto table = tables.find(request.id.child(name));
                return table ? Result<bool>(table->has_value()) : Result<bool>(table.error());
            });
            if (!after) {
                return after.error();
            }
            auto names = tables.names(request.id, *after, page->fetch(),
                                      request.includeDeclared.value_or(true));
            if (!names) {
                return names.error();
            }
            ListTablesResponse response;
            response.pageToken = PageToken::takePage(*names, page->size, PageToken::Kind::Tables);
            response.tables = std::move(*names);
            return response;
        });
}

Result<ListTablesResponse> TableOperations::listAll(const ListAllTablesRequest &request)
{
    if (request.delimiter.isEmpty()) {
        return ApiError::catalog(ErrorCode::InvalidInput, tr("The delimiter is empty."));
    }
    const auto page = PageToken::page(PageToken::Kind::Tables, request.limit, request.pageToken);
    if (!page) {
        return page.error();
    }
    return CatalogTransaction::run<ListTablesResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<ListTablesResponse> {
            auto keys = TableStore(m_database)
                            .allKeys(page->afterOrFirst(), page->fetch(),
                                     request.includeDeclared.value_or(true));
            if (!keys) {
                return keys.error();
            }
            ListTablesResponse response;
            response.pageToken = PageToken::takePage(*keys, page->size, PageToken::Kind::Tables);
            response.tables.reserve(keys->size());
            for (const QString &key : std::as_const(*keys)) {
                response.tables << key.split(u'$').join(request.delimiter);
            }
            return response;
        });
}

Result<DescribeTableResponse> TableOperations::describe(const DescribeTableRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    if (request.tag && (request.version || request.branch)) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("Give a tag, or a version and branch, not both."));
    }
    return CatalogTransaction::run<DescribeTableResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<DescribeTableResponse> {
            auto table = TableStore(m_database).require(request.id);
            if (!table) {
                return table.error();
            }
            VersionStore versions(m_database);
            std::optional<TableVersion> version;
            if (request.tag || request.version) {
                std::optional<QString> branch = request.branch;
                qint64 number = request.version.value_or(0);
                if (request.tag) {
                    auto tag = TagStore(m_database).require(request.id, *request.tag);
                    if (!tag) {
                        return tag.error();
                    }
                    branch = tag->branch;
                    number = tag->version;
                }
                auto found = versions.require(request.id, CatalogNames::branch(branch), number);
                if (!found) {
                    return found.error();
                }
                version = std::move(*found);
            } else {
                auto latest = versions.latest(request.id, CatalogNames::branch(request.branch));
                if (!latest) {
                    return latest.error();
                }
                version = std::move(*latest);
            }
            auto hasVersions = version ? Result<bool>(true) : versions.hasAny(request.id);
            if (!hasVersions) {
                return hasVersions.error();
            }
            const std::optional<QString> local = m_locations.localPath(table->location);
            DescribeTableResponse response;
            response.table = request.id.name();
            response.namespacePath = request.id.parent().names();
            response.location = table->location;
            response.tableUri = local ? format::LocalPaths::fileUri(*local) : table->location;
            response.properties = table->properties;
            response.managedVersioning = true;
            response.isOnlyDeclared = !*hasVersions;
            if (request.vendCredentials.value_or(false)) {
                response.storageOptions = m_locations.stores().vend(table->location);
            }
            if (version) {
                response.version = version->version;
            }
            // Only when asked: it reads the manifest. One that cannot be read (on object
            // storage, or gone) leaves the answer as it would be without the flag.
            if (version && request.loadDetailedMetadata.value_or(false)) {
                const auto onStore = m_locations.stores().find(table->location);
                if (const auto details
                    = VersionDetails::read(*version, onStore ? &*onStore : nullptr)) {
                    VersionDetails::describe(*details, response);
                }
            }
            return response;
        });
}

Result<ExistsResponse> TableOperations::exists(const TableExistsRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    return CatalogTransaction::run<ExistsResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<ExistsResponse> {
            if (auto table = TableStore(m_database).require(request.id); !table) {
                return table.error();
            }
            if (request.version) {
                auto version = VersionStore(m_database).require(request.id, {}, *request.version);
                if (!version) {
                    return version.error();
                }
            }
            ExistsResponse response;
            response.exists = true;
            return response;
        });
}

Result<GetTableStatsResponse> TableOperations::stats(const GetTableStatsRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    QString location;
    auto latest = CatalogTransaction::run<std::optional<TableVersion>>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<std::optional<TableVersion>> {
            auto table = TableStore(m_database).require(request.id);
            if (!table) {
                return table.error();
            }
            location = table->location;
            return VersionStore(m_database)
                .latest(request.id, CatalogNames::branch(request.branch));
        });
    if (!latest) {
        return latest.error();
    }
    if (!*latest) {
        return GetTableStatsResponse{}; // declared, no data yet
    }
    // Outside the transaction: reading a large manifest must not hold the database.
    const auto onStore = m_locations.stores().find(location);
    const auto details = VersionDetails::read(**latest, onStore ? &*onStore : nullptr);
    if (!details) {
        return ApiError::catalog(ErrorCode::Unsupported,
                                 tr("The statistics of version %1 come from its manifest, which "
                                    "this catalog cannot read: %2")
                                     .arg((*latest)->version)
                                     .arg(details.error().userMessage()));
    }
    return format::TableStatistics::of(details->manifest);
}

Result<RegisterTableResponse> TableOperations::registerTable(const RegisterTableRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const QString given = request.location.trimmed();
    if (given.isEmpty()) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("Registering a table needs the location of its data."));
    }
    const std::optional<QString> local = m_locations.localPath(given);
    if (local && !QFileInfo(*local).isDir()) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("The location %1 is not an existing folder.").arg(*local));
    }
    // Read before taking the write lock: a long `_versions/` listing holds up no other writer.
    const QList<TableVersion> found
        = local ? format::ManifestFiles::versionsIn(*local) : QList<TableVersion>();
    const auto branches = local ? format::BranchRefs::versionsOfBranches(*local)
                                : QMap<QString, QList<TableVersion>>();
    return CatalogTransaction::run<RegisterTableResponse>(
        m_database, Mode::Write, [&](CatalogTransaction &) -> Result<RegisterTableResponse> {
            if (const auto problem = checkCreatable(request.id); !problem.hasValue()) {
                return problem.error();
            }
            TableStore tables(m_database);
            auto existing = tables.find(request.id);
            if (!existing) {
                return existing.error();
            }
            if (*existing) {
                if (request.mode.value_or(RegisterTableMode::Create) == RegisterTableMode::Create) {
                    return TableStore::alreadyExists(request.id);
                }
                if (auto removed = tables.remove(request.id); !removed) {
                    return removed.error();
                }
            }
            const TableRecord record{request.id, local.value_or(given), request.properties};
            if (auto added = tables.insert(record); !added) {
                return added.error();
            }
            VersionStore versions(m_database);
            for (const TableVersion &version : found) {
                if (auto added = versions.insert(request.id, {}, version); !added) {
                    return added.error();
                }
            }
            if (auto added = versions.insertBranches(request.id, branches); !added.hasValue()) {
                return added.error();
            }
            RegisterTableResponse response;
            response.location = record.location;
            response.properties = record.properties;
            return response;
        });
}

Result<std::optional<QString>> TableOperations::folderToDelete(const Identifier &id,
                                                               const QString &location)
{
    const std::optional<QString> local = m_locations.localPath(location);
    if (!local || !m_locations.isInsideRoot(*local)) {
        return std::optional<QString>(); // not ours to delete
    }
    // The physical folder: a symlink in the location cannot lead the deletion anywhere else.
    const QString folder = format::LocalPaths::resolved(*local);
    QStringList others;
    for (const QString &path : QStringList{*local, folder}) {
        auto within = TableStore(m_database).tablesWithin(path, id);
        if (!within) {
            return within.error();
        }
        others += *within;
    }
    if (!others.isEmpty()) {
        return ApiError::catalog(ErrorCode::InvalidTableState,
                                 tr("Table %1 cannot be dropped: its folder %2 also holds table "
                                    "%3. Deregister it instead, or drop that table first.")
                                     .arg(CatalogNames::display(id), folder, others.first()));
    }
    return std::optional<QString>(folder);
}

Result<DropTableResponse> TableOperations::drop(const DropTableRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    std::optional<QString> doomed;
    std::optional<TableStores::Table> doomedOnStore;
    auto response = CatalogTransaction::run<DropTableResponse>(
        m_database, Mode::Write, [&](CatalogTransaction &transaction) -> Result<DropTableResponse> {
            TableStore tables(m_database);
            auto table = tables.require(request.id);
            if (!table) {
                return table.error();
            }
            // Its committed manifests first: data kept outside the root stays complete, and no
            // move is left to find its folder deleted.
            if (const auto problem = transaction.settlePendingMoves(CatalogNames::key(request.id));
                !problem.hasValue()) {
                return problem.error();
            }
            auto folder = folderToDelete(request.id, table->location);
            if (!folder) {
                return folder.error();
            }
            doomed = *folder;
            auto onStore = storeFolderToDelete(request.id, table->location);
            if (!onStore) {
                return onStore.error();
            }
            doomedOnStore = *onStore;
            if (auto removed = tables.remove(request.id); !removed) {
                return removed.error();
            }
            return removedEntry<DropTableResponse>(*table);
        });
    // Data goes only once the entry is gone for good; it cannot come back after this.
    if (response && doomed) {
        const QFileInfo folder(*doomed);
        if (folder.isDir() && !folder.isSymLink() && !QDir(*doomed).removeRecursively()) {
            qCWarning(lcEngine) << "table" << CatalogNames::display(request.id)
                                << "was dropped, but its folder could not be deleted:" << *doomed;
        }
    }
    if (response && doomedOnStore) {
        deleteFromStore(*doomedOnStore);
    }
    return response;
}

Result<std::optional<TableStores::Table>>
TableOperations::storeFolderToDelete(const Identifier &id, const QString &location)
{
    const auto onStore = m_locations.stores().find(location);
    if (!onStore || !m_locations.isInsideTablesRoot(onStore->uri)) {
        return std::optional<TableStores::Table>(); // not ours to delete
    }
    auto within = TableStore(m_database).tablesWithin(onStore->uri.toString(), id);
    if (!within) {
        return within.error();
    }
    if (!within->isEmpty()) {
        return ApiError::catalog(
            ErrorCode::InvalidTableState,
            tr("Table %1 cannot be dropped: its folder %2 also holds table "
               "%3. Deregister it instead, or drop that table first.")
                .arg(CatalogNames::display(id), onStore->uri.toString(), within->first()));
    }
    return onStore;
}

void TableOperations::deleteFromStore(const TableStores::Table &table)
{
    // Page by page from the start: each page's objects are gone before the next is asked for.
    const QString prefix = table.uri.keyAsPrefix();
    for (;;) {
        const storage::CallControl control;
        auto page = table.store->list(prefix, {}, {}, 1000, control);
        if (!page) {
            qCWarning(lcEngine).noquote()
                << "a dropped table's objects could not be listed:" << page.error().message();
            return;
        }
        for (const storage::ObjectMeta &object : std::as_const(page->objects)) {
            if (auto removed = table.store->remove(object.key, control); !removed) {
                qCWarning(lcEngine).noquote() << "a dropped table's object could not be deleted:"
                                              << removed.error().message();
                return;
            }
        }
        if (page->continuation.isEmpty()) {
            return;
        }
    }
}

Result<DeclareTableResponse> TableOperations::declare(CatalogTransaction &,
                                                      const DeclareTableRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const QString location
        = request.location ? request.location->trimmed() : m_locations.defaultLocation(request.id);
    if (location.isEmpty()) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("The location is empty; leave it out to let the catalog "
                                    "choose one."));
    }
    if (const auto problem = checkCreatable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    auto added
        = TableStore(m_database).insert(TableRecord{request.id, location, request.properties});
    if (!added) {
        return added.error();
    }
    if (!*added) {
        return TableStore::alreadyExists(request.id);
    }
    DeclareTableResponse response;
    response.location = location;
    response.properties = request.properties;
    response.managedVersioning = true;
    if (request.vendCredentials.value_or(false)) {
        response.storageOptions = m_locations.stores().vend(location);
    }
    return response;
}

Result<DeregisterTableResponse> TableOperations::deregister(CatalogTransaction &transaction,
                                                            const DeregisterTableRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    TableStore tables(m_database);
    auto table = tables.require(request.id);
    if (!table) {
        return table.error();
    }
    // The data stays and may be registered again, from its `_versions/`: complete it first.
    if (const auto problem = transaction.settlePendingMoves(CatalogNames::key(request.id));
        !problem.hasValue()) {
        return problem.error();
    }
    if (auto removed = tables.remove(request.id); !removed) {
        return removed.error();
    }
    return removedEntry<DeregisterTableResponse>(*table);
}

} // namespace lance::engine
