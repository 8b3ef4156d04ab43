// SPDX-License-Identifier: Apache-2.0
#include "engine/VersionOperations.h"

#include "engine/BranchFiles.h"
#include "engine/CatalogLocations.h"
#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/EngineLogging.h"
#include "engine/PageToken.h"
#include "engine/TableStore.h"
#include "engine/VersionDetails.h"
#include "engine/VersionStore.h"
#include "format/BranchRefs.h"
#include "format/LocalPaths.h"
#include "format/ManifestCheck.h"
#include "format/ManifestFiles.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

using Mode = CatalogTransaction::Mode;

ApiError versionExists(const Identifier &table, qint64 version)
{
    return ApiError::catalog(ErrorCode::ConcurrentModification,
                             VersionOperations::tr("Version %2 of table %1 exists already.")
                                 .arg(CatalogNames::display(table), QString::number(version)));
}

ApiError missingManifest(const QString &path)
{
    return ApiError::catalog(ErrorCode::InvalidInput,
                             VersionOperations::tr("The manifest %1 does not exist.").arg(path));
}

bool isOnStore(const CatalogLocations &locations, const QString &location)
{
    const auto onStore = locations.stores().locate(location);
    return onStore && onStore->has_value();
}

} // namespace

Result<void> VersionOperations::recordBranchFound(const Identifier &id, const QString &branch)
{
    auto location = CatalogTransaction::run<std::optional<QString>>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<std::optional<QString>> {
            auto found = TableStore(m_database).requireLocation(id);
            if (!found) {
                return found.error();
            }
            auto latest = VersionStore(m_database).latest(id, branch);
            if (!latest) {
                return latest.error();
            }
            return *latest ? std::nullopt : std::optional(*found);
        });
    if (!location || !*location) {
        return location ? Result<void>() : Result<void>(location.error());
    }
    const auto table = TableFolder::of(m_locations, **location);
    if (!table) {
        return {}; // a store out of reach: nothing to find there
    }
    QList<TableVersion> found;
    if (const std::optional<QString> local = m_locations.localPath(**location)) {
        // Only a branch Lance recorded: the name never reaches the file system otherwise.
        const auto refs = format::BranchRefs::read(*local);
        if (!refs || !refs->contains(branch)) {
            return {};
        }
        found = format::ManifestFiles::versionsIn(format::BranchRefs::branchFolder(*local, branch));
    } else {
        found = versionsOnStore(*table, branch);
    }
    if (found.isEmpty()) {
        return {};
    }
    const auto recorded = CatalogTransaction::run<bool>(
        m_database, Mode::Write, [&](CatalogTransaction &) -> Result<bool> {
            // A delete of the branch removes its ref before its records: a ref still there
            // now, under the write lock, means no delete has passed since the files were read.
            if (!BranchFiles::exists(*table, branch)) {
                return false;
            }
            auto added = VersionStore(m_database).insertBranches(id, {{branch, found}});
            if (!added.hasValue()) {
                return added.error();
            }
            return true;
        });
    return Result<void>(recorded);
}

QList<TableVersion> VersionOperations::versionsOnStore(const TableFolder &table,
                                                       const QString &branch)
{
    const auto refs = BranchFiles::read(table);
    if (!refs || !refs->contains(branch)) {
        return {};
    }
    const TableFolder home = table.branch(branch);
    const storage::CallControl control;
    const auto listed = home.listAll(format::ManifestFiles::VersionsFolder + u'/', control);
    if (!listed) {
        return {};
    }
    QList<TableVersion> found;
    for (const storage::ObjectMeta &object : std::as_const(*listed)) {
        const auto name = format::ManifestFiles::parseName(object.key.section(u'/', -1));
        if (!name) {
            continue; // staged, or the version hint
        }
        // Read whole and checked, as a committed version is; one that is not readable stays
        // unrecorded, and the listing of its neighbours goes on.
        const auto read = table.store().read(object.key, control);
        if (!read) {
            continue;
        }
        const auto checked
            = format::ManifestCheck::checkBytes(read->bytes, home.readable(object.key));
        if (!checked || checked->version != name->version) {
            continue;
        }
        TableVersion version;
        version.version = name->version;
        version.manifestPath = table.recordedPath(object.key);
        version.manifestSize = read->bytes.size();
        version.eTag = read->meta.eTag;
        version.timestampMillis = checked->timestamp ? checked->timestamp->toMSecsSinceEpoch()
                                                     : read->meta.lastModified.toMSecsSinceEpoch();
        found.append(version);
    }
    std::sort(found.begin(), found.end(),
              [](const TableVersion &a, const TableVersion &b) { return a.version < b.version; });
    return found;
}

