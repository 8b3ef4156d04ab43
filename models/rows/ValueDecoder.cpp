// SPDX-License-Identifier: Apache-2.0
#include "rows/ValueDecoder.h"

#include "api/ErrorCode.h"
#include "rows/FastLanes.h"
#include "rows/FsstDecoder.h"

#include <QtEndian>
#include <QtNumeric>

#include <cstring>
#include <limits>
#include <vector>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::rows {

namespace {

using EncodingKind = format::PageLayout::Encoding::Kind;

// Unpacks FastLanes blocks of T-bit words: `blocks` blocks in a row, each either led by its own
// width word (inline) or all of `width` (out of line).
template <typename T>
bool unpackBlocks(QByteArrayView &bytes, qsizetype blocks, int width, bool inlineWidth,
                  QByteArray &out)
{
    constexpr int Bits = int(sizeof(T)) * 8;
    std::vector<T> words;
    std::vector<T> values(FastLanes::BlockValues);
    for (qsizetype b = 0; b < blocks; ++b) {
        if (inlineWidth) {
            if (bytes.size() < qsizetype(sizeof(T))) {
                return false;
            }
            const auto stored = qFromLittleEndian<T>(bytes.data());
            if (stored > T(Bits)) {
                return false;
            }
            width = int(stored);
            bytes = bytes.sliced(sizeof(T));
        }
        const qsizetype count = FastLanes::wordsPerBlock<T>(width);
        if (bytes.size() < count * qsizetype(sizeof(T))) {
            return false;
        }
        words.resize(count);
        for (qsizetype i = 0; i < count; ++i) {
            words[i] = qFromLittleEndian<T>(bytes.data() + i * sizeof(T));
        }
        FastLanes::unpack<T>(words.data(), width, values.data());
        const qsizetype at = out.size();
        out.resize(at + FastLanes::BlockValues * qsizetype(sizeof(T)));
        for (int i = 0; i < FastLanes::BlockValues; ++i) {
            qToLittleEndian<T>(values[i], out.data() + at + i * qsizetype(sizeof(T)));
        }
        bytes = bytes.sliced(count * sizeof(T));
    }
    return true;
}

bool unpack(int bits, QByteArrayView &bytes, qsizetype blocks, int width, bool inlineWidth,
            QByteArray &out)
{
    switch (bits) {
    case 8:
        return unpackBlocks<quint8>(bytes, blocks, width, inlineWidth, out);
    case 16:
        return unpackBlocks<quint16>(bytes, blocks, width, inlineWidth, out);
    case 32:
        return unpackBlocks<quint32>(bytes, blocks, width, inlineWidth, out);
    case 64:
        return unpackBlocks<quint64>(bytes, blocks, width, inlineWidth, out);
    default:
        return false;
    }
}

bool takeBuffer(QList<QByteArrayView> &buffers, QByteArrayView &out)
{
    if (buffers.isEmpty()) {
        return false;
    }
    out = buffers.takeFirst();
    return true;
}

quint64 readOffset(const char *at, int width)
{
    return width == 4 ? qFromLittleEndian<quint32>(at) : qFromLittleEndian<quint64>(at);
}

} // namespace

ApiError ValueDecoder::unsupported(const Encoding &encoding, const QString &where)
{
    return ApiError::catalog(
        api::ErrorCode::Unsupported,
        tr("%1 is encoded as %2, which this version does not read.").arg(where, encoding.text()));
}

ApiError ValueDecoder::damaged(const QString &where, const QString &what)
{
    return ApiError::invalidInput(tr("%1 is damaged: %2.").arg(where, what));
}

