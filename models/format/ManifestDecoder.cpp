// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestDecoder.h"

#include "format/ManifestReader.h"
#include "format/RoaringBitmap.h"
#include "format/WireMessage.h"

#include <QDir>
#include <QSet>
#include <QtEndian>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

using Field = WireMessage::Field;
using Contents = ManifestContents;

constexpr qsizetype LengthSize = 4;

// The places of the messages a manifest holds many of, worded only for a problem (WirePlace).
QString schemaFieldWords(qint64 field, qint64, const QString &name)
{
    return ManifestDecoder::tr("Field %1 of the schema of %2").arg(field).arg(name);
}

QString fragmentWords(qint64 fragment, qint64, const QString &name)
{
    return ManifestDecoder::tr("Fragment %1 of %2").arg(fragment).arg(name);
}

QString dataFileWords(qint64 file, qint64 fragment, const QString &name)
{
    return ManifestDecoder::tr("Data file %1 of fragment %2 of %3")
        .arg(file)
        .arg(fragment)
        .arg(name);
}

QString deletionFileWords(qint64 fragment, qint64, const QString &name)
{
    return ManifestDecoder::tr("The deletion file of fragment %1 of %2").arg(fragment).arg(name);
}

} // namespace

Contents::SchemaField ManifestDecoder::readSchemaField(WireMessage message)
{
    Contents::SchemaField out;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 2:
            out.name = message.text(*field);
            break;
        case 3:
            out.id = message.int32(*field);
            break;
        case 4:
            out.parentId = message.int32(*field);
            break;
        case 5:
            out.logicalType = message.text(*field);
            break;
        case 6:
            out.nullable = message.boolean(*field);
            break;
        case 9:
            out.extensionName = message.text(*field);
            break;
        case 10:
            message.insertMapEntry(*field, out.metadata);
            break;
        case 12:
            out.primaryKey = message.boolean(*field);
            break;
        case 13:
            out.keyOrder = quint32(message.uint64(*field));
            break;
        default:
            break; // 1 (always PARENT), 7 and 8 (legacy encoding), and newer fields
        }
    }
    return out;
}

namespace {

Contents::DataFile readDataFile(WireMessage message)
{
    Contents::DataFile out;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            out.path = message.text(*field);
            break;
        case 2:
            message.appendInt32s(*field, out.fieldIds);
            break;
        case 3:
            message.appendInt32s(*field, out.columnIndices);
            break;
        case 4:
            out.majorVersion = quint32(message.uint64(*field));
            break;
        case 5:
            out.minorVersion = quint32(message.uint64(*field));
            break;
        case 6:
            out.sizeBytes = message.uint64(*field);
            break;
        case 7:
            out.baseId = quint32(message.uint64(*field));
            break;
        default:
            break;
        }
    }
    return out;
}

Contents::DeletionFile readDeletionFile(WireMessage message)
{
    Contents::DeletionFile out;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            out.fileType = message.uint64(*field);
            break;
        case 2:
            out.readVersion = message.uint64(*field);
            break;
        case 3:
            out.id = message.uint64(*field);
            break;
        case 4:
            out.deletedRows = message.uint64(*field);
            break;
        case 7:
            out.baseId = quint32(message.uint64(*field));
            break;
        default:
            break;
        }
    }
    return out;
}

Contents::ExternalFile readExternalFile(WireMessage message)
{
    Contents::ExternalFile out;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            out.path = message.text(*field);
            break;
        case 2:
            out.offset = message.uint64(*field);
            break;
        case 3:
            out.size = message.uint64(*field);
            break;
        default:
            break;
        }
    }
    return out;
}