Result<ListTableVersionsResponse> VersionOperations::list(const ListTableVersionsRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const bool descending = request.descending.value_or(false);
    const PageToken::Kind kind
        = descending ? PageToken::Kind::VersionsDescending : PageToken::Kind::VersionsAscending;
    const auto page = PageToken::page(kind, request.limit, request.pageToken);
    if (!page) {
        return page.error();
    }
    const auto after = PageToken::versionAfter(*page);
    if (!after) {
        return after.error();
    }
    if (request.branch && !CatalogNames::branch(request.branch).isEmpty() && !request.pageToken) {
        // A listing, not a write: if the records cannot be written (a read-only database), it
        // answers what is recorded, and a missing table is refused below as always.
        if (auto recorded = recordBranchFound(request.id, *request.branch); !recorded.hasValue()) {
            qCInfo(lcEngine).noquote() << recorded.error().details();
        }
    }
    const QString branch = CatalogNames::branch(request.branch);
    // On a store: versions whose facts were read now, not kept yet, with those facts.
    QList<std::pair<TableVersion, StringMap>> learned;
    auto listed = CatalogTransaction::run<ListTableVersionsResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<ListTableVersionsResponse> {
            auto table = TableStore(m_database).require(request.id);
            if (!table) {
                return table.error();
            }
            const auto onStore = m_locations.stores().find(table->location);
            VersionStore store(m_database);
            auto versions = store.list(request.id, branch, *after, page->fetch(), descending);
            if (!versions) {
                return versions.error();
            }
            ListTableVersionsResponse response;
            response.pageToken
                = PageToken::takePage(*versions, page->size, kind,
                                      [](const auto &v) { return QString::number(v.version); });
            response.versions = std::move(*versions);
            if (!onStore || response.versions.isEmpty()) {
                VersionDetails::annotateAll(response.versions, nullptr);
                return response;
            }
            const auto [first, last]
                = std::minmax(response.versions.first().version, response.versions.last().version);
            auto kept = store.facts(request.id, branch, first, last);
            if (!kept) {
                return kept.error();
            }
            QList<qsizetype> unknown;
            for (qsizetype i = 0; i < response.versions.size(); ++i) {
                TableVersion &version = response.versions[i];
                if (const auto it = kept->constFind(version.version); it != kept->cend()) {
                    VersionDetails::fillIn(version, *it);
                } else {
                    unknown.append(i);
                }
            }
            QList<TableVersion> toRead;
            for (const qsizetype i : std::as_const(unknown)) {
                toRead.append(response.versions.at(i));
            }
            VersionDetails::annotateAll(toRead, &*onStore);
            for (qsizetype n = 0; n < unknown.size(); ++n) {
                response.versions[unknown.at(n)] = toRead.at(n);
                if (auto facts = VersionDetails::remembered(toRead.at(n))) {
                    learned.append({toRead.at(n), std::move(*facts)});
                }
            }
            return response;
        });
    if (listed && !learned.isEmpty()) {
        keepFacts(request.id, branch, learned);
    }
    return listed;
}

void VersionOperations::keepFacts(const Identifier &id, const QString &branch,
                                  const QList<std::pair<TableVersion, StringMap>> &versions)
{
    // A listing, not a write: when the facts cannot be kept (a read-only database, a lost
    // race), the next listing reads them again.
    const auto kept = CatalogTransaction::run<bool>(
        m_database, Mode::Write, [&](CatalogTransaction &) -> Result<bool> {
            VersionStore store(m_database);
            for (const auto &[version, facts] : versions) {
                if (auto set = store.setFacts(id, branch, version, facts); !set) {
                    return set.error();
                }
            }
            return true;
        });
    if (!kept) {
        qCInfo(lcEngine).noquote() << kept.error().details();
    }
}