api::Result<QByteArray> ValueDecoder::fixed(const Encoding &encoding,
                                            QList<QByteArrayView> &buffers, quint64 count,
                                            const QString &where)
{
    QByteArrayView bytes;
    if (!takeBuffer(buffers, bytes)) {
        return damaged(where, tr("a buffer of its values is missing"));
    }
    const auto bits = int(encoding.bits);
    const auto tooShort = [&] {
        return damaged(where, tr("%1 bytes cannot hold %2 values encoded as %3")
                                  .arg(bytes.size())
                                  .arg(count)
                                  .arg(encoding.text()));
    };
    switch (encoding.kind) {
    case EncodingKind::Flat: {
        if (encoding.compression) {
            return unsupported(encoding, where);
        }
        if (bits == 1) {
            if (quint64(bytes.size()) < (count + 7) / 8) {
                return tooShort();
            }
            QByteArray out(qsizetype(count), Qt::Uninitialized);
            for (quint64 i = 0; i < count; ++i) {
                out[qsizetype(i)] = char((quint8(bytes.at(qsizetype(i / 8))) >> (i % 8)) & 1);
            }
            return out;
        }
        if (bits == 0 || bits % 8 != 0 || bits > 256) {
            return unsupported(encoding, where);
        }
        if (quint64(bytes.size()) / (bits / 8) < count) {
            return tooShort();
        }
        return bytes.first(qsizetype(count * (bits / 8))).toByteArray();
    }
    case EncodingKind::InlineBitpacking:
    case EncodingKind::OutOfLineBitpacking: {
        if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
            return unsupported(encoding, where);
        }
        const qsizetype word = bits / 8;
        const qsizetype full = qsizetype(count / FastLanes::BlockValues);
        const qsizetype tail = qsizetype(count % FastLanes::BlockValues);
        QByteArray out;
        out.reserve(qsizetype(count + FastLanes::BlockValues) * word);
        if (encoding.kind == EncodingKind::InlineBitpacking) {
            if (encoding.compression) {
                return unsupported(encoding, where);
            }
            if (!unpack(bits, bytes, full + (tail ? 1 : 0), 0, true, out)) {
                return tooShort();
            }
        } else {
            if (encoding.children.size() != 1
                || encoding.children.front().kind != EncodingKind::Flat
                || encoding.children.front().bits > quint64(bits)) {
                return unsupported(encoding, where);
            }
            const int width = int(encoding.children.front().bits);
            // The values past the last whole block are either kept raw or packed as one more
            // block padded with zeros; the buffer's length says which.
            const qsizetype perBlock = FastLanes::wordsPerBlock<quint8>(width) * 8 / bits;
            const bool rawTail = bytes.size() == (full * perBlock + tail) * word;
            if (!unpack(bits, bytes, full + (tail && !rawTail ? 1 : 0), width, false, out)) {
                return tooShort();
            }
            if (tail && rawTail) {
                out.append(bytes.first(tail * word).toByteArray());
            }
        }
        out.truncate(qsizetype(count) * word);
        return out;
    }
    case EncodingKind::Rle: {
        if (encoding.children.size() != 2 || encoding.children[0].kind != EncodingKind::Flat
            || encoding.children[1].kind != EncodingKind::Flat || encoding.children[1].bits != 8) {
            return unsupported(encoding, where);
        }
        const qsizetype word = qsizetype(encoding.children[0].bits / 8);
        QByteArrayView lengths;
        if (!takeBuffer(buffers, lengths)) {
            return damaged(where, tr("the run lengths of its values are missing"));
        }
        if (word == 0 || word > 32 || bytes.size() < lengths.size() * word) {
            return tooShort();
        }
        QByteArray out;
        out.reserve(qsizetype(count) * word);
        for (qsizetype run = 0; run < lengths.size() && quint64(out.size()) < count * word; ++run) {
            const QByteArrayView value = bytes.sliced(run * word, word);
            for (int i = quint8(lengths.at(run)); i > 0; --i) {
                out.append(value.data(), word);
            }
        }
        if (quint64(out.size()) < count * word) {
            return damaged(where, tr("its runs hold fewer than %1 values").arg(count));
        }
        out.truncate(qsizetype(count) * word);
        return out;
    }
    default:
        return unsupported(encoding, where);
    }
}