Contents::Fragment readFragment(WireMessage message, qsizetype index, const QString &name)
{
    Contents::Fragment out;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            out.id = message.uint64(*field);
            break;
        case 2:
            out.files.append(readDataFile(
                message.nested(*field, {&dataFileWords, out.files.size() + 1, index + 1, name})));
            break;
        case 3:
            out.deletion = readDeletionFile(
                message.nested(*field, {&deletionFileWords, index + 1, 0, name}));
            break;
        case 4:
            out.physicalRows = message.uint64(*field);
            break;
        case 5:
            out.hasRowIds = true;
            out.inlineRowIds = message.bytes(*field).toByteArray();
            break;
        case 6:
            out.hasRowIds = true;
            out.externalRowIds = readExternalFile(message.nested(*field, message.where()));
            break;
        default:
            break;
        }
    }
    return out;
}

Contents::BasePath readBasePath(WireMessage message)
{
    Contents::BasePath out;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            out.id = quint32(message.uint64(*field));
            break;
        case 2:
            out.name = message.text(*field);
            break;
        case 3:
            out.isDatasetRoot = message.boolean(*field);
            break;
        case 4:
            out.path = message.text(*field);
            break;
        default:
            break;
        }
    }
    return out;
}

// The writer's version: the core version, and the prerelease and build parts newer writers
// keep apart (WriterVersion 2, 3 and 4).
void readWriterVersion(WireMessage message, Contents &out)
{
    QString prerelease;
    QString build;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            out.writerLibrary = message.text(*field);
            break;
        case 2:
            out.writerVersion = message.text(*field);
            break;
        case 3:
            prerelease = message.text(*field);
            break;
        case 4:
            build = message.text(*field);
            break;
        default:
            break;
        }
    }
    if (!prerelease.isEmpty()) {
        out.writerVersion += u'-' + prerelease;
    }
    if (!build.isEmpty()) {
        out.writerVersion += u'+' + build;
    }
}

void readDataFormat(WireMessage message, Contents &out)
{
    while (const std::optional<Field> field = message.next()) {
        if (field->number == 1) {
            out.dataFormat = message.text(*field);
        } else if (field->number == 2) {
            out.dataFormatVersion = message.text(*field);
        }
    }
}

// Merges one occurrence of the timestamp (protobuf merges a repeated message field).
void readTimestamp(WireMessage message, qint64 &seconds, qint64 &nanos)
{
    while (const std::optional<Field> field = message.next()) {
        if (field->number == 1) {
            seconds = qint64(message.uint64(*field));
        } else if (field->number == 2) {
            nanos = qint64(message.uint64(*field));
        }
    }
}

// Lance's spelling of a UUID's 16 bytes (uuid::Uuid's Display): lower-case 8-4-4-4-12 hex.
QString uuidText(QByteArrayView bytes)
{
    if (bytes.size() != 16) {
        return {};
    }
    const QString hex = QString::fromLatin1(bytes.toByteArray().toHex());
    return hex.mid(0, 8) + u'-' + hex.mid(8, 4) + u'-' + hex.mid(12, 4) + u'-' + hex.mid(16, 4)
           + u'-' + hex.mid(20);
}

Contents::Index readIndex(WireMessage message)
{
    Contents::Index out;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1: {
            WireMessage uuid = message.nested(*field, message.where());
            while (const std::optional<Field> part = uuid.next()) {
                if (part->number == 1) {
                    out.uuid = uuidText(uuid.bytes(*part));
                    if (out.uuid.isEmpty()) {
                        message.fail(ManifestDecoder::tr("%1 has a UUID that is not 16 bytes.")
                                         .arg(message.where()));
                    }
                }
            }
            break;
        }
        case 5: {
            const auto fragments
                = RoaringBitmap::decode(message.bytes(*field), ManifestDecoder::tr("The fragment "
                                                                                   "bitmap of %1")
                                                                   .arg(message.where()));
            if (fragments) {
                out.fragmentIds = *fragments;
            } else {
                message.fail(fragments.error().userMessage());
            }
            break;
        }
        case 9:
            out.baseId = quint32(message.uint64(*field));
            break;
        case 2:
            message.appendInt32s(*field, out.fieldIds);
            break;
        case 3:
            out.name = message.text(*field);
            break;
        case 4:
            out.datasetVersion = message.uint64(*field);
            break;
        case 6: {
            WireMessage details = message.nested(*field, message.where());
            while (const std::optional<Field> part = details.next()) {
                if (part->number == 1) {
                    out.typeUrl = details.text(*part);
                }
            }
            break;
        }
        case 10: {
            WireMessage file = message.nested(*field, message.where());
            ++out.files;
            while (const std::optional<Field> part = file.next()) {
                if (part->number == 2) {
                    out.filesSize += file.uint64(*part);
                }
            }
            break;
        }
        default:
            break; // the index's own version, its creation time, ...
        }
    }
    return out;
}

