// SPDX-License-Identifier: Apache-2.0
#include "rows/ArrowIpcWriter.h"

#include "rows/ArrowIpcFormat.h"
#include "rows/FlatBufferBuilder.h"

#include <QtEndian>

namespace lance::rows {

namespace {

using Builder = FlatBufferBuilder;
using WriterKind = ValueType::Kind;

Builder::ObjectPointer typeTable(const ValueType &type, quint8 &typeId)
{
    Builder::Table table;
    switch (type.kind) {
    case WriterKind::Bool:
        typeId = ArrowIpcFormat::TypeBool;
        break;
    case WriterKind::Int:
    case WriterKind::UInt:
        typeId = ArrowIpcFormat::TypeInt;
        table.scalar32(0, type.bytes * 8).scalar8(1, type.kind == WriterKind::Int ? 1 : 0);
        break;
    case WriterKind::Float:
        typeId = ArrowIpcFormat::TypeFloatingPoint;
        table.scalar16(0, type.bytes == 2 ? 0 : type.bytes == 4 ? 1 : 2);
        break;
    case WriterKind::Utf8:
        typeId = type.large ? ArrowIpcFormat::TypeLargeUtf8 : ArrowIpcFormat::TypeUtf8;
        break;
    case WriterKind::Binary:
        typeId = type.large ? ArrowIpcFormat::TypeLargeBinary : ArrowIpcFormat::TypeBinary;
        break;
    case WriterKind::FixedSizeBinary:
        typeId = ArrowIpcFormat::TypeFixedSizeBinary;
        table.scalar32(0, type.bytes);
        break;
    case WriterKind::Decimal:
        typeId = ArrowIpcFormat::TypeDecimal;
        table.scalar32(0, type.precision).scalar32(1, type.scale).scalar32(2, type.bytes * 8);
        break;
    case WriterKind::Date:
        typeId = ArrowIpcFormat::TypeDate;
        table.scalar16(0, type.bytes == 4 ? 0 : 1);
        break;
    case WriterKind::Time:
        typeId = ArrowIpcFormat::TypeTime;
        table.scalar16(0, ArrowIpcFormat::unitNumber(type.unit)).scalar32(1, type.bytes * 8);
        break;
    case WriterKind::Timestamp:
        typeId = ArrowIpcFormat::TypeTimestamp;
        table.scalar16(0, ArrowIpcFormat::unitNumber(type.unit));
        if (!type.timezone.isEmpty()) {
            table.object(1, Builder::string(type.timezone));
        }
        break;
    case WriterKind::Duration:
        typeId = ArrowIpcFormat::TypeDuration;
        table.scalar16(0, ArrowIpcFormat::unitNumber(type.unit));
        break;
    case WriterKind::List:
        typeId = type.large ? ArrowIpcFormat::TypeLargeList : ArrowIpcFormat::TypeList;
        break;
    case WriterKind::FixedSizeList:
        typeId = ArrowIpcFormat::TypeFixedSizeList;
        table.scalar32(0, qint32(type.listSize));
        break;
    case WriterKind::Struct:
        typeId = ArrowIpcFormat::TypeStruct;
        break;
    }
    return Builder::table(table);
}

Builder::ObjectPointer field(const ColumnArray &array)
{
    quint8 typeId = 0;
    Builder::ObjectPointer type = typeTable(array.type, typeId);
    QList<Builder::ObjectPointer> children;
    for (const ColumnArray &child : array.children) {
        children.append(field(child));
    }
    Builder::Table table;
    table.object(0, Builder::string(array.name))
        .scalar8(1, 1)
        .scalar8(2, typeId)
        .object(3, type)
        .object(5, Builder::tables(children));
    return Builder::table(table);
}

Builder::ObjectPointer schema(const QList<ColumnArray> &columns)
{
    QList<Builder::ObjectPointer> fields;
    for (const ColumnArray &column : columns) {
        fields.append(field(column));
    }
    Builder::Table table;
    table.scalar16(0, 0).object(1, Builder::tables(fields)); // little-endian
    return Builder::table(table);
}

QByteArray message(quint8 headerType, Builder::ObjectPointer header, qint64 bodyLength)
{
    Builder::Table table;
    table.scalar16(0, ArrowIpcFormat::MetadataVersion)
        .scalar8(1, headerType)
        .object(2, std::move(header))
        .scalar64(3, bodyLength);
    return Builder::finish(Builder::table(table));
}

// The record batch's body and its node and buffer entries, in the schema's pre-order.
class BodyWriter
{
public:
    void add(const ColumnArray &array)
    {
        const qint64 nulls = array.nullCount();
        appendNode(array.length, nulls);
        if (nulls == 0) {
            appendBuffer({});
        } else {
            QByteArray bitmap((array.length + 7) / 8, '\0');
            for (qint64 i = 0; i < array.length; ++i) {
                if (array.validity.at(i)) {
                    bitmap[i / 8] = char(bitmap.at(i / 8) | (1 << (i % 8)));
                }
            }
            appendBuffer(bitmap);
        }
        const ValueType &type = array.type;
        if (type.kind == WriterKind::Bool) {
            QByteArray bits((array.length + 7) / 8, '\0');
            for (qint64 i = 0; i < array.length; ++i) {
                if (array.values.at(i)) {
                    bits[i / 8] = char(bits.at(i / 8) | (1 << (i % 8)));
                }
            }
            appendBuffer(bits);
        } else if (type.isFixedWidth()) {
            appendBuffer(array.values);
        } else if (type.isVariableWidth() || type.kind == WriterKind::List) {
            appendBuffer(offsets(array));
            if (type.isVariableWidth()) {
                appendBuffer(array.values);
            }
        }
        for (const ColumnArray &child : array.children) {
            add(child);
        }
    }

