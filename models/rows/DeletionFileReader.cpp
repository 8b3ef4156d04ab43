// SPDX-License-Identifier: Apache-2.0
#include "rows/DeletionFileReader.h"

#include "api/ErrorCode.h"
#include "format/RoaringBitmap.h"
#include "rows/FlatBufferTable.h"

#include <QtEndian>

#include <algorithm>
#include <zstd.h>

using lance::api::ApiError;

namespace lance::rows {

namespace {

constexpr QByteArrayView ArrowMagic = "ARROW1";
constexpr qsizetype BlockSize = 24;  // Block: offset i64, metaDataLength i32, pad, bodyLength i64
constexpr qsizetype BufferSize = 16; // Buffer: offset i64, length i64
constexpr quint8 RecordBatchHeader = 3;
constexpr quint8 IntType = 2;
constexpr quint8 ZstdCodec = 1;

// One IPC buffer of a record batch's body, inflated when the batch says it is compressed.
std::optional<QByteArray> bodyBuffer(QByteArrayView body, QByteArrayView buffers, qsizetype index,
                                     bool zstd)
{
    const qint64 offset = qFromLittleEndian<qint64>(buffers.data() + index * BufferSize);
    const qint64 length = qFromLittleEndian<qint64>(buffers.data() + index * BufferSize + 8);
    if (offset < 0 || length < 0 || offset > body.size() || length > body.size() - offset) {
        return std::nullopt;
    }
    const QByteArrayView bytes = body.sliced(qsizetype(offset), qsizetype(length));
    if (!zstd || bytes.isEmpty()) {
        return bytes.toByteArray();
    }
    if (bytes.size() < 8) {
        return std::nullopt;
    }
    const auto inflated = qFromLittleEndian<qint64>(bytes.data());
    if (inflated == -1) {
        return bytes.sliced(8).toByteArray();
    }
    if (inflated < 0 || quint64(inflated) > DeletionFileReader::MaxOffsets * 4) {
        return std::nullopt;
    }
    QByteArray out(qsizetype(inflated), Qt::Uninitialized);
    const size_t made
        = ZSTD_decompress(out.data(), size_t(inflated), bytes.data() + 8, size_t(bytes.size() - 8));
    if (ZSTD_isError(made) || made != size_t(inflated)) {
        return std::nullopt;
    }
    return out;
}

api::Result<QList<quint32>> decodeArrow(QByteArrayView bytes, const QString &name)
{
    const auto damaged = [&](const QString &what) {
        return ApiError::invalidInput(
            DeletionFileReader::tr("The deletion file %1 is damaged: %2.").arg(name, what));
    };
    if (bytes.size() < 2 * ArrowMagic.size() + 4 || !bytes.startsWith(ArrowMagic)
        || !bytes.endsWith(ArrowMagic)) {
        return damaged(DeletionFileReader::tr("it is not an Arrow IPC file"));
    }
    const qsizetype end = bytes.size() - ArrowMagic.size() - 4;
    const auto footerLength = qFromLittleEndian<qint32>(bytes.data() + end);
    if (footerLength <= 0 || footerLength > end) {
        return damaged(DeletionFileReader::tr("its footer runs outside it"));
    }
    const auto footer = FlatBufferTable::root(bytes.sliced(end - footerLength, footerLength));
    const auto schema = footer ? footer->table(1) : std::nullopt;
    const auto fields = schema ? schema->tables(1) : std::nullopt;
    const auto type = fields && fields->size() == 1 ? fields->front().table(3) : std::nullopt;
    if (!type || fields->front().scalar<quint8>(2, 0) != IntType || type->scalar<qint32>(0, 0) != 32
        || type->scalar<quint8>(1, 0) != 0) {
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 DeletionFileReader::tr("The deletion file %1 does not hold one "
                                                        "column of unsigned 32-bit row offsets.")
                                     .arg(name));
    }
    qsizetype blocks = 0;
    const auto blockBytes = footer->structs(3, BlockSize, blocks);
    if (!blockBytes) {
        return damaged(DeletionFileReader::tr("its record batches cannot be found"));
    }
    QList<quint32> out;
    for (qsizetype b = 0; b < blocks; ++b) {
        const char *block = blockBytes->data() + b * BlockSize;
        const auto offset = qFromLittleEndian<qint64>(block);
        const auto metadataLength = qFromLittleEndian<qint32>(block + 8);
        const auto bodyLength = qFromLittleEndian<qint64>(block + 16);
        if (offset < 8 || metadataLength < 8 || bodyLength < 0 || offset > end
            || metadataLength > end - offset || bodyLength > end - offset - metadataLength) {
            return damaged(DeletionFileReader::tr("record batch %1 runs outside it").arg(b + 1));
        }
        // The message: the continuation marker, its length, then the flatbuffer.
        qsizetype at = qsizetype(offset);
        if (qFromLittleEndian<quint32>(bytes.data() + at) == 0xFFFFFFFFu) {
            at += 4;
        }
        const auto length = qFromLittleEndian<qint32>(bytes.data() + at);
        at += 4;
        if (length < 0 || at + length > offset + metadataLength) {
            return damaged(DeletionFileReader::tr("record batch %1 runs outside it").arg(b + 1));
        }
        const auto message = FlatBufferTable::root(bytes.sliced(at, length));
        const auto batch = message && message->scalar<quint8>(1, 0) == RecordBatchHeader
                               ? message->table(2)
                               : std::nullopt;
        if (!batch) {
            return damaged(DeletionFileReader::tr("record batch %1 is not one").arg(b + 1));
        }
        qsizetype nodes = 0;
        qsizetype bufferCount = 0;
        const std::optional<QByteArrayView> nodeBytes = batch->structs(1, 16, nodes);
        const std::optional<QByteArrayView> buffers = batch->structs(2, BufferSize, bufferCount);
        if (!nodeBytes.has_value() || nodes != 1 || !buffers.has_value() || bufferCount != 2) {
            return damaged(DeletionFileReader::tr("record batch %1 is not one column").arg(b + 1));
        }
        const QByteArrayView node = nodeBytes.value();
        const auto rows = qFromLittleEndian<qint64>(node.data());
        const auto nulls = qFromLittleEndian<qint64>(node.data() + 8);
        const auto compression = batch->table(3);
        if (compression && compression->scalar<quint8>(0, 0) != ZstdCodec) {
            return ApiError::catalog(api::ErrorCode::Unsupported,
                                     DeletionFileReader::tr("The deletion file %1 is compressed "
                                                            "with LZ4, which this version does "
                                                            "not read.")
                                         .arg(name));
        }
        const QByteArrayView body
            = bytes.sliced(qsizetype(offset + metadataLength), qsizetype(bodyLength));
        const auto values = bodyBuffer(body, *buffers, 1, compression.has_value());
        if (rows < 0 || nulls != 0 || quint64(out.size() + rows) > DeletionFileReader::MaxOffsets
            || !values || values->size() < rows * 4) {
            return damaged(DeletionFileReader::tr("record batch %1 cannot be read").arg(b + 1));
        }
        for (qint64 i = 0; i < rows; ++i) {
            out.append(qFromLittleEndian<quint32>(values->constData() + i * 4));
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace

api::Result<QList<quint32>> DeletionFileReader::decode(QByteArrayView bytes, quint64 fileType,
                                                       const QString &name)
{
    switch (fileType) {
    case 0:
        return decodeArrow(bytes, name);
    case 1:
        return format::RoaringBitmap::decode(bytes, tr("The deletion file %1").arg(name),
                                             MaxOffsets);
    default:
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 tr("The deletion file %1 is of a kind (%2) this version does not "
                                    "read.")
                                     .arg(name)
                                     .arg(fileType));
    }
}

} // namespace lance::rows