// A block before the manifest message: a u32 length, then a message, within the file.
api::Result<QByteArrayView> sectionAt(QByteArrayView file, quint64 offset, const QString &name,
                                      const QString &what)
{
    const auto size = quint64(file.size());
    if (offset > size || size - offset < quint64(LengthSize)) {
        return ApiError::invalidInput(
            ManifestDecoder::tr("%1 is damaged: its %2 is said to start at byte %3, past the "
                                "file's end.")
                .arg(name, what)
                .arg(offset));
    }
    const auto length = qFromLittleEndian<quint32>(file.data() + offset);
    if (length > size - offset - LengthSize) {
        return ApiError::invalidInput(
            ManifestDecoder::tr("%1 is cut short: its %2 of %3 bytes runs past the file's end.")
                .arg(name, what)
                .arg(length));
    }
    return file.sliced(qsizetype(offset) + LengthSize, qsizetype(length));
}

// Lance gives every field and every fragment of a version an id of its own; the views and
// VersionDiffer match versions by them. A file that repeats one is damaged.
std::optional<QString> repeatedId(const Contents &contents, const QString &name)
{
    QSet<qint32> fieldIds;
    for (const Contents::SchemaField &field : contents.fields) {
        if (fieldIds.contains(field.id)) {
            return ManifestDecoder::tr("%1 is damaged: its schema has two fields of id %2.")
                .arg(name)
                .arg(field.id);
        }
        fieldIds.insert(field.id);
    }
    QSet<quint64> fragmentIds;
    fragmentIds.reserve(contents.fragments.size());
    for (const Contents::Fragment &fragment : contents.fragments) {
        if (fragmentIds.contains(fragment.id)) {
            return ManifestDecoder::tr("%1 is damaged: it has two fragments of id %2.")
                .arg(name)
                .arg(fragment.id);
        }
        fragmentIds.insert(fragment.id);
    }
    return std::nullopt;
}

} // namespace

api::Result<ManifestContents> ManifestDecoder::decode(QByteArrayView bytes, const QString &name)
{
    return decode(bytes, name, FragmentSink());
}

api::Result<ManifestContents::Fragment>
ManifestDecoder::decodeFragment(QByteArrayView fragment, qsizetype index, const QString &name)
{
    WireMessage::Problem problem;
    Contents::Fragment out = readFragment(
        WireMessage(fragment, {&fragmentWords, index + 1, 0, name}, problem), index, name);
    if (problem.text) {
        return ApiError::invalidInput(*problem.text);
    }
    return out;
}