api::Result<QList<quint64>> ValueDecoder::integers(const Encoding &encoding,
                                                   QList<QByteArrayView> &buffers, quint64 count,
                                                   const QString &where)
{
    const auto raw = fixed(encoding, buffers, count, where);
    if (!raw) {
        return raw.error();
    }
    const qsizetype word = count ? raw->size() / qsizetype(count) : 1;
    QList<quint64> out(static_cast<qsizetype>(count));
    for (qsizetype i = 0; i < out.size(); ++i) {
        const char *at = raw->constData() + i * word;
        switch (word) {
        case 1:
            out[i] = quint8(*at);
            break;
        case 2:
            out[i] = qFromLittleEndian<quint16>(at);
            break;
        case 4:
            out[i] = qFromLittleEndian<quint32>(at);
            break;
        case 8:
            out[i] = qFromLittleEndian<quint64>(at);
            break;
        default:
            return unsupported(encoding, where);
        }
    }
    return out;
}

api::Result<void> ValueDecoder::chunk(const Encoding &encoding, QList<QByteArrayView> &buffers,
                                      quint64 count, ColumnArray &out, const QString &where)
{
    using ChunkKind = ValueType::Kind;
    if (encoding.kind == EncodingKind::Variable || encoding.kind == EncodingKind::Fsst) {
        if (!out.type.isVariableWidth()) {
            return unsupported(encoding, where);
        }
        const Encoding *variable = &encoding;
        std::optional<FsstDecoder> fsst;
        if (encoding.kind == EncodingKind::Fsst) {
            auto decoder = FsstDecoder::fromTable(encoding.bytes, where);
            if (!decoder) {
                return decoder.error();
            }
            fsst = *decoder;
            if (encoding.children.size() != 1) {
                return unsupported(encoding, where);
            }
            variable = &encoding.children.front();
        }
        if (variable->kind != EncodingKind::Variable || variable->compression
            || variable->children.size() != 1
            || variable->children.front().kind != EncodingKind::Flat
            || (variable->children.front().bits != 32 && variable->children.front().bits != 64)) {
            return unsupported(encoding, where);
        }
        const int width = int(variable->children.front().bits / 8);
        QByteArrayView bytes;
        if (!takeBuffer(buffers, bytes)) {
            return damaged(where, tr("a buffer of its values is missing"));
        }
        if (quint64(bytes.size()) / width < count + 1) {
            return damaged(
                where,
                tr("%1 bytes cannot hold the offsets of %2 strings").arg(bytes.size()).arg(count));
        }
        if (out.offsets.isEmpty()) {
            out.offsets.append(0);
        }
        // The offsets count from the start of the buffer, past the offsets themselves.
        quint64 previous = readOffset(bytes.data(), width);
        if (previous < (count + 1) * width) {
            return damaged(where, tr("its first string starts inside its offsets"));
        }
        for (quint64 i = 1; i <= count; ++i) {
            const quint64 next = readOffset(bytes.data() + i * width, width);
            if (next < previous || next > quint64(bytes.size())) {
                return damaged(where, tr("string %1 runs outside its buffer").arg(out.length + i));
            }
            const QByteArrayView value
                = bytes.sliced(qsizetype(previous), qsizetype(next - previous));
            if (fsst) {
                if (!fsst->decompress(value, out.values)) {
                    return damaged(where, tr("string %1 does not decompress").arg(out.length + i));
                }
            } else {
                out.values.append(value.data(), value.size());
            }
            out.offsets.append(out.values.size());
            previous = next;
        }
        out.length += qint64(count);
        return {};
    }
    if (encoding.kind == EncodingKind::FixedSizeList) {
        if (out.type.kind != ChunkKind::FixedSizeList || encoding.bits != quint64(out.type.listSize)
            || encoding.children.size() != 1
            || encoding.children.front().kind == EncodingKind::FixedSizeList) {
            return unsupported(encoding, where);
        }
        // A damaged size can make the product wrap, which would leave the vectors fewer items
        // than count * size (read past by whoever indexes them); an array's lengths are qint64.
        quint64 items = 0;
        if (qMulOverflow(count, encoding.bits, &items)
            || items > quint64(std::numeric_limits<qint64>::max())) {
            return damaged(where, tr("its %1 vectors of %2 items each are too many to hold")
                                      .arg(count)
                                      .arg(encoding.bits));
        }
        ColumnArray &child = out.children.front();
        if (encoding.hasValidity) {
            QByteArrayView bitmap;
            if (!takeBuffer(buffers, bitmap) || quint64(bitmap.size()) < (items + 7) / 8) {
                return damaged(where, tr("the validity of its vectors' items is missing"));
            }
            if (child.validity.isEmpty()) {
                child.validity.fill('\1', child.length);
            }
            for (quint64 i = 0; i < items; ++i) {
                child.validity.append(char((quint8(bitmap.at(qsizetype(i / 8))) >> (i % 8)) & 1));
            }
        } else if (!child.validity.isEmpty()) {
            child.validity.append(QByteArray(qsizetype(items), '\1'));
        }
        auto inner = chunk(encoding.children.front(), buffers, items, child, where);
        if (!inner) {
            return inner;
        }
        out.length += qint64(count);
        return {};
    }
    if (!out.type.isFixedWidth()) {
        return unsupported(encoding, where);
    }
    const auto raw = fixed(encoding, buffers, count, where);
    if (!raw) {
        return raw.error();
    }
    if (quint64(raw->size()) != count * quint64(out.type.bytes)) {
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 tr("%1 holds values of %2 as %3, which this version does not "
                                    "read.")
                                     .arg(where, out.type.spelling, encoding.text()));
    }
    out.values.append(*raw);
    out.length += qint64(count);
    return {};
}

