// SPDX-License-Identifier: Apache-2.0
#include "engine/BranchOperations.h"

#include "api/BatchMessages.h"
#include "api/RecordKinds.h"
#include "engine/BranchFiles.h"
#include "engine/CatalogLocations.h"
#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/CommitOperations.h"
#include "engine/EngineLogging.h"
#include "engine/PageToken.h"
#include "engine/TableStore.h"
#include "engine/TagStore.h"
#include "engine/VersionOperations.h"
#include "engine/VersionStore.h"
#include "format/BranchNames.h"
#include "format/LocalPaths.h"

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

ApiError BranchOperations::notFound(const Identifier &id, const QString &branch)
{
    return ApiError::catalog(
        ErrorCode::TableBranchNotFound,
        tr("Table %1 has no branch \"%2\".").arg(CatalogNames::display(id), branch));
}

Result<TableFolder> BranchOperations::tableFolder(const Identifier &id)
{
    auto location = CatalogTransaction::run<QString>(
        m_database, CatalogTransaction::Mode::Read,
        [&](CatalogTransaction &) { return TableStore(m_database).requireLocation(id); });
    if (!location) {
        return location.error();
    }
    return TableFolder::of(m_locations, *location);
}

Result<ListTableBranchesResponse> BranchOperations::list(const ListTableBranchesRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const auto page = PageToken::page(PageToken::Kind::Branches, request.limit, request.pageToken);
    if (!page) {
        return page.error();
    }
    const auto folder = tableFolder(request.id);
    if (!folder) {
        return folder.error();
    }
    const auto branches = BranchFiles::read(*folder);
    if (!branches) {
        return branches.error();
    }
    // Names sort as the map keeps them; a page starts after the last name of the one before.
    QStringList names;
    for (auto it = branches->upperBound(page->afterOrFirst());
         it != branches->cend() && names.size() < page->fetch(); ++it) {
        names << it.key();
    }
    ListTableBranchesResponse response;
    response.pageToken = PageToken::takePage(names, page->size, PageToken::Kind::Branches);
    for (const QString &name : std::as_const(names)) {
        response.branches.insert(name, branches->value(name));
    }
    return response;
}

Result<QString> BranchOperations::sourceManifest(const TableFolder &folder, const Identifier &id,
                                                 const QString &branch,
                                                 std::optional<qint64> version)
{
    return CatalogTransaction::run<QString>(
        m_database, CatalogTransaction::Mode::Read, [&](CatalogTransaction &) -> Result<QString> {
            VersionStore versions(m_database);
            TableVersion source;
            if (version) {
                auto found = versions.require(id, branch, *version);
                if (!found) {
                    return found.error();
                }
                source = *found;
            } else {
                auto latest = versions.latest(id, branch);
                if (!latest) {
                    return latest.error();
                }
                if (!*latest) {
                    return ApiError::catalog(
                        ErrorCode::TableVersionNotFound,
                        tr("Table %1 has no version on %2 to start a branch at.")
                            .arg(CatalogNames::display(id), branch.isEmpty() ? u"main"_s : branch));
                }
                source = **latest;
            }
            const std::optional<QString> key = folder.keyOf(source.manifestPath);
            if (!key) {
                return ApiError::catalog(
                    ErrorCode::Unsupported,
                    tr("Version %1 of table %2 is kept at %3, outside the table's store, where "
                       "this catalog cannot read it.")
                        .arg(QString::number(source.version), CatalogNames::display(id),
                             format::LocalPaths::readable(source.manifestPath)));
            }
            return *key;
        });
}

