// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestBrancher.h"

#include "format/ManifestAssembly.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestReader.h"
#include "format/ProtobufReader.h"
#include "format/ProtobufWriter.h"

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

using Assembly = ManifestAssembly;

// lance.table.Manifest fields a branch writes anew; every other one is copied.
enum ManifestField : quint32 {
    FragmentsField = 2,
    IndexSectionField = 6,
    TimestampField = 7,
    ReaderFlagsField = 9,
    WriterFlagsField = 10,
    TransactionFileField = 12,
    BasePathsField = 18,
    BranchField = 20,
    TransactionSectionField = 21,
};

// lance.table.DataFragment, DataFile, DeletionFile, IndexSection and IndexMetadata.
constexpr quint32 FragmentFilesField = 2;
constexpr quint32 FragmentDeletionField = 3;
constexpr std::array ExternalSequenceFields{6u, 8u, 10u};
constexpr quint32 FileBaseIdField = 7;
constexpr quint32 SectionIndicesField = 1;
constexpr quint32 IndexBaseIdField = 9;

// lance.table.BasePath
constexpr quint32 BaseIdField = 1;
constexpr quint32 BaseNameField = 2;
constexpr quint32 BaseIsRootField = 3;
constexpr quint32 BasePathField = 4;

// lance.table.Transaction and its Clone operation.
constexpr quint32 ReadVersionField = 1;
constexpr quint32 UuidField = 2;
constexpr quint32 CloneOperationField = 113;
constexpr quint32 CloneIsShallowField = 1;
constexpr quint32 CloneRefNameField = 2;
constexpr quint32 CloneRefVersionField = 3;
constexpr quint32 CloneRefPathField = 4;
constexpr quint32 CloneBranchNameField = 5;

/// `message` with its field `baseField` set to `baseId` when it has none, placed before the
/// first field numbered higher, as the Lance writer orders them; every other byte kept.
QByteArray withBaseId(QByteArrayView message, quint32 baseField, quint32 baseId)
{
    QByteArray out;
    bool placed = false;
    ProtobufReader reader(message);
    for (qsizetype start = reader.position(); const auto field = reader.next();
         start = reader.position()) {
        if (field->number == baseField) {
            placed = true;
        } else if (!placed && field->number > baseField) {
            out.append(Assembly::varintField(baseField, baseId).bytes);
            placed = true;
        }
        out.append(message.sliced(start, reader.position() - start));
    }
    if (!placed) {
        out.append(Assembly::varintField(baseField, baseId).bytes);
    }
    return out;
}

/// `message` with each of its `field` submessages passed through `rewrite`, in place.
template <typename Rewrite>
QByteArray rewritingField(QByteArrayView message, quint32 number, Rewrite rewrite)
{
    QByteArray out;
    ProtobufReader reader(message);
    for (qsizetype start = reader.position(); const auto field = reader.next();
         start = reader.position()) {
        if (field->number == number && field->wireType == 2) {
            out.append(Assembly::bytesField(number, rewrite(field->bytes)).bytes);
        } else {
            out.append(message.sliced(start, reader.position() - start));
        }
    }
    return out;
}

QByteArray fragmentOnBase(QByteArrayView fragment, quint32 baseId)
{
    const QByteArray files = rewritingField(fragment, FragmentFilesField, [&](QByteArrayView file) {
        return withBaseId(file, FileBaseIdField, baseId);
    });
    return rewritingField(files, FragmentDeletionField, [&](QByteArrayView deletion) {
        return withBaseId(deletion, FileBaseIdField, baseId);
    });
}

bool hasExternalSequences(QByteArrayView fragment)
{
    ProtobufReader reader(fragment);
    while (const auto field = reader.next()) {
        if (std::find(ExternalSequenceFields.begin(), ExternalSequenceFields.end(), field->number)
            != ExternalSequenceFields.end()) {
            return true;
        }
    }
    return false;
}

} // namespace

