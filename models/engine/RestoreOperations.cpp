// SPDX-License-Identifier: Apache-2.0
#include "engine/RestoreOperations.h"

#include "api/BatchMessages.h"
#include "api/RecordKinds.h"
#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/CommitOperations.h"
#include "engine/EngineLogging.h"
#include "engine/TableStore.h"
#include "engine/TableStores.h"
#include "engine/VersionStore.h"
#include "format/LocalPaths.h"
#include "format/ManifestFiles.h"
#include "format/RestoredVersionWriter.h"

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::storage::CallControl;

namespace lance::engine {

Result<RestoreOperations::Sources> RestoreOperations::sources(const RestoreTableRequest &request)
{
    return CatalogTransaction::run<Sources>(
        m_database, CatalogTransaction::Mode::Read, [&](CatalogTransaction &) -> Result<Sources> {
            auto location = TableStore(m_database).requireLocation(request.id);
            if (!location) {
                return location.error();
            }
            VersionStore versions(m_database);
            const QString branch = CatalogNames::branch(request.branch);
            auto restored = versions.require(request.id, branch, request.version);
            if (!restored) {
                return restored.error();
            }
            auto latest = versions.latest(request.id, branch);
            if (!latest) {
                return latest.error();
            }
            Q_ASSERT(latest->has_value()); // N is there, so there is a latest
            auto table = TableFolder::of(m_locations, *location);
            if (!table) {
                return table.error();
            }
            const std::optional<QString> restoredKey = table->keyOf(restored->manifestPath);
            const std::optional<QString> latestKey = table->keyOf((*latest)->manifestPath);
            if (!restoredKey || !latestKey) {
                return ApiError::catalog(
                    ErrorCode::Unsupported,
                    tr("Table %1 keeps its manifests at %2, outside its own store, where this "
                       "catalog cannot write: it can be restored only where it keeps them.")
                        .arg(CatalogNames::display(request.id),
                             format::LocalPaths::readable(restored->manifestPath)));
            }
            return Sources{*table, *restoredKey, *latestKey};
        });
}

Result<RestoreTableResponse> RestoreOperations::restore(const RestoreTableRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    for (int attempt = 1;; ++attempt) {
        const auto files = sources(request);
        if (!files) {
            return files.error();
        }
        storage::ObjectStore &store = files->table.store();
        const CallControl control;
        const auto restored = store.read(files->restored, control);
        if (!restored) {
            return TableStores::refusal(restored.error());
        }
        const auto latest = store.read(files->latest, control);
        if (!latest) {
            return TableStores::refusal(latest.error());
        }
        const auto built = format::RestoredVersionWriter::buildFromBytes(
            restored->bytes, files->restored, files->table.readable(files->restored), latest->bytes,
            files->table.readable(files->latest));
        if (!built) {
            return ApiError::catalog(ErrorCode::InvalidTableState,
                                     tr("Version %1 of table %2 cannot be restored. %3")
                                         .arg(QString::number(request.version),
                                              CatalogNames::display(request.id),
                                              built.error().userMessage()));
        }
        const format::RestoredVersionWriter::Staged &staged = built->staged;
        const auto remove = [&](const QString &key) {
            if (auto removed = store.remove(key, control); !removed) {
                qCWarning(lcEngine).noquote() << removed.error().message();
            }
        };
        const auto discard = [&] {
            remove(staged.manifestFile);
            // On a store the final manifest is created before the record: when it holds these
            // bytes, the commit may have been applied with its answer lost, and the final
            // manifest names this transaction, which then stays.
            const QString finalKey
                = staged.manifestFile.section(u'/', 0, -2) + u'/'
                  + format::ManifestFiles::finalName(staged.version, staged.scheme);
            // Removed only when the final name is free or another's; unknown keeps it.
            const auto there = store.read(finalKey, control);
            const bool free
                = !there && there.error().kind() == storage::StorageError::Kind::NotFound;
            if (!free && !(there && there->bytes != built->manifest)) {
                qCWarning(lcEngine).noquote()
                    << tr("Restoring version %1 of table %2: %3 may hold this restore; it stays, "
                          "with its transaction.")
                           .arg(QString::number(request.version), CatalogNames::display(request.id),
                                files->table.readable(finalKey));
                return;
            }
            remove(staged.transactionFile);
        };
        // The transaction first: a manifest never names a file that is not there. Both names
        // hold this restore's own uuid.
        if (auto written
            = store.createOrConfirm(staged.transactionFile, built->transaction, control);
            !written) {
            return TableStores::refusal(written.error());
        }
        if (auto written = store.createOrConfirm(staged.manifestFile, built->manifest, control);
            !written) {
            remove(staged.manifestFile);
            remove(staged.transactionFile);
            return TableStores::refusal(written.error());
        }
        CreateTableVersionRequest create;
        create.id = request.id;
        create.version = staged.version;
        create.manifestPath = files->table.recordedPath(staged.manifestFile);
        create.manifestSize = staged.manifestSize;
        create.namingScheme = staged.scheme;
        create.branch = request.branch;
        create.metadata.insert(QString::fromLatin1(RestoredFromMetadataKey),
                               QString::number(staged.restoredVersion));
        const auto committed = m_commits.commitOne(
            create, {api::RecordKinds::text(api::RecordKinds::Restore), staged.transactionId, {}});
        if (committed) {
            RestoreTableResponse response;
            response.transactionId = staged.transactionId;
            return response;
        }
        discard();
        if (committed.error().serverCode() != int(ErrorCode::ConcurrentModification)
            || attempt == MaxAttempts) {
            return committed.error();
        }
        qCInfo(lcEngine).noquote()
            << tr("Restoring version %1 of table %2: version %3 was "
                  "committed meanwhile; restoring on top of it.")
                   .arg(QString::number(request.version), CatalogNames::display(request.id),
                        QString::number(staged.version));
    }
}

} // namespace lance::engine