Result<CreateTableBranchResponse> BranchOperations::create(const CreateTableBranchRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    // Before the name is near a path: it becomes the folder tree/<name>.
    if (const auto problem = format::BranchNames::check(request.name); !problem.hasValue()) {
        return ApiError::catalog(ErrorCode::InvalidInput, problem.error().userMessage());
    }
    const auto folder = tableFolder(request.id);
    if (!folder) {
        return folder.error();
    }
    const QString from = CatalogNames::branch(request.fromBranch);
    std::optional<QString> sourceBranch;
    if (!from.isEmpty()) {
        const auto branches = BranchFiles::read(*folder);
        if (!branches) {
            return branches.error();
        }
        if (!branches->contains(from)) {
            return ApiError::catalog(ErrorCode::TableBranchNotFound,
                                     tr("Table %1 has no branch \"%2\" to start a branch from.")
                                         .arg(CatalogNames::display(request.id), from));
        }
        if (auto recorded = m_versions.recordBranchFound(request.id, from); !recorded.hasValue()) {
            return recorded.error();
        }
        sourceBranch = from;
    }
    const auto source = sourceManifest(*folder, request.id, from, request.fromVersion);
    if (!source) {
        return source.error();
    }
    const auto created = BranchFiles::create(*folder, request.name, sourceBranch, *source);
    if (!created) {
        return created.error();
    }
    CreateTableVersionRequest record;
    record.id = request.id;
    record.branch = request.name;
    record.version = created->version.version;
    record.manifestPath = created->version.manifestPath;
    record.manifestSize = created->version.manifestSize;
    record.namingScheme = ManifestNamingScheme::V2;
    const auto committed = m_commits.commitOne(
        record,
        {api::RecordKinds::text(api::RecordKinds::CreateTableBranch), created->transactionId, {}});
    if (!committed) {
        // The branch exists (its files say so); its version is recorded when it is next listed.
        qCWarning(lcEngine).noquote()
            << tr("Branch \"%1\" of table %2 was created, but its first version could not be "
                  "recorded yet: %3")
                   .arg(request.name, CatalogNames::display(request.id),
                        committed.error().details());
    }
    CreateTableBranchResponse response;
    response.transactionId = created->transactionId;
    return response;
}

Result<DeleteTableBranchResponse> BranchOperations::remove(const DeleteTableBranchRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    if (const auto problem = format::BranchNames::check(request.name); !problem.hasValue()) {
        // No branch this catalog could reach by a path has such a name.
        return notFound(request.id, request.name);
    }
    const auto folder = tableFolder(request.id);
    if (!folder) {
        return folder.error();
    }
    const auto branches = BranchFiles::read(*folder);
    if (!branches) {
        return branches.error();
    }
    if (!branches->contains(request.name)) {
        return notFound(request.id, request.name);
    }
    QStringList children;
    for (auto it = branches->cbegin(); it != branches->cend(); ++it) {
        if (it.value().parentBranch == request.name) {
            children << it.key();
        }
    }
    if (!children.isEmpty()) {
        return ApiError::catalog(
            ErrorCode::InvalidInput,
            tr("Branch \"%1\" of table %2 cannot be deleted: the branches %3 start from it and "
               "read its data. Delete them first.")
                .arg(request.name, CatalogNames::display(request.id), children.join(u", "_s)));
    }
    const auto tags = CatalogTransaction::run<QStringList>(
        m_database, CatalogTransaction::Mode::Read, [&](CatalogTransaction &) {
            return TagStore(m_database).onBranch(request.id, request.name);
        });
    if (!tags) {
        return tags.error();
    }
    // Lance's own tags too: LanceDB keeps those in the table's folder, not in this catalog.
    const auto lanceTags = BranchFiles::lanceTagsOn(*folder, request.name);
    if (!lanceTags) {
        return lanceTags.error();
    }
    QStringList pointing = *tags + *lanceTags;
    pointing.sort();
    pointing.removeDuplicates();
    if (!pointing.isEmpty()) {
        return ApiError::catalog(
            ErrorCode::InvalidInput,
            tr("Branch \"%1\" of table %2 cannot be deleted: the tags %3 point at its versions. "
               "Move or delete them first.")
                .arg(request.name, CatalogNames::display(request.id), pointing.join(u", "_s)));
    }
    if (auto removed = BranchFiles::remove(*folder, request.name, branches->keys());
        !removed.hasValue()) {
        return removed.error();
    }
    BatchDeleteTableVersionsRequest records;
    records.id = request.id;
    records.branch = request.name;
    records.ranges = {VersionRange{}};
    DeleteTableBranchResponse response;
    const auto committed = m_commits.commitOne(
        records, {api::RecordKinds::text(api::RecordKinds::DeleteTableBranch), {}, {}});
    if (committed) {
        response.transactionId
            = std::get<BatchDeleteTableVersionsResponse>(*committed).transactionId;
    } else {
        qCWarning(lcEngine).noquote()
            << tr("Branch \"%1\" of table %2 was deleted, but its version records stay: %3")
                   .arg(request.name, CatalogNames::display(request.id),
                        committed.error().details());
    }
    return response;
}

} // namespace lance::engine
