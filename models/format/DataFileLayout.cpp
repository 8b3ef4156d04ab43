// SPDX-License-Identifier: Apache-2.0
#include "format/DataFileLayout.h"

#include "format/ManifestDecoder.h"
#include "format/WireMessage.h"

#include <QDir>
#include <QFile>
#include <QtEndian>

#include <algorithm>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

using Field = WireMessage::Field;
using Layout = DataFileLayout;

constexpr qsizetype EntrySize = 16; // (u64 position, u64 size) in either offset table
/// The tail readFile() reads first; a file's metadata rarely needs more.
constexpr qint64 TailBytes = 64 * 1024;
/// More metadata than this is refused rather than read: a damaged footer could name a whole
/// file of gigabytes as its metadata.
constexpr quint64 MaxMetadataBytes = quint64{64} * 1024 * 1024;

/// Whether [position, position + size) lies within [from, to), without overflowing.
bool within(quint64 position, quint64 size, quint64 from, quint64 to)
{
    return position >= from && position <= to && size <= to - position;
}

ApiError damaged(const QString &text)
{
    return ApiError::invalidInput(text);
}

QString columnWords(qint64 column, qint64, const QString &name)
{
    return Layout::tr("The metadata of column %1 of %2").arg(column).arg(name);
}

QString pageWords(qint64 page, qint64 column, const QString &name)
{
    return Layout::tr("Page %1 of column %2 of %3").arg(page).arg(column).arg(name);
}

// An `Encoding` (`file2.proto`): a direct one is a `google.protobuf.Any`. Lance writes no
// other kind and its own reader reads no deferred one.
Layout::Encoding readEncoding(WireMessage message)
{
    Layout::Encoding out;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            message.fail(Layout::tr("%1 names a deferred encoding, which no Lance reader reads.")
                             .arg(message.where()));
            break;
        case 2: {
            WireMessage direct = message.nested(*field, message.where());
            while (const std::optional<Field> bytes = direct.next()) {
                if (bytes->number != 1) {
                    continue;
                }
                WireMessage any = direct.nested(*bytes, message.where());
                while (const std::optional<Field> part = any.next()) {
                    if (part->number == 1) {
                        out.typeUrl = any.text(*part);
                    } else if (part->number == 2) {
                        out.value = any.bytes(*part).toByteArray();
                    }
                }
            }
            break;
        }
        default:
            break; // 3: none
        }
    }
    return out;
}

// Buffers given as two lists, positions and sizes, that must pair up and lie in [0, end).
QList<Layout::Buffer> buffersOf(WireMessage &message, const QList<quint64> &positions,
                                const QList<quint64> &sizes, quint64 end)
{
    QList<Layout::Buffer> out;
    if (positions.size() != sizes.size()) {
        message.fail(Layout::tr("%1 gives %2 buffer positions and %3 sizes.")
                         .arg(message.where())
                         .arg(positions.size())
                         .arg(sizes.size()));
        return out;
    }
    for (qsizetype i = 0; i < positions.size(); ++i) {
        if (!within(positions.at(i), sizes.at(i), 0, end)) {
            message.fail(Layout::tr("%1 has a buffer of %2 bytes at byte %3, outside the file's "
                                    "data (its first %4 bytes).")
                             .arg(message.where())
                             .arg(sizes.at(i))
                             .arg(positions.at(i))
                             .arg(end));
            return out;
        }
        out.append({positions.at(i), sizes.at(i)});
    }
    return out;
}

Layout::Page readPage(WireMessage message, quint64 dataEnd)
{
    Layout::Page out;
    QList<quint64> positions;
    QList<quint64> sizes;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            message.appendUInt64s(*field, positions);
            break;
        case 2:
            message.appendUInt64s(*field, sizes);
            break;
        case 3:
            out.rows = message.uint64(*field);
            break;
        case 4:
            out.encoding = readEncoding(message.nested(*field, message.where()));
            break;
        case 5:
            out.priority = message.uint64(*field);
            break;
        default:
            break;
        }
    }
    out.buffers = buffersOf(message, positions, sizes, dataEnd);
    return out;
}

Layout::Column readColumn(WireMessage message, qsizetype column, quint64 dataEnd,
                          const QString &name)
{
    Layout::Column out;
    QList<quint64> positions;
    QList<quint64> sizes;
    while (const std::optional<Field> field = message.next()) {
        switch (field->number) {
        case 1:
            out.encoding = readEncoding(message.nested(*field, message.where()));
            break;
        case 2:
            out.pages.append(readPage(
                message.nested(*field, {&pageWords, out.pages.size() + 1, column + 1, name}),
                dataEnd));
            break;
        case 3:
            message.appendUInt64s(*field, positions);
            break;
        case 4:
            message.appendUInt64s(*field, sizes);
            break;
        default:
            break;
        }
    }
    out.buffers = buffersOf(message, positions, sizes, dataEnd);
    return out;
}

