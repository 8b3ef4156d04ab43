// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestBrancher.h"

#include "format/LanceFieldNumbers.h"
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
    const QByteArray files
        = rewritingField(fragment, FragmentFields::Files, [&](QByteArrayView file) {
              return withBaseId(file, DataFileFields::BaseId, baseId);
          });
    return rewritingField(files, FragmentFields::DeletionFile, [&](QByteArrayView deletion) {
        return withBaseId(deletion, DataFileFields::BaseId, baseId);
    });
}

bool hasExternalSequences(QByteArrayView fragment)
{
    ProtobufReader reader(fragment);
    while (const auto field = reader.next()) {
        const auto &external = FragmentFields::ExternalSequences;
        if (std::find(external.begin(), external.end(), field->number) != external.end()) {
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
        *message,
        {ManifestFields::Fragments, ManifestFields::IndexSection, ManifestFields::Timestamp,
         ManifestFields::ReaderFlags, ManifestFields::WriterFlags, ManifestFields::TransactionFile,
         ManifestFields::Branch, ManifestFields::TransactionSection});
    ProtobufReader reader(*message);
    while (const auto field = reader.next()) {
        if (field->number != ManifestFields::Fragments) {
            continue;
        }
        if (hasExternalSequences(field->bytes)) {
            return refuse(tr("its row ids or row versions are kept in files of their own, which a "
                             "branch cannot point back at yet."));
        }
        fields.append(
            Assembly::bytesField(ManifestFields::Fragments, fragmentOnBase(field->bytes, baseId)));
    }

    Branched out;
    out.version = qint64(from->version);
    out.transactionFileName = u"%1-%2.txn"_s.arg(from->version).arg(uuid);

    ProtobufWriter clone;
    clone.appendVarint(CloneFields::IsShallow, 1);
    if (source.branch) {
        clone.appendString(CloneFields::RefName, *source.branch);
    }
    clone.appendVarint(CloneFields::RefVersion, from->version);
    clone.appendString(CloneFields::RefPath, source.rootPath);
    clone.appendString(CloneFields::BranchName, name);
    ProtobufWriter transaction;
    transaction.appendVarint(TransactionFields::ReadVersion, from->version);
    transaction.appendString(TransactionFields::Uuid, uuid);
    transaction.appendBytes(TransactionFields::Clone, clone.bytes());
    out.transaction = transaction.take();

    // [index list][transaction][manifest][footer], as Lance lays a manifest file out.
    QByteArray file;
    if (from->indexSection) {
        const QByteArrayView section = Assembly::section(source.manifest, *from->indexSection);
        const QByteArray indices = rewritingField(
            section.sliced(4), IndexFields::SectionIndices,
            [&](QByteArrayView index) { return withBaseId(index, IndexFields::BaseId, baseId); });
        Assembly::appendLengthPrefixed(file, indices);
        fields.append(Assembly::varintField(ManifestFields::IndexSection, 0));
    }
    const auto transactionSection = quint64(file.size());
    Assembly::appendLengthPrefixed(file, out.transaction);

    ProtobufWriter base;
    if (baseId != 0) {
        base.appendVarint(BasePathFields::Id, baseId);
    }
    if (source.branch) {
        base.appendString(BasePathFields::Name, *source.branch);
    }
    base.appendVarint(BasePathFields::IsDatasetRoot, 1);
    base.appendString(BasePathFields::Path, source.rootPath);
    fields.append(Assembly::bytesField(ManifestFields::BasePaths, base.bytes()));
    from->basePaths.append({baseId, source.branch, true, source.rootPath});

    fields.append(Assembly::timestampField(ManifestFields::Timestamp, createTime));
    const Assembly::FeatureFlags flags = Assembly::featureFlags(*from);
    if (flags.reader) {
        fields.append(Assembly::varintField(ManifestFields::ReaderFlags, flags.reader));
    }
    if (flags.writer) {
        fields.append(Assembly::varintField(ManifestFields::WriterFlags, flags.writer));
    }
    fields.append(
        Assembly::bytesField(ManifestFields::TransactionFile, out.transactionFileName.toUtf8()));
    fields.append(Assembly::bytesField(ManifestFields::Branch, name.toUtf8()));
    fields.append(Assembly::varintField(ManifestFields::TransactionSection, transactionSection));
    Assembly::appendManifest(file, Assembly::joined(std::move(fields)), source.manifest);
    out.manifest = std::move(file);
    return out;
}

} // namespace lance::format