Result<DescribeTableVersionResponse>
VersionOperations::describe(const DescribeTableVersionRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    return CatalogTransaction::run<DescribeTableVersionResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<DescribeTableVersionResponse> {
            auto table = TableStore(m_database).require(request.id);
            if (!table) {
                return table.error();
            }
            const auto onStore = m_locations.stores().find(table->location);
            const TableStores::Table *store = onStore ? &*onStore : nullptr;
            VersionStore versions(m_database);
            const QString branch = CatalogNames::branch(request.branch);
            auto found = versions.requireOrLatest(request.id, branch, request.version);
            if (!found) {
                return found.error();
            }
            DescribeTableVersionResponse response;
            response.version = std::move(*found);
            VersionDetails::annotate(response.version, store);
            return response;
        });
}

Result<CreateTableVersionResponse>
VersionOperations::create(CatalogTransaction &transaction, const CreateTableVersionRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    if (request.version < 0) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("The version %1 is negative.").arg(request.version));
    }
    auto location = TableStore(m_database).requireLocation(request.id);
    if (!location) {
        return location.error();
    }
    // Moves a crash (or a failed move) left for this table first, so that its `_versions/`
    // is as the records say before any name in it is judged.
    if (const auto problem = transaction.settlePendingMoves(CatalogNames::key(request.id));
        !problem.hasValue()) {
        return problem.error();
    }
    std::optional<StringMap> facts;
    auto record = place(transaction, *location, request, facts);
    if (!record) {
        return record.error();
    }
    record->metadata = request.metadata;
    // The insert (under the write lock) is what guarantees one record per version.
    VersionStore versions(m_database);
    const QString branch = CatalogNames::branch(request.branch);
    auto added = versions.insert(request.id, branch, *record);
    if (!added) {
        return added.error();
    }
    if (!*added) {
        return versionExists(request.id, request.version);
    }
    if (facts) {
        // Read already: no listing, in this process or after a restart, reads it again.
        if (auto kept = versions.setFacts(request.id, branch, *record, *facts); !kept) {
            return kept.error();
        }
        VersionDetails::remember(*record, *facts);
    }
    CreateTableVersionResponse response;
    response.version = std::move(*record);
    if (!m_locations.localPath(*location) && !isOnStore(m_locations, *location)) {
        // Said, so that a client does not take the record for a checked one.
        response.context.insert(
            CreateTableVersionResponse::UncheckedManifestKey,
            tr("The manifest was recorded as given, unread: the table's location %1 is not a "
               "folder this catalog can read.")
                .arg(format::LocalPaths::readable(*location)));
    }
    return response;
}

