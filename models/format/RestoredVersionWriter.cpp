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

api::Result<RestoredVersionWriter::Built> RestoredVersionWriter::build(const QString &sourceFile,
                                                                       const QString &latestFile)
{
    const auto sourceBytes = ManifestReader::readBytes(sourceFile);
    if (!sourceBytes) {
        return sourceBytes.error();
    }
    const auto latestBytes = ManifestReader::readBytes(latestFile);
    if (!latestBytes) {
        return latestBytes.error();
    }
    return buildFromBytes(*sourceBytes, QFileInfo(sourceFile).absoluteFilePath(),
                          QDir::toNativeSeparators(sourceFile), *latestBytes,
                          QDir::toNativeSeparators(latestFile));
}

api::Result<RestoredVersionWriter::Built>
RestoredVersionWriter::buildFromBytes(const QByteArray &source, const QString &sourcePath,
                                      const QString &sourceLabel, const QByteArray &latest,
                                      const QString &latestLabel)
{
    const QString versions = sourcePath.section(u'/', 0, -2);
    const std::optional<ManifestFiles::Name> name
        = ManifestFiles::parseName(sourcePath.section(u'/', -1));
    if (!name || versions.section(u'/', -1) != ManifestFiles::VersionsFolder) {
        return ApiError::invalidInput(
            tr("%1 is not a version's manifest in a Lance table's %2 folder, so it cannot be "
               "restored from here.")
                .arg(sourceLabel, ManifestFiles::VersionsFolder));
    }
    const QString uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const auto restored
        = ManifestRestorer::restore(source, sourceLabel, latest, latestLabel, uuid,
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
    // `_transactions/` is beside `_versions/`, in the table's folder or its branch's.
    const QString home = versions.chopped(ManifestFiles::VersionsFolder.size());
    staged.transactionFile = home + TransactionsFolder + u'/' + restored->transactionFileName;
    staged.manifestFile
        = versions + u'/' + ManifestFiles::finalName(staged.version, staged.scheme) + u'-' + uuid;
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

} // namespace lance::format