api::Result<ManifestBrancher::Branched>
ManifestBrancher::branch(const Source &source, const QString &name, const QString &uuid,
                         std::chrono::nanoseconds createTime)
{
    auto from = ManifestDecoder::decode(source.manifest, source.name);
    if (!from) {
        return from.error();
    }
    const auto refuse = [&](const QString &why) -> api::Result<Branched> {
        return ApiError::invalidInput(tr("A branch cannot start at version %1 (%2): %3")
                                          .arg(from->version)
                                          .arg(source.name, why));
    };
    if (from->writerLibrary.isEmpty() || from->writerVersion.isEmpty()) {
        return refuse(tr("its manifest does not say which Lance wrote it, and a manifest that "
                         "old may hold counts Lance recomputes from the data files."));
    }
    if (const quint64 unknown
        = (from->readerFeatureFlags | from->writerFeatureFlags) & ~Assembly::KnownFlags) {
        return refuse(tr("it uses Lance features this build does not know (feature flags 0x%1).")
                          .arg(QString::number(unknown, 16)));
    }
    const auto message = ManifestReader::manifestMessage(source.manifest, source.name);
    if (!message) {
        return message.error();
    }

    quint32 baseId = 0;
    for (const ManifestContents::BasePath &base : std::as_const(from->basePaths)) {
        baseId = std::max(baseId, base.id + 1);
    }
    QList<Assembly::RawField> fields = Assembly::fieldsExcept(
        *message, {FragmentsField, IndexSectionField, TimestampField, ReaderFlagsField,
                   WriterFlagsField, TransactionFileField, BranchField, TransactionSectionField});
    ProtobufReader reader(*message);
    while (const auto field = reader.next()) {
        if (field->number != FragmentsField) {
            continue;
        }
        if (hasExternalSequences(field->bytes)) {
            return refuse(tr("its row ids or row versions are kept in files of their own, which a "
                             "branch cannot point back at yet."));
        }
        fields.append(Assembly::bytesField(FragmentsField, fragmentOnBase(field->bytes, baseId)));
    }

    Branched out;
    out.version = qint64(from->version);
    out.transactionFileName = u"%1-%2.txn"_s.arg(from->version).arg(uuid);

    ProtobufWriter clone;
    clone.appendVarint(CloneIsShallowField, 1);
    if (source.branch) {
        clone.appendString(CloneRefNameField, *source.branch);
    }
    clone.appendVarint(CloneRefVersionField, from->version);
    clone.appendString(CloneRefPathField, source.rootPath);
    clone.appendString(CloneBranchNameField, name);
    ProtobufWriter transaction;
    transaction.appendVarint(ReadVersionField, from->version);
    transaction.appendString(UuidField, uuid);
    transaction.appendBytes(CloneOperationField, clone.bytes());
    out.transaction = transaction.take();

    // [index list][transaction][manifest][footer], as Lance lays a manifest file out.
    QByteArray file;
    if (from->indexSection) {
        const QByteArrayView section = Assembly::section(source.manifest, *from->indexSection);
        const QByteArray indices
            = rewritingField(section.sliced(4), SectionIndicesField, [&](QByteArrayView index) {
                  return withBaseId(index, IndexBaseIdField, baseId);
              });
        Assembly::appendLengthPrefixed(file, indices);
        fields.append(Assembly::varintField(IndexSectionField, 0));
    }
    const auto transactionSection = quint64(file.size());
    Assembly::appendLengthPrefixed(file, out.transaction);

    ProtobufWriter base;
    if (baseId != 0) {
        base.appendVarint(BaseIdField, baseId);
    }
    if (source.branch) {
        base.appendString(BaseNameField, *source.branch);
    }
    base.appendVarint(BaseIsRootField, 1);
    base.appendString(BasePathField, source.rootPath);
    fields.append(Assembly::bytesField(BasePathsField, base.bytes()));
    from->basePaths.append({baseId, source.branch, true, source.rootPath});

    fields.append(Assembly::timestampField(TimestampField, createTime));
    const Assembly::FeatureFlags flags = Assembly::featureFlags(*from);
    if (flags.reader) {
        fields.append(Assembly::varintField(ReaderFlagsField, flags.reader));
    }
    if (flags.writer) {
        fields.append(Assembly::varintField(WriterFlagsField, flags.writer));
    }
    fields.append(Assembly::bytesField(TransactionFileField, out.transactionFileName.toUtf8()));
    fields.append(Assembly::bytesField(BranchField, name.toUtf8()));
    fields.append(Assembly::varintField(TransactionSectionField, transactionSection));
    Assembly::appendManifest(file, Assembly::joined(std::move(fields)), source.manifest);
    out.manifest = std::move(file);
    return out;
}

} // namespace lance::format