Result<TableVersion> VersionOperations::place(CatalogTransaction &transaction,
                                              const QString &tableLocation,
                                              const CreateTableVersionRequest &request,
                                              std::optional<StringMap> &storeFacts)
{
    // Asked before any file or object is looked at, so that a lost race is reported as such
    // and not as a manifest that is missing, elsewhere or in the way.
    auto existing = VersionStore(m_database)
                        .find(request.id, CatalogNames::branch(request.branch), request.version);
    if (!existing) {
        return existing.error();
    }
    if (*existing) {
        return versionExists(request.id, request.version);
    }
    const std::optional<QString> folder = m_locations.localPath(tableLocation);
    if (!folder) {
        if (const auto onStore = m_locations.stores().locate(tableLocation); !onStore) {
            return onStore.error();
        } else if (*onStore) {
            return placeOnStore(transaction, **onStore, request, storeFacts);
        }
        // A store this catalog cannot read: nothing to check against (create() says so).
        TableVersion given;
        given.version = request.version;
        given.manifestPath = request.manifestPath;
        given.manifestSize = request.manifestSize;
        given.eTag = request.eTag;
        given.timestampMillis = QDateTime::currentMSecsSinceEpoch();
        return given;
    }
    // Lance opens a version only from its branch's `_versions/`: a record of a manifest
    // anywhere else is a version no reader can open.
    const QString branch = CatalogNames::branch(request.branch);
    const QString home
        = branch.isEmpty() ? *folder : format::BranchRefs::branchFolder(*folder, branch);
    const QString versionsFolder
        = format::LocalPaths::resolved(home + u'/' + format::ManifestFiles::VersionsFolder);
    const std::optional<QString> manifest = format::LocalPaths::manifestFile(request.manifestPath);
    const QString path = manifest ? format::LocalPaths::resolved(*manifest) : QString();
    if (path.isEmpty() || QFileInfo(path).absolutePath() != versionsFolder) {
        return ApiError::catalog(
            ErrorCode::InvalidInput,
            tr("The manifest %1 lies outside %2, the folder of %3's versions: Lance reads a "
               "version only from there.")
                .arg(format::LocalPaths::readable(request.manifestPath), versionsFolder,
                     branch.isEmpty() ? tr("table %1").arg(CatalogNames::display(request.id))
                                      : tr("branch %1 of table %2")
                                            .arg(branch, CatalogNames::display(request.id))));
    }
    // An earlier operation of this transaction takes the file away at commit.
    const std::optional<format::ManifestFiles::Facts> facts
        = transaction.isMoveSource(path) ? std::nullopt : format::ManifestFiles::stat(path);
    if (!facts) {
        return missingManifest(request.manifestPath);
    }
    // Read whole: a version is recorded only for a manifest that holds it.
    const auto checked = format::ManifestCheck::check(path);
    if (!checked) {
        return ApiError::catalog(ErrorCode::InvalidInput, checked.error().userMessage());
    }
    if (checked->version != request.version) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("The manifest %1 is of version %2, not %3.")
                                     .arg(request.manifestPath, QString::number(checked->version),
                                          QString::number(request.version)));
    }
    if (format::ManifestFiles::parseName(QFileInfo(path).fileName())) {
        return format::ManifestFiles::record(request.version, path, *facts); // already in place
    }
    // Staged (`<final name>-<uuid>`): recorded at its final name beside it, where it moves
    // after the commit.
    const QString target
        = versionsFolder + u'/'
          + format::ManifestFiles::finalName(
              request.version, request.namingScheme.value_or(ManifestNamingScheme::V2));
    if (QFileInfo::exists(target)) {
        // The version has no record (checked above), and a commit through this catalog
        // records before it moves: the record was deleted, the file was written past the
        // catalog, or an older build moved it and died before its commit. The answer names
        // the file, so that a steward can judge it and remove it.
        return ApiError::catalog(
            ErrorCode::ConcurrentModification,
            tr("The manifest %1 exists already, but the catalog has no record of version %2 "
               "of table %3: its record was deleted, or the file was written past the "
               "catalog or left by an interrupted commit. If it is such a leftover, remove it "
               "and try again.")
                .arg(target, QString::number(request.version), CatalogNames::display(request.id)));
    }
    auto promised = transaction.moveAfterCommit(CatalogNames::key(request.id), path, target);
    if (!promised) {
        return promised.error();
    }
    if (!*promised) {
        return ApiError::catalog(
            ErrorCode::ConcurrentModification,
            tr("Another commit moves a manifest to %1 already (version %2 of table %3).")
                .arg(target, QString::number(request.version), CatalogNames::display(request.id)));
    }
    return format::ManifestFiles::record(request.version, target, *facts, path);
}

