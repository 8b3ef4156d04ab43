// SPDX-License-Identifier: Apache-2.0
#include "engine/RestoreOperations.h"

#include "api/BatchMessages.h"
#include "api/RecordKinds.h"
#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/CommitOperations.h"
#include "engine/EngineLogging.h"
#include "engine/TableStore.h"
#include "engine/VersionStore.h"
#include "format/LocalPaths.h"
#include "format/RestoredVersionWriter.h"

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

Result<RestoreOperations::Sources> RestoreOperations::sources(const RestoreTableRequest &request)
{
    return CatalogTransaction::run<Sources>(
        m_database, CatalogTransaction::Mode::Read, [&](CatalogTransaction &) -> Result<Sources> {
            if (auto table = TableStore(m_database).require(request.id); !table) {
                return table.error();
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
            const std::optional<QString> restoredFile
                = format::LocalPaths::manifestFile(restored->manifestPath);
            const std::optional<QString> latestFile
                = format::LocalPaths::manifestFile((*latest)->manifestPath);
            if (!restoredFile || !latestFile) {
                return ApiError::catalog(
                    ErrorCode::Unsupported,
                    tr("Table %1 keeps its manifests at %2, which this catalog cannot write to: "
                       "only tables on its own disk can be restored here.")
                        .arg(CatalogNames::display(request.id),
                             format::LocalPaths::readable(restored->manifestPath)));
            }
            return Sources{*restoredFile, *latestFile};
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
        const auto staged = format::RestoredVersionWriter::stage(files->restored, files->latest);
        if (!staged) {
            return ApiError::catalog(ErrorCode::InvalidTableState,
                                     tr("Version %1 of table %2 cannot be restored. %3")
                                         .arg(QString::number(request.version),
                                              CatalogNames::display(request.id),
                                              staged.error().userMessage()));
        }
        CreateTableVersionRequest create;
        create.id = request.id;
        create.version = staged->version;
        create.manifestPath = format::LocalPaths::objectStorePath(staged->manifestFile);
        create.manifestSize = staged->manifestSize;
        create.namingScheme = staged->scheme;
        create.branch = request.branch;
        create.metadata.insert(QString::fromLatin1(RestoredFromMetadataKey),
                               QString::number(staged->restoredVersion));
        const auto committed = m_commits.commitOne(
            create, {api::RecordKinds::text(api::RecordKinds::Restore), staged->transactionId});
        if (committed) {
            RestoreTableResponse response;
            response.transactionId = staged->transactionId;
            return response;
        }
        format::RestoredVersionWriter::discard(*staged);
        if (committed.error().serverCode() != int(ErrorCode::ConcurrentModification)
            || attempt == MaxAttempts) {
            return committed.error();
        }
        qCInfo(lcEngine).noquote()
            << tr("Restoring version %1 of table %2: version %3 was "
                  "committed meanwhile; restoring on top of it.")
                   .arg(QString::number(request.version), CatalogNames::display(request.id),
                        QString::number(staged->version));
    }
}

} // namespace lance::engine
