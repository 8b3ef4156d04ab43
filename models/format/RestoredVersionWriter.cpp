// SPDX-License-Identifier: Apache-2.0
#include "format/RestoredVersionWriter.h"

#include "api/FileSync.h"
#include "format/ManifestFiles.h"
#include "format/ManifestReader.h"
#include "format/ManifestRestorer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUuid>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

const QString TransactionsFolder = u"_transactions"_s;

} // namespace

api::Result<RestoredVersionWriter::Staged> RestoredVersionWriter::stage(const QString &sourceFile,
                                                                        const QString &latestFile)
{
    const api::Result<Built> built = build(sourceFile, latestFile);
    if (!built) {
        return built.error();
    }
    if (api::Result<void> written = write(*built); !written) {
        return written.error();
    }
    return built->staged;
}

api::Result<RestoredVersionWriter::Built> RestoredVersionWriter::build(const QString &sourceFile,
                                                                       const QString &latestFile)
{
    const QFileInfo source(sourceFile);
    const std::optional<ManifestFiles::Name> name = ManifestFiles::parseName(source.fileName());
    if (!name || source.absoluteDir().dirName() != ManifestFiles::VersionsFolder) {
        return ApiError::invalidInput(
            tr("%1 is not a version's manifest in a Lance table's %2 folder, so it cannot be "
               "restored from here.")
                .arg(QDir::toNativeSeparators(sourceFile), ManifestFiles::VersionsFolder));
    }
    const auto sourceBytes = ManifestReader::readBytes(sourceFile);
    if (!sourceBytes) {
        return sourceBytes.error();
    }
    const auto latestBytes = ManifestReader::readBytes(latestFile);
    if (!latestBytes) {
        return latestBytes.error();
    }
    const QString uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const auto restored
        = ManifestRestorer::restore(*sourceBytes, QDir::toNativeSeparators(sourceFile),
                                    *latestBytes, QDir::toNativeSeparators(latestFile), uuid,
                                    std::chrono::system_clock::now().time_since_epoch());
    if (!restored) {
        return restored.error();
    }

    Built built;
    Staged &staged = built.staged;
    staged.restoredVersion = restored->restoredVersion;
    staged.version = restored->version;
    staged.scheme = name->scheme;
    staged.transactionId = uuid;
    const QDir versions = source.absoluteDir();
    QDir dataset = versions;
    dataset.cdUp();
    staged.transactionFile
        = dataset.filePath(TransactionsFolder) + u'/' + restored->transactionFileName;
    staged.manifestFile
        = versions.filePath(ManifestFiles::finalName(staged.version, staged.scheme) + u'-' + uuid);
    staged.manifestSize = restored->manifest.size();
    built.manifest = restored->manifest;
    built.transaction = restored->transaction;
    return built;
}

api::Result<void> RestoredVersionWriter::write(const Built &built)
{
    const Staged &staged = built.staged;
    const QFileInfo transaction(staged.transactionFile);
    if (!QDir().mkpath(transaction.absolutePath())) {
        return ApiError::invalidInput(
            tr("The folder %1 cannot be created.")
                .arg(QDir::toNativeSeparators(transaction.absolutePath())));
    }
    // The transaction first: a manifest never names a file that is not there.
    if (auto written = api::FileSync::write(staged.transactionFile, built.transaction); !written) {
        return written.error();
    }
    if (auto written = api::FileSync::write(staged.manifestFile, built.manifest); !written) {
        QFile::remove(staged.transactionFile);
        return written.error();
    }
    return {};
}

void RestoredVersionWriter::discard(const Staged &staged)
{
    QFile::remove(staged.manifestFile);
    QFile::remove(staged.transactionFile);
}

} // namespace lance::format
