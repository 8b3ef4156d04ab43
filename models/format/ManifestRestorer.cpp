// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestRestorer.h"

#include "format/LanceFieldNumbers.h"
#include "format/ManifestAssembly.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestReader.h"
#include "format/ProtobufWriter.h"

#include <algorithm>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

using Assembly = ManifestAssembly;

} // namespace

api::Result<ManifestRestorer::Restored>
ManifestRestorer::restore(QByteArrayView source, const QString &sourceName, QByteArrayView latest,
                          const QString &latestName, const QString &uuid,
                          std::chrono::nanoseconds commitTime)
{
    const auto from = ManifestDecoder::decode(source, sourceName);
    if (!from) {
        return from.error();
    }
    const auto now = ManifestDecoder::decode(latest, latestName);
    if (!now) {
        return now.error();
    }
    if (from->writerLibrary.isEmpty() || from->writerVersion.isEmpty()) {
        return ApiError::invalidInput(
            tr("Version %1 cannot be restored: its manifest %2 does not say which Lance wrote it, "
               "and a manifest that old may hold counts Lance recomputes from the data files.")
                .arg(from->version)
                .arg(sourceName));
    }
    if (const quint64 unknown
        = (from->readerFeatureFlags | from->writerFeatureFlags) & ~Assembly::KnownFlags) {
        return ApiError::invalidInput(
            tr("Version %1 cannot be restored: its manifest %2 uses Lance features this build "
               "does not know (feature flags 0x%3).")
                .arg(from->version)
                .arg(sourceName, QString::number(unknown, 16)));
    }
    if (from->version > now->version) {
        return ApiError::invalidInput(
            tr("Version %1 cannot be restored: it is newer than the latest version %2.")
                .arg(from->version)
                .arg(now->version));
    }

    const auto message = ManifestReader::manifestMessage(source, sourceName);
    if (!message) {
        return message.error();
    }
    QList<Assembly::RawField> fields = Assembly::fieldsExcept(
        *message, {ManifestFields::Version, ManifestFields::IndexSection, ManifestFields::Timestamp,
                   ManifestFields::ReaderFlags, ManifestFields::WriterFlags,
                   ManifestFields::MaxFragmentId, ManifestFields::TransactionFile,
                   ManifestFields::NextRowId, ManifestFields::TransactionSection});

    Restored out;
    out.restoredVersion = qint64(from->version);
    out.version = qint64(now->version) + 1;
    out.transactionFileName = u"%1-%2.txn"_s.arg(now->version).arg(uuid);

    ProtobufWriter transaction;
    transaction.appendVarint(TransactionFields::ReadVersion, now->version);
    transaction.appendString(TransactionFields::Uuid, uuid);
    ProtobufWriter restoreOperation;
    restoreOperation.appendVarint(RestoreFields::Version, from->version);
    transaction.appendBytes(TransactionFields::Restore, restoreOperation.bytes());
    out.transaction = transaction.take();

    // [index list of N][transaction][manifest][footer], as Lance lays a manifest file out.
    QByteArray file;
    std::optional<quint64> indexSection;
    if (from->indexSection) {
        file.append(Assembly::section(source, *from->indexSection));
        indexSection = 0;
    }
    const auto transactionSection = quint64(file.size());
    Assembly::appendLengthPrefixed(file, out.transaction);

    // proto3: zero scalars are left out; the optional fields (6, 11, 21) are written when set.
    fields.append(Assembly::varintField(ManifestFields::Version, quint64(out.version)));
    if (indexSection) {
        fields.append(Assembly::varintField(ManifestFields::IndexSection, *indexSection));
    }
    fields.append(Assembly::timestampField(ManifestFields::Timestamp, commitTime));
    const Assembly::FeatureFlags flags = Assembly::featureFlags(*from);
    if (flags.reader) {
        fields.append(Assembly::varintField(ManifestFields::ReaderFlags, flags.reader));
    }
    if (flags.writer) {
        fields.append(Assembly::varintField(ManifestFields::WriterFlags, flags.writer));
    }
    if (from->maxFragmentId || now->maxFragmentId) {
        const quint32 highest
            = std::max(from->maxFragmentId.value_or(0), now->maxFragmentId.value_or(0));
        fields.append(Assembly::varintField(ManifestFields::MaxFragmentId, highest));
    }
    fields.append(
        Assembly::bytesField(ManifestFields::TransactionFile, out.transactionFileName.toUtf8()));
    if (const quint64 nextRowId = std::max(from->nextRowId, now->nextRowId)) {
        fields.append(Assembly::varintField(ManifestFields::NextRowId, nextRowId));
    }
    fields.append(Assembly::varintField(ManifestFields::TransactionSection, transactionSection));
    Assembly::appendManifest(file, Assembly::joined(std::move(fields)), source);
    out.manifest = std::move(file);
    return out;
}

} // namespace lance::format