// Global buffer 0: a `lance.file.FileDescriptor` (`file.proto`), the schema and the rows.
void readDescriptor(WireMessage message, Layout &out)
{
    while (const std::optional<Field> field = message.next()) {
        if (field->number == 2) {
            out.rows = message.uint64(*field);
        } else if (field->number == 1) {
            WireMessage schema = message.nested(*field, message.where());
            while (const std::optional<Field> part = schema.next()) {
                if (part->number == 1) {
                    out.fields.append(
                        ManifestDecoder::readSchemaField(schema.nested(*part, schema.where())));
                } else if (part->number == 5) {
                    schema.insertMapEntry(*part, out.schemaMetadata);
                }
            }
        }
    }
}

// The entries of an offset table at `start` of the file, `tail` holding it.
QList<Layout::Buffer> entriesAt(QByteArrayView tail, quint64 tailOffset, quint64 start,
                                quint32 count)
{
    QList<Layout::Buffer> out;
    out.reserve(count);
    const auto first = qsizetype(start - tailOffset);
    for (quint32 i = 0; i < count; ++i) {
        const char *entry = tail.data() + first + qsizetype(i) * EntrySize;
        out.append({qFromLittleEndian<quint64>(entry), qFromLittleEndian<quint64>(entry + 8)});
    }
    return out;
}

} // namespace

api::Result<Layout::Footer> DataFileLayout::readFooter(QByteArrayView last, quint64 fileSize,
                                                       const QString &name)
{
    if (fileSize < quint64(FooterSize) || last.size() < FooterSize) {
        return damaged(
            tr("%1 is too short to be a Lance data file (%2 bytes).").arg(name).arg(fileSize));
    }
    const char *at = last.data() + last.size() - FooterSize;
    if (QByteArrayView(at + 36, 4) != "LANC") {
        return damaged(tr("%1 is not a Lance data file: it does not end in LANC.").arg(name));
    }
    Footer footer;
    footer.columnMetadataStart = qFromLittleEndian<quint64>(at);
    footer.columnOffsetsStart = qFromLittleEndian<quint64>(at + 8);
    footer.globalOffsetsStart = qFromLittleEndian<quint64>(at + 16);
    footer.globalBuffers = qFromLittleEndian<quint32>(at + 24);
    footer.columns = qFromLittleEndian<quint32>(at + 28);
    footer.major = qFromLittleEndian<quint16>(at + 32);
    footer.minor = qFromLittleEndian<quint16>(at + 34);
    // Lance numbers 2.0 as (0, 3) and its legacy format as (0, 2). 2.1 and 2.2 (LanceDB 0.39
    // writes it) lay a file out alike; they differ in how pages are encoded.
    const bool known = (footer.major == 0 && footer.minor == 3)
                       || (footer.major == 2 && (footer.minor == 1 || footer.minor == 2));
    if (!known) {
        if (footer.major == 0 && footer.minor <= 2) {
            return damaged(tr("%1 is in Lance's legacy file format (before 2.0), which this "
                              "does not read.")
                               .arg(name));
        }
        return damaged(tr("%1 is in Lance file format %2.%3; this reads 2.0 to 2.2.")
                           .arg(name)
                           .arg(footer.major)
                           .arg(footer.minor));
    }
    const quint64 footerStart = fileSize - quint64(FooterSize);
    // The regions in their order: column metadata, its offset table, the global buffers'
    // offset table, the footer.
    if (footer.columnMetadataStart > footer.columnOffsetsStart
        || footer.columnOffsetsStart > footer.globalOffsetsStart
        || footer.globalOffsetsStart > footerStart
        || quint64(footer.columns) * EntrySize
               > footer.globalOffsetsStart - footer.columnOffsetsStart
        || quint64(footer.globalBuffers) * EntrySize > footerStart - footer.globalOffsetsStart) {
        return damaged(tr("%1 is damaged: its footer places its metadata outside the file or "
                          "out of order.")
                           .arg(name));
    }
    if (footer.globalBuffers == 0) {
        return damaged(tr("%1 is damaged: it has no schema (no global buffer).").arg(name));
    }
    return footer;
}

api::Result<quint64> DataFileLayout::metadataStart(QByteArrayView tail, quint64 tailOffset,
                                                   quint64 fileSize, const QString &name)
{
    if (quint64(tail.size()) > fileSize || tailOffset != fileSize - quint64(tail.size())) {
        return damaged(tr("%1: the bytes read are not the end of the file.").arg(name));
    }
    const auto footer = readFooter(tail, fileSize, name);
    if (!footer) {
        return footer.error();
    }
    if (footer->globalOffsetsStart < tailOffset) {
        return footer->globalOffsetsStart; // the table first, to know where buffer 0 is
    }
    const Buffer schema = entriesAt(tail, tailOffset, footer->globalOffsetsStart, 1).first();
    return std::min(schema.position, footer->columnMetadataStart);
}

