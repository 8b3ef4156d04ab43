// SPDX-License-Identifier: Apache-2.0
#include "details/VersionRestorer.h"

#include "connection/ConnectionProfile.h"
#include "drop/PathMappingStore.h"
#include "format/LocalPaths.h"
#include "format/RestoredVersionWriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMetaObject>
#include <QPointer>
#include <QThreadPool>

namespace lance::details {

VersionRestorer VersionRestorer::forProfile(const connection::ConnectionProfile &profile,
                                            QSettings &settings)
{
    const ManifestAccess access = ManifestAccess::forProfile(profile, settings);
    RestoreSpool spool = RestoreSpool::forProfile(profile);
    if (profile.kind == connection::ConnectionProfile::Kind::Local) {
        return {access, drop::PathMapper::local(), std::move(spool)};
    }
    // A server on this machine names this machine's files: no mapping is needed for them.
    const drop::PathMapping mapping = drop::PathMappingStore(settings).mapping(profile.name);
    return {access,
            profile.isOnThisMachine() ? drop::PathMapper::sameMachine(mapping)
                                      : drop::PathMapper::remote(mapping),
            std::move(spool)};
}

api::Result<api::CreateTableVersionRequest>
VersionRestorer::stage(const api::Identifier &table, const api::TableVersion &restored,
                       const api::TableVersion &latest) const
{
    const auto unreachable = [](const api::TableVersion &version) {
        return api::ApiError::invalidInput(
            tr("The manifest of version %1 is at %2, which this machine cannot reach: a restore "
               "writes the new manifest beside it. If that storage is mounted here, map it in "
               "the connection's path mapping.")
                .arg(version.version)
                .arg(format::LocalPaths::readable(version.manifestPath)));
    };
    if (const std::optional<QString> uri = m_access.storeUriOf(restored.manifestPath)) {
        return stageOnStore(table, restored, latest, *uri);
    }
    const std::optional<QString> restoredFile = m_access.localFile(restored.manifestPath);
    if (!restoredFile) {
        return unreachable(restored);
    }
    const std::optional<QString> latestFile = m_access.localFile(latest.manifestPath);
    if (!latestFile) {
        return unreachable(latest);
    }
    const auto built = format::RestoredVersionWriter::build(*restoredFile, *latestFile);
    if (!built) {
        return built.error();
    }
    const format::RestoredVersionWriter::Staged *staged = &built->staged;
    if (auto disagreement = checkLatest(*staged, latest)) {
        return *disagreement;
    }
    const std::optional<QString> manifestPath = m_mapper.manifestPath(staged->manifestFile);
    if (!manifestPath) {
        return api::ApiError::invalidInput(
            tr("The restored manifest %1 has no name on the catalog's server: map the folder "
               "in the connection's path mapping.")
                .arg(staged->manifestFile));
    }
    // The commit writes the files into the table: a folder this machine cannot write to is
    // said now, not when the batch is sent.
    const QFileInfo versions(QFileInfo(staged->manifestFile).absolutePath());
    if (!versions.isDir() || !versions.isWritable()) {
        return api::ApiError::invalidInput(
            tr("The restored manifest would be written into %1 when the batch is committed, "
               "but this machine cannot write there.")
                .arg(QDir::toNativeSeparators(versions.filePath())));
    }
    if (api::Result<void> kept = m_spool.keep(*built); !kept) {
        return kept.error();
    }
    return requestFor(table, *staged, *manifestPath);
}

std::optional<api::ApiError>
VersionRestorer::checkLatest(const format::RestoredVersionWriter::Staged &staged,
                             const api::TableVersion &latest)
{
    if (staged.version == latest.version + 1) {
        return std::nullopt;
    }
    return api::ApiError::invalidInput(
        tr("The manifest of the latest version %1 says it is version %2; the table's "
           "files and its catalog disagree, so nothing was restored.")
            .arg(latest.version)
            .arg(staged.version - 1));
}

api::CreateTableVersionRequest
VersionRestorer::requestFor(const api::Identifier &table,
                            const format::RestoredVersionWriter::Staged &staged,
                            const QString &manifestPath)
{
    api::CreateTableVersionRequest request;
    request.id = table;
    request.version = staged.version;
    request.manifestPath = manifestPath;
    request.manifestSize = staged.manifestSize;
    request.namingScheme = staged.scheme;
    request.metadata.insert(QString::fromLatin1(api::RestoredFromMetadataKey),
                            QString::number(staged.restoredVersion));
    return request;
}

api::Result<api::CreateTableVersionRequest>
VersionRestorer::stageOnStore(const api::Identifier &table, const api::TableVersion &restored,
                              const api::TableVersion &latest, const QString &restoredUri) const
{
    // Read on the store (the latest may be a staged restore kept here), built as the server's
    // own RestoreTable builds it, and named by URIs beside N's: the commit writes the files
    // there (RestoreSpool::placeOnStore()), and the catalog moves the manifest into place.
    const api::Result<QByteArray> source = m_access.readBytes(restored.manifestPath);
    if (!source) {
        return source.error();
    }
    const api::Result<QByteArray> newest = m_access.readBytes(latest.manifestPath);
    if (!newest) {
        return newest.error();
    }
    const auto built = format::RestoredVersionWriter::buildFromBytes(
        *source, restoredUri, restoredUri, *newest, m_access.readablePath(latest.manifestPath));
    if (!built) {
        return built.error();
    }
    if (auto disagreement = checkLatest(built->staged, latest)) {
        return *disagreement;
    }
    if (api::Result<void> kept = m_spool.keep(*built); !kept) {
        return kept.error();
    }
    return requestFor(table, built->staged, built->staged.manifestFile);
}

void VersionRestorer::start(api::Identifier table, api::TableVersion restored,
                            api::TableVersion latest, QObject *context, Done done) const
{
    QThreadPool::globalInstance()->start(
        [restorer = *this, table = std::move(table), restored = std::move(restored),
         latest = std::move(latest), context = QPointer<QObject>(context),
         done = std::move(done)]() mutable {
            auto result = restorer.stage(table, restored, latest);
            // Through the application object, as VersionFactsReader: `context` is looked at only
            // on the GUI thread, where it cannot be destroyed meanwhile.
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [context, done = std::move(done), result = std::move(result)]() mutable {
                    if (context) {
                        done(std::move(result));
                    }
                },
                Qt::QueuedConnection);
        });
}

} // namespace lance::details
