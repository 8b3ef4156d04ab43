// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestRestorer.h"

#include "format/ManifestDecoder.h"
#include "format/ManifestReader.h"
#include "format/ProtobufReader.h"
#include "format/ProtobufWriter.h"

#include <QtEndian>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

// Manifest fields (lance.table.Manifest) a restore writes anew; every other one is copied.
enum ManifestField : quint32 {
    VersionField = 3,
    IndexSectionField = 6,
    TimestampField = 7,
    ReaderFlagsField = 9,
    WriterFlagsField = 10,
    MaxFragmentIdField = 11,
    TransactionFileField = 12,
    NextRowIdField = 14,
    TransactionSectionField = 21,
};
constexpr std::array Rewritten{VersionField,         IndexSectionField, TimestampField,
                               ReaderFlagsField,     WriterFlagsField,  MaxFragmentIdField,
                               TransactionFileField, NextRowIdField,    TransactionSectionField};

// lance.table.Transaction
constexpr quint32 ReadVersionField = 1;
constexpr quint32 UuidField = 2;
constexpr quint32 RestoreOperationField = 106;
constexpr quint32 RestoreVersionField = 1;

// Feature flags, set on every commit from what the manifest holds (Lance's feature_flags.rs).
constexpr quint64 DeletionFilesFlag = 1;
constexpr quint64 StableRowIdsFlag = 2;
constexpr quint64 TableConfigFlag = 8;
constexpr quint64 BasePathsFlag = 16;

constexpr qsizetype LengthSize = 4;
constexpr qsizetype FooterVersionOffset = 8; // i16 major and i16 minor, before "LANC"

struct RawField
{
    quint32 number = 0;
    QByteArray bytes; // key and value, as written
};

void appendLengthPrefixed(QByteArray &out, const QByteArray &message)
{
    std::array<char, LengthSize> length{};
    qToLittleEndian(quint32(message.size()), length.data());
    out.append(length.data(), LengthSize);
    out.append(message);
}

QByteArray encodedField(quint32 number, quint64 value)
{
    ProtobufWriter writer;
    writer.appendVarint(number, value);
    return writer.take();
}

QByteArray encodedField(quint32 number, QByteArrayView bytes)
{
    ProtobufWriter writer;
    writer.appendBytes(number, bytes);
    return writer.take();
}

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
        = (from->readerFeatureFlags | from->writerFeatureFlags) & ~KnownFlags) {
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
    QList<RawField> fields;
    ProtobufReader reader(*message);
    for (qsizetype start = reader.position(); const auto field = reader.next();
         start = reader.position()) {
        if (std::find(Rewritten.begin(), Rewritten.end(), field->number) == Rewritten.end()) {
            fields.append(
                {field->number, message->sliced(start, reader.position() - start).toByteArray()});
        }
    }
    // The decoder read the same message without a problem; this walk cannot meet one.
    Q_ASSERT(!reader.problem());

    Restored out;
    out.restoredVersion = qint64(from->version);
    out.version = qint64(now->version) + 1;
    out.transactionFileName = u"%1-%2.txn"_s.arg(now->version).arg(uuid);

    ProtobufWriter transaction;
    transaction.appendVarint(ReadVersionField, now->version);
    transaction.appendString(UuidField, uuid);
    ProtobufWriter restoreOperation;
    restoreOperation.appendVarint(RestoreVersionField, from->version);
    transaction.appendBytes(RestoreOperationField, restoreOperation.bytes());
    out.transaction = transaction.take();

    // [index list of N][transaction][manifest][footer], as Lance lays a manifest file out.
    QByteArray file;
    std::optional<quint64> indexSection;
    if (from->indexSection) {
        const auto offset = qsizetype(*from->indexSection);
        const auto length = qFromLittleEndian<quint32>(source.data() + offset);
        file.append(source.sliced(offset, LengthSize + qsizetype(length)));
        indexSection = 0;
    }
    const auto transactionSection = quint64(file.size());
    appendLengthPrefixed(file, out.transaction);

    quint64 readerFlags = 0;
    quint64 writerFlags = 0;
    for (const ManifestContents::Fragment &fragment : from->fragments) {
        if (fragment.deletion) {
            readerFlags |= DeletionFilesFlag;
            writerFlags |= DeletionFilesFlag;
        }
        if (fragment.hasRowIds) {
            readerFlags |= StableRowIdsFlag;
            writerFlags |= StableRowIdsFlag;
        }
    }
    if (!from->config.isEmpty()) {
        writerFlags |= TableConfigFlag;
    }
    if (!from->basePaths.isEmpty()) {
        readerFlags |= BasePathsFlag;
        writerFlags |= BasePathsFlag;
    }

    // proto3: zero scalars are left out; the optional fields (6, 11, 21) are written when set.
    fields.append({VersionField, encodedField(VersionField, quint64(out.version))});
    if (indexSection) {
        fields.append({IndexSectionField, encodedField(IndexSectionField, *indexSection)});
    }
    ProtobufWriter timestamp;
    const auto seconds = std::chrono::floor<std::chrono::seconds>(commitTime);
    timestamp.appendVarint(1, quint64(seconds.count()));
    if (const auto nanos = (commitTime - seconds).count()) {
        timestamp.appendVarint(2, quint64(nanos));
    }
    fields.append({TimestampField, encodedField(TimestampField, timestamp.bytes())});
    if (readerFlags) {
        fields.append({ReaderFlagsField, encodedField(ReaderFlagsField, readerFlags)});
    }
    if (writerFlags) {
        fields.append({WriterFlagsField, encodedField(WriterFlagsField, writerFlags)});
    }
    if (from->maxFragmentId || now->maxFragmentId) {
        const quint32 highest
            = std::max(from->maxFragmentId.value_or(0), now->maxFragmentId.value_or(0));
        fields.append({MaxFragmentIdField, encodedField(MaxFragmentIdField, highest)});
    }
    fields.append({TransactionFileField,
                   encodedField(TransactionFileField, out.transactionFileName.toUtf8())});
    if (const quint64 nextRowId = std::max(from->nextRowId, now->nextRowId)) {
        fields.append({NextRowIdField, encodedField(NextRowIdField, nextRowId)});
    }
    fields.append(
        {TransactionSectionField, encodedField(TransactionSectionField, transactionSection)});
    // In field order, as Lance writes them; repeated fields keep their order.
    std::stable_sort(fields.begin(), fields.end(),
                     [](const RawField &a, const RawField &b) { return a.number < b.number; });
    QByteArray manifest;
    for (const RawField &field : std::as_const(fields)) {
        manifest.append(field.bytes);
    }

    const auto manifestOffset = quint64(file.size());
    appendLengthPrefixed(file, manifest);
    std::array<char, 8> offset{};
    qToLittleEndian(manifestOffset, offset.data());
    file.append(offset.data(), qsizetype(offset.size()));
    // The format version and magic of N's footer, as its writer wrote them.
    file.append(source.last(FooterVersionOffset));
    out.manifest = std::move(file);
    return out;
}

} // namespace lance::format
