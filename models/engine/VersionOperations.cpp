// SPDX-License-Identifier: Apache-2.0
#include "engine/VersionOperations.h"

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
#include "format/ManifestFiles.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

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
    const std::optional<QString> local = m_locations.localPath(**location);
    if (!local) {
        return {};
    }
    // Only a branch Lance recorded: the name never reaches the file system otherwise.
    const auto refs = format::BranchRefs::read(*local);
    if (!refs || !refs->contains(branch)) {
        return {};
    }
    const QList<TableVersion> found
        = format::ManifestFiles::versionsIn(format::BranchRefs::branchFolder(*local, branch));
    if (found.isEmpty()) {
        return {};
    }
    const auto recorded = CatalogTransaction::run<bool>(
        m_database, Mode::Write, [&](CatalogTransaction &) -> Result<bool> {
            auto added = VersionStore(m_database).insertBranches(id, {{branch, found}});
            if (!added.hasValue()) {
                return added.error();
            }
            return true;
        });
    return Result<void>(recorded);
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
    return CatalogTransaction::run<ListTableVersionsResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<ListTableVersionsResponse> {
            if (auto table = TableStore(m_database).require(request.id); !table) {
                return table.error();
            }
            auto versions = VersionStore(m_database)
                                .list(request.id, CatalogNames::branch(request.branch), *after,
                                      page->fetch(), descending);
            if (!versions) {
                return versions.error();
            }
            ListTableVersionsResponse response;
            response.pageToken
                = PageToken::takePage(*versions, page->size, kind,
                                      [](const auto &v) { return QString::number(v.version); });
            response.versions = std::move(*versions);
            for (TableVersion &version : response.versions) {
                VersionDetails::annotate(version);
            }
            return response;
        });
}

Result<DescribeTableVersionResponse>
VersionOperations::describe(const DescribeTableVersionRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    return CatalogTransaction::run<DescribeTableVersionResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<DescribeTableVersionResponse> {
            if (auto table = TableStore(m_database).require(request.id); !table) {
                return table.error();
            }
            VersionStore versions(m_database);
            const QString branch = CatalogNames::branch(request.branch);
            DescribeTableVersionResponse response;
            if (request.version) {
                auto found = versions.require(request.id, branch, *request.version);
                if (!found) {
                    return found.error();
                }
                response.version = std::move(*found);
                VersionDetails::annotate(response.version);
                return response;
            }
            auto latest = versions.latest(request.id, branch);
            if (!latest) {
                return latest.error();
            }
            if (!*latest) {
                return ApiError::catalog(
                    ErrorCode::TableVersionNotFound,
                    tr("Table %1 has no versions yet.").arg(CatalogNames::display(request.id)));
            }
            response.version = std::move(**latest);
            VersionDetails::annotate(response.version);
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
    auto record = place(transaction, *location, request);
    if (!record) {
        return record.error();
    }
    record->metadata = request.metadata;
    // The insert (under the write lock) is what guarantees one record per version.
    auto added = VersionStore(m_database)
                     .insert(request.id, CatalogNames::branch(request.branch), *record);
    if (!added) {
        return added.error();
    }
    if (!*added) {
        return versionExists(request.id, request.version);
    }
    CreateTableVersionResponse response;
    response.version = std::move(*record);
    return response;
}

Result<TableVersion> VersionOperations::place(CatalogTransaction &transaction,
                                              const QString &tableLocation,
                                              const CreateTableVersionRequest &request)
{
    const std::optional<QString> folder = m_locations.localPath(tableLocation);
    const std::optional<QString> manifest = format::LocalPaths::manifestFile(request.manifestPath);
    if (!folder || !manifest || !format::LocalPaths::isInside(*manifest, *folder)) {
        TableVersion given;
        given.version = request.version;
        given.manifestPath = request.manifestPath;
        given.manifestSize = request.manifestSize;
        given.eTag = request.eTag;
        given.timestampMillis = QDateTime::currentMSecsSinceEpoch();
        return given;
    }
    // Asked before any file is looked at, so that a lost race is reported as such and not as
    // a manifest that is missing or in the way. Only here: where no file is placed, the insert
    // alone answers it.
    auto existing = VersionStore(m_database)
                        .find(request.id, CatalogNames::branch(request.branch), request.version);
    if (!existing) {
        return existing.error();
    }
    if (*existing) {
        return versionExists(request.id, request.version);
    }
    const QString path = format::LocalPaths::resolved(*manifest);
    // An earlier operation of this transaction takes the file away at commit.
    const std::optional<format::ManifestFiles::Facts> facts
        = transaction.isMoveSource(path) ? std::nullopt : format::ManifestFiles::stat(path);
    if (!facts) {
        return missingManifest(request.manifestPath);
    }
    const QFileInfo file(path);
    if (const auto name = format::ManifestFiles::parseName(file.fileName())) {
        if (name->version != request.version) {
            return ApiError::catalog(ErrorCode::InvalidInput,
                                     tr("The manifest %1 is named for version %2, not %3.")
                                         .arg(request.manifestPath, QString::number(name->version),
                                              QString::number(request.version)));
        }
        return format::ManifestFiles::record(request.version, path, *facts); // already in place
    }
    // Staged: usually `_versions/<final name>.manifest-<uuid>`; a branch stages in its own
    // `_versions/`, so the final name goes beside the staged file when that is a `_versions/`.
    const QString stagedIn = file.absolutePath();
    const QString versionsFolder
        = QFileInfo(stagedIn).fileName() == format::ManifestFiles::VersionsFolder
              ? stagedIn
              : format::LocalPaths::resolved(*folder) + u'/'
                    + format::ManifestFiles::VersionsFolder;
    const QString target
        = versionsFolder + u'/'
          + format::ManifestFiles::finalName(
              request.version, request.namingScheme.value_or(ManifestNamingScheme::V2));
    if (QFileInfo::exists(target)) {
        // The version has no record (create() checked), and a commit through this catalog
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
    // Made now, so that a folder that cannot be made fails the transaction, not the move after
    // the commit.
    if (!QDir().mkpath(versionsFolder)) {
        return ApiError::catalog(ErrorCode::Internal,
                                 tr("The folder %1 for the manifest %2 cannot be created.")
                                     .arg(versionsFolder, request.manifestPath));
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
