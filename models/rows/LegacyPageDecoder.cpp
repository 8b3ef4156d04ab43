// SPDX-License-Identifier: Apache-2.0
#include "rows/LegacyPageDecoder.h"

#include "api/ErrorCode.h"
#include "rows/PageDecoder.h"
#include "rows/ValueDecoder.h"

#include <QtEndian>

using lance::api::ApiError;

namespace lance::rows {

namespace {

using LegacyEncodingKind = LegacyEncoding::Kind;
using LegacyNulls = LegacyEncoding::Nulls;
using LegacyBuffers = LegacyPageDecoder::Buffers;
using LegacyType = ValueType::Kind;

/// Items a page's fixed-size lists may hold, past which the product of rows and dimension is
/// refused before it could overflow: a page holds far fewer.
constexpr quint64 MaxLegacyItems = quint64{1} << 40;

ApiError missingOrUnsupported(const LegacyEncoding &encoding, const QString &where)
{
    if (encoding.kind == LegacyEncodingKind::Unknown && encoding.field == 0) {
        return ValueDecoder::damaged(where,
                                     LegacyPageDecoder::tr("an encoding it needs is missing"));
    }
    return LegacyPageDecoder::unsupported(encoding, where);
}

ApiError typeMismatch(const LegacyEncoding &encoding, const ColumnArray &leaf, const QString &where)
{
    return ValueDecoder::damaged(where, LegacyPageDecoder::tr("its encoding %1 does not hold "
                                                              "values of its type %2")
                                            .arg(encoding.text(), leaf.type.spelling));
}

// The encoding under any "no nulls" wrappers: what holds the bytes of offsets, indices and
// string bytes, which 2.0 wraps so, or not.
const LegacyEncoding &unwrapped(const LegacyEncoding &encoding)
{
    const LegacyEncoding *at = &encoding;
    while (at->kind == LegacyEncodingKind::Nullable && at->nulls == LegacyNulls::None
           && at->children.size() == 1) {
        at = &at->children.front();
    }
    return *at;
}

// A plain Flat: anything compressed or of another width is not one of these.
bool isFlat(const LegacyEncoding &encoding, quint64 bits)
{
    return encoding.kind == LegacyEncodingKind::Flat && encoding.bits == bits
           && encoding.compression.isEmpty();
}

// Bytes [offset, offset + size) of the buffer a Flat names.
api::Result<QByteArray> readFlat(const LegacyEncoding &flat, const LegacyBuffers &buffers,
                                 quint64 offset, quint64 size, const QString &where)
{
    const PageBuffers &in = flat.place == LegacyEncoding::Place::Page     ? buffers.page
                            : flat.place == LegacyEncoding::Place::Column ? buffers.column
                                                                          : buffers.file;
    if (!flat.hasBuffer || flat.buffer >= quint64(in.count())) {
        return ValueDecoder::damaged(
            where,
            LegacyPageDecoder::tr("it names buffer %1 of %2").arg(flat.buffer).arg(in.count()));
    }
    return in.read(qsizetype(flat.buffer), offset, size);
}

// Bits [from, to) of a bitmap (a validity, booleans), one byte each, least significant first as
// Arrow packs them.
api::Result<QByteArray> bitsOf(const LegacyEncoding &encoding, const LegacyBuffers &buffers,
                               quint64 from, quint64 to, const QString &where)
{
    const LegacyEncoding &flat = unwrapped(encoding);
    if (!isFlat(flat, 1)) {
        return missingOrUnsupported(flat, where);
    }
    if (from == to) {
        return QByteArray(); // not even the byte `from` is in
    }
    const quint64 first = from / 8;
    const auto bytes = readFlat(flat, buffers, first, (to + 7) / 8 - first, where);
    if (!bytes) {
        return bytes.error();
    }
    QByteArray out(qsizetype(to - from), Qt::Uninitialized);
    for (quint64 i = from; i < to; ++i) {
        const auto byte = quint8(bytes->at(qsizetype(i / 8 - first)));
        out[qsizetype(i - from)] = char((byte >> (i % 8)) & 1);
    }
    return out;
}

// Values [from, to) of `width` bytes each, as the file holds them (little-endian).
api::Result<QByteArray> fixedOf(const LegacyEncoding &encoding, const LegacyBuffers &buffers,
                                int width, quint64 from, quint64 to, const QString &where)
{
    const LegacyEncoding &flat = unwrapped(encoding);
    if (!isFlat(flat, quint64(width) * 8)) {
        return missingOrUnsupported(flat, where);
    }
    return readFlat(flat, buffers, from * quint64(width), (to - from) * quint64(width), where);
}

api::Result<QList<quint64>> integersOf(const LegacyEncoding &encoding, const LegacyBuffers &buffers,
                                       quint64 from, quint64 to, const QString &where)
{
    const LegacyEncoding &flat = unwrapped(encoding);
    const int width = int(flat.bits / 8);
    if (flat.kind != LegacyEncodingKind::Flat || flat.bits % 8 != 0
        || (width != 1 && width != 2 && width != 4 && width != 8)) {
        return missingOrUnsupported(flat, where);
    }
    const auto bytes = fixedOf(flat, buffers, width, from, to, where);
    if (!bytes) {
        return bytes.error();
    }
    QList<quint64> out(qsizetype(to - from));
    const char *at = bytes->constData();
    for (quint64 &value : out) {
        switch (width) {
        case 1:
            value = quint8(*at);
            break;
        case 2:
            value = qFromLittleEndian<quint16>(at);
            break;
        case 4:
            value = qFromLittleEndian<quint32>(at);
            break;
        default:
            value = qFromLittleEndian<quint64>(at);
            break;
        }
        at += width;
    }
    return out;
}

// `validity` (one byte a value) laid over what `array` says of its own values.
void restrictValidity(ColumnArray &array, const QByteArray &validity)
{
    if (array.validity.isEmpty()) {
        array.validity = validity;
    } else {
        for (qsizetype i = 0; i < array.validity.size() && i < validity.size(); ++i) {
            array.validity[i] = char(array.validity.at(i) != 0 && validity.at(i) != 0);
        }
    }
    if (!array.validity.contains('\0')) {
        array.validity.clear();
    }
}

api::Result<ColumnArray> decodeValues(const LegacyEncoding &encoding, const LegacyBuffers &buffers,
                                      const ColumnArray &leaf, quint64 from, quint64 to,
                                      const QString &where);

// Strings and binaries: the end of each (raised by the null adjustment when it is null), then
// all their bytes back to back. Row r starts where row r - 1 ended.
api::Result<ColumnArray> decodeBinary(const LegacyEncoding &encoding, const LegacyBuffers &buffers,
                                      const ColumnArray &leaf, quint64 from, quint64 to,
                                      const QString &where)
{
    if (!leaf.type.isVariableWidth()) {
        return typeMismatch(encoding, leaf, where);
    }
    const quint64 first = from > 0 ? from - 1 : 0;
    const auto ends = integersOf(encoding.children.at(0), buffers, first, to, where);
    if (!ends) {
        return ends.error();
    }
    const quint64 adjustment = encoding.adjustment;
    const auto endOf = [&](quint64 stored) {
        return stored >= adjustment ? stored - adjustment : stored;
    };
    const quint64 start = from > 0 ? endOf(ends->front()) : 0;
    ColumnArray out = leaf;
    out.length = qint64(to - from);
    out.offsets.reserve(qsizetype(to - from + 1));
    out.offsets.append(0);
    QByteArray validity(qsizetype(to - from), '\1');
    quint64 end = start;
    for (quint64 row = from; row < to; ++row) {
        const quint64 stored = ends->at(qsizetype(row - first));
        const quint64 next = endOf(stored);
        if (next < end) {
            return ValueDecoder::damaged(
                where, LegacyPageDecoder::tr("value %1 ends before it starts").arg(row));
        }
        validity[qsizetype(row - from)] = char(stored < adjustment);
        end = next;
    }
    // The bytes first: they bound the offsets, which a damaged page could make huge.
    const LegacyEncoding &bytes = unwrapped(encoding.children.at(1));
    if (!isFlat(bytes, 8)) {
        return missingOrUnsupported(bytes, where);
    }
    auto data = readFlat(bytes, buffers, start, end - start, where);
    if (!data) {
        return data.error();
    }
    for (quint64 row = from; row < to; ++row) {
        out.offsets.append(qint64(endOf(ends->at(qsizetype(row - first))) - start));
    }
    out.values = std::move(*data);
    restrictValidity(out, validity);
    return out;
}

// A dictionary: its items decoded whole, each row an index into them, 0 for null and i + 1 for
// item i.
api::Result<ColumnArray> decodeDictionary(const LegacyEncoding &encoding,
                                          const LegacyBuffers &buffers, const ColumnArray &leaf,
                                          quint64 from, quint64 to, const QString &where)
{
    const quint64 items = encoding.items;
    if (items > PageDecoder::MaxPageRows) {
        return ValueDecoder::damaged(
            where, LegacyPageDecoder::tr("its dictionary says it holds %1 items").arg(items));
    }
    const auto indices = integersOf(encoding.children.at(0), buffers, from, to, where);
    if (!indices) {
        return indices.error();
    }
    QList<qint64> rows;
    rows.reserve(indices->size());
    QByteArray validity(indices->size(), '\1');
    for (qsizetype i = 0; i < indices->size(); ++i) {
        const quint64 index = indices->at(i);
        if (index > items) {
            return ValueDecoder::damaged(where, LegacyPageDecoder::tr("a value names item %1 of "
                                                                      "a dictionary of %2")
                                                    .arg(qint64(index) - 1)
                                                    .arg(items));
        }
        validity[i] = char(index != 0);
        rows.append(index == 0 ? 0 : qint64(index) - 1); // a null's slot: any item will do
    }
    if (items == 0) {
        return leaf.nullsLike(indices->size()); // every index was 0
    }
    auto dictionary = decodeValues(encoding.children.at(1), buffers, leaf, 0, items, where);
    if (!dictionary) {
        return dictionary.error();
    }
    if (dictionary->length != qint64(items)) {
        return ValueDecoder::damaged(where, LegacyPageDecoder::tr("its dictionary does not hold "
                                                                  "its %1 items")
                                                .arg(items));
    }
    ColumnArray out = dictionary->take(rows);
    restrictValidity(out, validity);
    return out;
}

api::Result<ColumnArray> decodeValues(const LegacyEncoding &encoding, const LegacyBuffers &buffers,
                                      const ColumnArray &leaf, quint64 from, quint64 to,
                                      const QString &where)
{
    const quint64 count = to - from;
    switch (encoding.kind) {
    case LegacyEncodingKind::Nullable:
        switch (encoding.nulls) {
        case LegacyNulls::All:
            return leaf.nullsLike(qint64(count));
        case LegacyNulls::None:
            return decodeValues(encoding.children.at(0), buffers, leaf, from, to, where);
        case LegacyNulls::Some: {
            const auto validity = bitsOf(encoding.children.at(0), buffers, from, to, where);
            if (!validity) {
                return validity.error();
            }
            auto values = decodeValues(encoding.children.at(1), buffers, leaf, from, to, where);
            if (values) {
                restrictValidity(*values, *validity);
            }
            return values;
        }
        }
        break;
    case LegacyEncodingKind::Flat: {
        if (!leaf.type.isFixedWidth()) {
            return typeMismatch(encoding, leaf, where);
        }
        const bool boolean = leaf.type.kind == LegacyType::Bool;
        if (encoding.compression.isEmpty()
            && encoding.bits != quint64(boolean ? 1 : leaf.type.bytes * 8)) {
            return typeMismatch(encoding, leaf, where);
        }
        auto values = boolean ? bitsOf(encoding, buffers, from, to, where)
                              : fixedOf(encoding, buffers, leaf.type.bytes, from, to, where);
        if (!values) {
            return values.error();
        }
        ColumnArray out = leaf;
        out.length = qint64(count);
        out.values = std::move(*values);
        return out;
    }
    case LegacyEncodingKind::FixedSizeList: {
        const quint64 dimension = encoding.bits;
        if (leaf.type.kind != LegacyType::FixedSizeList || leaf.children.size() != 1
            || dimension != quint64(leaf.type.listSize)) {
            return typeMismatch(encoding, leaf, where);
        }
        if (dimension == 0 || to > MaxLegacyItems / dimension) {
            return ValueDecoder::damaged(
                where, LegacyPageDecoder::tr("it says it holds %1 items a value").arg(dimension));
        }
        auto items = decodeValues(encoding.children.at(0), buffers, leaf.children.front(),
                                  from * dimension, to * dimension, where);
        if (!items) {
            return items.error();
        }
        ColumnArray out = leaf;
        out.length = qint64(count);
        out.children = {std::move(*items)};
        return out;
    }
    case LegacyEncodingKind::Binary:
        return decodeBinary(encoding, buffers, leaf, from, to, where);
    case LegacyEncodingKind::Dictionary:
        return decodeDictionary(encoding, buffers, leaf, from, to, where);
    default:
        break;
    }
    return missingOrUnsupported(encoding, where);
}

} // namespace

api::Result<ColumnArray> LegacyPageDecoder::values(const LegacyEncoding &encoding,
                                                   const Buffers &buffers, const ColumnArray &leaf,
                                                   quint64 from, quint64 to, const QString &where)
{
    return decodeValues(encoding, buffers, leaf, from, std::max(from, to), where);
}

api::Result<QList<quint64>> LegacyPageDecoder::integers(const LegacyEncoding &encoding,
                                                        const Buffers &buffers, quint64 from,
                                                        quint64 to, const QString &where)
{
    return integersOf(encoding, buffers, from, std::max(from, to), where);
}

ApiError LegacyPageDecoder::unsupported(const LegacyEncoding &encoding, const QString &where)
{
    return ApiError::catalog(api::ErrorCode::Unsupported,
                             tr("%1 is encoded as %2 (Lance file format 2.0), which this version "
                                "does not read.")
                                 .arg(where, encoding.text()));
}

} // namespace lance::rows