api::Result<DataFileLayout> DataFileLayout::decode(QByteArrayView tail, quint64 tailOffset,
                                                   quint64 fileSize, const QString &name)
{
    const auto start = metadataStart(tail, tailOffset, fileSize, name);
    if (!start) {
        return start.error();
    }
    if (*start < tailOffset) {
        return damaged(
            tr("%1: its metadata starts at byte %2, before the bytes read.").arg(name).arg(*start));
    }
    DataFileLayout out;
    out.footer = *readFooter(tail, fileSize, name);
    const Footer &footer = out.footer;
    out.formatVersion = footer.major == 2 ? u"2.%1"_s.arg(footer.minor) : u"2.0"_s;
    const auto view = [&](const Buffer &buffer) {
        return tail.sliced(qsizetype(buffer.position - tailOffset), qsizetype(buffer.size));
    };

    out.globalBuffers
        = entriesAt(tail, tailOffset, footer.globalOffsetsStart, footer.globalBuffers);
    for (const Buffer &buffer : std::as_const(out.globalBuffers)) {
        if (!within(buffer.position, buffer.size, 0, footer.columnMetadataStart)) {
            return damaged(tr("%1 is damaged: a global buffer of %2 bytes at byte %3 lies outside "
                              "the file's data.")
                               .arg(name)
                               .arg(buffer.size)
                               .arg(buffer.position));
        }
    }
    const Buffer schema = out.globalBuffers.first();
    WireMessage::Problem problem;
    readDescriptor(WireMessage(view(schema), tr("The schema of %1").arg(name), problem), out);
    if (problem.text) {
        return damaged(*problem.text);
    }

    // Every page's buffers lie in the data, before the first global buffer or the metadata.
    const quint64 dataEnd = std::min(schema.position, footer.columnMetadataStart);
    const QList<Buffer> metadata
        = entriesAt(tail, tailOffset, footer.columnOffsetsStart, footer.columns);
    out.columns.reserve(metadata.size());
    for (qsizetype i = 0; i < metadata.size(); ++i) {
        const Buffer &buffer = metadata.at(i);
        if (!within(buffer.position, buffer.size, footer.columnMetadataStart,
                    footer.columnOffsetsStart)) {
            return damaged(tr("%1 is damaged: the metadata of column %2 lies outside the "
                              "region of column metadata.")
                               .arg(name)
                               .arg(i + 1));
        }
        out.columns.append(readColumn(
            WireMessage(view(buffer), {&columnWords, i + 1, 0, name}, problem), i, dataEnd, name));
        if (problem.text) {
            return damaged(*problem.text);
        }
        // In 2.0 a list's items have a column of their own, whose pages hold items, not rows.
        if (footer.major == 0) {
            continue;
        }
        quint64 rows = 0;
        for (const Page &page : std::as_const(out.columns.last().pages)) {
            rows += page.rows;
        }
        if (rows != out.rows) {
            return damaged(tr("%1 is damaged: the pages of column %2 hold %3 rows, the file %4.")
                               .arg(name)
                               .arg(i + 1)
                               .arg(rows)
                               .arg(out.rows));
        }
    }
    return out;
}

api::Result<DataFileLayout> DataFileLayout::decode(QByteArrayView file, const QString &name)
{
    return decode(file, 0, quint64(file.size()), name);
}

api::Result<DataFileLayout> DataFileLayout::readFile(const QString &path)
{
    const QString name = QDir::toNativeSeparators(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return ApiError::invalidInput(tr("%1 cannot be read: %2").arg(name, file.errorString()));
    }
    const auto size = quint64(file.size());
    quint64 offset = size - std::min<quint64>(size, TailBytes);
    for (int read = 0; read < 3; ++read) {
        if (size - offset > MaxMetadataBytes) {
            return damaged(tr("%1 has %2 bytes of metadata, more than this reads.")
                               .arg(name)
                               .arg(size - offset));
        }
        if (!file.seek(qint64(offset))) {
            return ApiError::invalidInput(
                tr("%1 cannot be read: %2").arg(name, file.errorString()));
        }
        const QByteArray tail = file.read(qint64(size - offset));
        if (quint64(tail.size()) != size - offset) {
            return ApiError::invalidInput(
                tr("%1 cannot be read: %2").arg(name, file.errorString()));
        }
        const auto start = metadataStart(tail, offset, size, name);
        if (!start) {
            return start.error();
        }
        if (*start >= offset) {
            return decode(tail, offset, size, name);
        }
        offset = *start;
    }
    return damaged(tr("%1 is damaged: its metadata cannot be found.").arg(name));
}

} // namespace lance::format