api::Result<ColumnArray> ValueDecoder::block(const Encoding &encoding, QByteArrayView bytes,
                                             quint64 count, const ValueType &type,
                                             const QString &where)
{
    ColumnArray out;
    out.type = type;
    if (encoding.kind == EncodingKind::Variable && type.isVariableWidth()) {
        if (encoding.compression || encoding.children.size() != 1
            || encoding.children.front().kind != EncodingKind::Flat
            || (encoding.children.front().bits != 32 && encoding.children.front().bits != 64)) {
            return unsupported(encoding, where);
        }
        // Block form: the offsets' width, where the bytes start, then offsets from there.
        const int width = int(encoding.children.front().bits / 8);
        if (bytes.size() < 2 * width || readOffset(bytes.data(), width) != quint64(width) * 8) {
            return damaged(where, tr("its dictionary has no header"));
        }
        const quint64 start = readOffset(bytes.data() + width, width);
        if (quint64(bytes.size()) / width < count + 3 || start > quint64(bytes.size())
            || start < (count + 3) * width) {
            return damaged(where, tr("its dictionary cannot hold %1 items").arg(count));
        }
        out.offsets.reserve(qsizetype(count + 1));
        quint64 previous = 0;
        for (quint64 i = 0; i <= count; ++i) {
            const quint64 next = readOffset(bytes.data() + (2 + i) * width, width);
            if (next < previous || next > quint64(bytes.size()) - start) {
                return damaged(where, tr("item %1 of its dictionary runs outside it").arg(i));
            }
            out.offsets.append(qint64(next) - qint64(readOffset(bytes.data() + 2 * width, width)));
            previous = next;
        }
        const quint64 first = readOffset(bytes.data() + 2 * width, width);
        out.values
            = bytes.sliced(qsizetype(start + first), qsizetype(previous - first)).toByteArray();
        out.length = qint64(count);
        return out;
    }
    if (type.isFixedWidth()) {
        QList<QByteArrayView> buffers{bytes};
        auto filled = chunk(encoding, buffers, count, out, where);
        if (!filled) {
            return filled.error();
        }
        return out;
    }
    return unsupported(encoding, where);
}

} // namespace lance::rows