api::Result<ManifestContents> ManifestDecoder::decode(QByteArrayView bytes, const QString &name,
                                                      const FragmentSink &fragments)
{
    const api::Result<QByteArrayView> message = ManifestReader::manifestMessage(bytes, name);
    if (!message) {
        return message.error();
    }
    WireMessage::Problem problem;
    WireMessage manifest(*message, tr("The manifest message of %1").arg(name), problem);
    Contents out;
    out.fileSize = bytes.size();
    std::optional<quint64> version;
    std::optional<std::pair<qint64, qint64>> time;
    while (const std::optional<Field> field = manifest.next()) {
        switch (field->number) {
        case 1:
            out.fields.append(ManifestDecoder::readSchemaField(
                manifest.nested(*field, {&schemaFieldWords, out.fields.size() + 1, 0, name})));
            break;
        case 2:
            if (fragments) {
                fragments(manifest.bytes(*field));
                break;
            }
            out.fragments.append(readFragment(
                manifest.nested(*field, {&fragmentWords, out.fragments.size() + 1, 0, name}),
                out.fragments.size(), name));
            break;
        case 3:
            version = manifest.uint64(*field);
            break;
        case 4:
            (void)manifest.uint64(*field);
            break; // version_aux_data: LanceDB writes 0
        case 5:
            manifest.insertMapEntry(*field, out.schemaMetadata);
            break;
        case 6:
            out.indexSection = manifest.uint64(*field);
            break;
        case 7:
            if (!time) {
                time.emplace(0, 0);
            }
            readTimestamp(manifest.nested(*field, tr("The commit time of %1").arg(name)),
                          time->first, time->second);
            break;
        case 8:
            out.tag = manifest.text(*field);
            break;
        case 9:
            out.readerFeatureFlags = manifest.uint64(*field);
            break;
        case 10:
            out.writerFeatureFlags = manifest.uint64(*field);
            break;
        case 11:
            out.maxFragmentId = quint32(manifest.uint64(*field));
            break;
        case 12:
            out.transactionFile = manifest.text(*field);
            break;
        case 13:
            readWriterVersion(manifest.nested(*field, tr("The writer of %1").arg(name)), out);
            break;
        case 14:
            out.nextRowId = manifest.uint64(*field);
            break;
        case 15:
            readDataFormat(manifest.nested(*field, tr("The data format of %1").arg(name)), out);
            break;
        case 16:
            manifest.insertMapEntry(*field, out.config);
            break;
        case 18:
            out.basePaths.append(
                readBasePath(manifest.nested(*field, tr("A base path of %1").arg(name))));
            break;
        case 19:
            manifest.insertMapEntry(*field, out.tableMetadata);
            break;
        case 20:
            out.branch = manifest.text(*field);
            break;
        case 21:
            out.transactionSection = manifest.uint64(*field);
            break;
        default:
            if (!out.unknownFields.contains(field->number)) {
                out.unknownFields.append(field->number);
            }
            break;
        }
    }
    if (problem.text) {
        return ApiError::invalidInput(*problem.text);
    }
    if (!version) {
        return ApiError::invalidInput(
            tr("%1 records no table version (field 3 of its manifest message is missing).")
                .arg(name));
    }
    if (const std::optional<QString> repeated = repeatedId(out, name)) {
        return ApiError::invalidInput(*repeated);
    }
    out.version = *version;
    if (time) {
        out.timestamp = ManifestReader::commitTime(time->first, time->second);
        if (!out.timestamp) {
            return ApiError::invalidInput(
                tr("%1 is damaged: its commit time is out of range.").arg(name));
        }
    }
    // Present means there is an index list, at offset 0 when it opens the file.
    if (out.indexSection) {
        const auto section = sectionAt(bytes, *out.indexSection, name, tr("index section"));
        if (!section) {
            return section.error();
        }
        WireMessage indices(*section, tr("The index section of %1").arg(name), problem);
        while (const std::optional<Field> field = indices.next()) {
            if (field->number == 1) {
                out.indices.append(readIndex(indices.nested(
                    *field, tr("Index %1 of %2").arg(out.indices.size() + 1).arg(name))));
            }
        }
        if (problem.text) {
            return ApiError::invalidInput(*problem.text);
        }
    }
    return out;
}

api::Result<ManifestContents> ManifestDecoder::readFile(const QString &path)
{
    const api::Result<QByteArray> bytes = ManifestReader::readBytes(path);
    if (!bytes) {
        return bytes.error();
    }
    return decode(*bytes, QDir::toNativeSeparators(path));
}

api::Result<QByteArrayView> ManifestDecoder::inlineTransaction(QByteArrayView bytes,
                                                               const ManifestContents &contents,
                                                               const QString &name)
{
    if (!contents.transactionSection) {
        return QByteArrayView();
    }
    return sectionAt(bytes, *contents.transactionSection, name, tr("transaction"));
}

} // namespace lance::format