    QByteArray nodes;
    QByteArray buffers;
    QByteArray body;
    qsizetype nodeCount = 0;
    qsizetype bufferCount = 0;

private:
    static QByteArray offsets(const ColumnArray &array)
    {
        const int width = array.type.large ? 8 : 4;
        QByteArray out((array.length + 1) * width, Qt::Uninitialized);
        for (qint64 i = 0; i <= array.length; ++i) {
            const qint64 offset = array.offsets.value(i);
            if (width == 8) {
                qToLittleEndian<qint64>(offset, out.data() + i * 8);
            } else {
                qToLittleEndian<qint32>(qint32(offset), out.data() + i * 4);
            }
        }
        return out;
    }
    void appendNode(qint64 length, qint64 nulls)
    {
        char entry[16];
        qToLittleEndian<qint64>(length, entry);
        qToLittleEndian<qint64>(nulls, entry + 8);
        nodes.append(entry, 16);
        ++nodeCount;
    }
    void appendBuffer(const QByteArray &bytes)
    {
        char entry[16];
        qToLittleEndian<qint64>(body.size(), entry);
        qToLittleEndian<qint64>(bytes.size(), entry + 8);
        buffers.append(entry, 16);
        ++bufferCount;
        body.append(bytes);
        while (body.size() % 8 != 0) {
            body.append('\0');
        }
    }
};

// An encapsulated message: the continuation marker, the metadata's padded length, the
// metadata, the body.
QByteArray encapsulate(const QByteArray &metadata, const QByteArray &body, qint32 &metadataLength)
{
    QByteArray out;
    char prefix[8];
    qToLittleEndian<quint32>(0xFFFFFFFFu, prefix);
    qToLittleEndian<qint32>(qint32(metadata.size()), prefix + 4);
    out.append(prefix, 8);
    out.append(metadata);
    metadataLength = qint32(out.size());
    out.append(body);
    return out;
}

} // namespace

QByteArray ArrowIpcWriter::file(const QList<ColumnArray> &columns, qint64 rows)
{
    QByteArray out = QByteArray(ArrowIpcFormat::Magic) + QByteArray(2, '\0');
    qint32 ignored = 0;
    out.append(encapsulate(message(ArrowIpcFormat::HeaderSchema, schema(columns), 0), {}, ignored));

    BodyWriter writer;
    for (const ColumnArray &column : columns) {
        writer.add(column);
    }
    Builder::Table batch;
    batch.scalar64(0, rows)
        .object(1, Builder::structs(writer.nodes, writer.nodeCount))
        .object(2, Builder::structs(writer.buffers, writer.bufferCount));
    const qint64 batchAt = out.size();
    qint32 metadataLength = 0;
    out.append(encapsulate(
        message(ArrowIpcFormat::HeaderRecordBatch, Builder::table(batch), writer.body.size()),
        writer.body, metadataLength));
    // End of stream: the marker and a zero length.
    char end[8];
    qToLittleEndian<quint32>(0xFFFFFFFFu, end);
    qToLittleEndian<qint32>(0, end + 4);
    out.append(end, 8);

    char block[24] = {};
    qToLittleEndian<qint64>(batchAt, block);
    qToLittleEndian<qint32>(metadataLength, block + 8);
    qToLittleEndian<qint64>(writer.body.size(), block + 16);
    Builder::Table footer;
    footer.scalar16(0, ArrowIpcFormat::MetadataVersion)
        .object(1, schema(columns))
        .object(2, Builder::structs({}, 0))
        .object(3, Builder::structs(QByteArray(block, 24), 1));
    const QByteArray footerBytes = Builder::finish(Builder::table(footer));
    out.append(footerBytes);
    char length[4];
    qToLittleEndian<qint32>(qint32(footerBytes.size()), length);
    out.append(length, 4);
    out.append(ArrowIpcFormat::Magic);
    return out;
}

} // namespace lance::rows