Result<TableVersion> VersionOperations::placeOnStore(CatalogTransaction &transaction,
                                                     const TableStores::Table &table,
                                                     const CreateTableVersionRequest &request,
                                                     std::optional<StringMap> &facts)
{
    const QString branch = CatalogNames::branch(request.branch);
    const storage::StorageUri home
        = branch.isEmpty() ? table.uri : table.uri.child(u"tree/"_s + branch);
    const QString versionsPrefix
        = home.keyAsPrefix() + format::ManifestFiles::VersionsFolder + u'/';
    const std::optional<QString> key = TableStores::keyOf(table, request.manifestPath);
    if (!key || !key->startsWith(versionsPrefix)
        || key->mid(versionsPrefix.size()).contains(u'/')) {
        return ApiError::catalog(
            ErrorCode::InvalidInput,
            tr("The manifest %1 lies outside %2, the folder of %3's versions: Lance reads a "
               "version only from there.")
                .arg(request.manifestPath, table.store->uriOf(versionsPrefix).toString(),
                     branch.isEmpty() ? tr("table %1").arg(CatalogNames::display(request.id))
                                      : tr("branch %1 of table %2")
                                            .arg(branch, CatalogNames::display(request.id))));
    }
    const storage::CallControl control;
    const QString uri = table.store->uriOf(*key).toString();
    auto staged = table.store->read(*key, control);
    if (!staged) {
        if (staged.error().kind() == storage::StorageError::Kind::NotFound) {
            return missingManifest(uri);
        }
        return TableStores::refusal(staged.error());
    }
    const auto checked = format::ManifestCheck::checkBytes(staged->bytes, uri);
    if (!checked) {
        return ApiError::catalog(ErrorCode::InvalidInput, checked.error().userMessage());
    }
    if (checked->version != request.version) {
        return ApiError::catalog(
            ErrorCode::InvalidInput,
            tr("The manifest %1 is of version %2, not %3.")
                .arg(uri, QString::number(checked->version), QString::number(request.version)));
    }
    // What a listing shows of it, from the bytes in hand (and its transaction, when the
    // manifest does not hold it): one decode now instead of a request per listing.
    if (const auto decoded = VersionDetails::decodeOnStore(staged->bytes, *key, table);
        decoded && !decoded->transactionUnread) {
        facts = VersionDetails::summary(*decoded);
    }
    TableVersion record;
    record.version = request.version;
    record.manifestSize = staged->bytes.size();
    record.timestampMillis = checked->timestamp ? checked->timestamp->toMSecsSinceEpoch()
                                                : staged->meta.lastModified.toMSecsSinceEpoch();
    if (format::ManifestFiles::parseName(key->section(u'/', -1))) {
        record.manifestPath = *key; // already final: object_store's path, bucket-relative
        record.eTag = staged->meta.eTag;
        return record;
    }
    const QString finalKey
        = versionsPrefix
          + format::ManifestFiles::finalName(
              request.version, request.namingScheme.value_or(ManifestNamingScheme::V2));
    auto created = table.store->createIfAbsent(finalKey, staged->bytes, control);
    if (!created && created.error().kind() == storage::StorageError::Kind::AlreadyExists) {
        // These very bytes under the final name: an earlier attempt created it and was cut
        // short before its record. Anything else is another writer's version.
        auto there = table.store->read(finalKey, control);
        if (!there || there->bytes != staged->bytes) {
            return ApiError::catalog(
                ErrorCode::ConcurrentModification,
                tr("The manifest %1 exists already, but the catalog has no record of version "
                   "%2 of table %3: another writer created it past the catalog.")
                    .arg(table.store->uriOf(finalKey).toString(), QString::number(request.version),
                         CatalogNames::display(request.id)));
        }
        created = there->meta;
    }
    if (!created) {
        return TableStores::refusal(created.error());
    }
    record.manifestPath = finalKey;
    record.eTag = created->eTag;
    // The staging object goes once the record is committed; a crash first leaves it behind,
    // unread, as Lance's own namespaces may.
    transaction.afterCommit([store = table.store, stagedKey = *key] {
        if (auto removed = store->remove(stagedKey, storage::CallControl()); !removed) {
            qCWarning(lcEngine).noquote()
                << "the staging manifest could not be removed:" << removed.error().message();
        }
    });
    return record;
}

Result<BatchDeleteTableVersionsResponse>
VersionOperations::remove(CatalogTransaction &, const BatchDeleteTableVersionsRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    if (auto table = TableStore(m_database).require(request.id); !table) {
        return table.error();
    }
    VersionStore versions(m_database);
    const QString branch = CatalogNames::branch(request.branch);
    qint64 deleted = 0;
    for (const VersionRange &range : request.ranges) {
        auto removed = versions.remove(request.id, branch, range);
        if (!removed) {
            return removed.error();
        }
        deleted += *removed;
    }
    BatchDeleteTableVersionsResponse response;
    response.deletedCount = deleted;
    return response;
}

} // namespace lance::engine
