// SPDX-License-Identifier: Apache-2.0
#include "rows/FullZipDecoder.h"

#include "rows/FsstDecoder.h"
#include "rows/LevelAssembler.h"
#include "rows/ValueDecoder.h"

#include <QtEndian>

#include <optional>
#include <zstd.h>

using lance::api::ApiError;

namespace lance::rows {

namespace {

using ZipKind = format::PageLayout::Encoding::Kind;

// A value inflated past this is refused: a damaged length could ask for gigabytes.
constexpr quint64 MaxInflatedValue = quint64{256} * 1024 * 1024;

quint64 readWord(const char *at, int bytes)
{
    switch (bytes) {
    case 1:
        return quint8(*at);
    case 2:
        return qFromLittleEndian<quint16>(at);
    case 4:
        return qFromLittleEndian<quint32>(at);
    default:
        return qFromLittleEndian<quint64>(at);
    }
}

// zstd per value (`General` around the values): a u64 length then one zstd frame.
bool inflateZstd(QByteArrayView value, QByteArray &out)
{
    if (value.size() < 8) {
        return false;
    }
    const quint64 length = qFromLittleEndian<quint64>(value.data());
    if (length > MaxInflatedValue) {
        return false;
    }
    const qsizetype at = out.size();
    out.resize(at + qsizetype(length));
    const size_t made = ZSTD_decompress(out.data() + at, size_t(length), value.data() + 8,
                                        size_t(value.size() - 8));
    return !ZSTD_isError(made) && made == length;
}

// The bytes of an entry's control word: its repetition level above its definition level, in
// as few of 1, 2 or 4 bytes as hold them; none where the page has no levels.
int controlWordBytes(const format::PageLayout &layout)
{
    const quint64 bits = quint64(layout.bitsRepetition) + layout.bitsDefinition;
    return bits == 0 ? 0 : bits <= 8 ? 1 : bits <= 16 ? 2 : 4;
}

} // namespace

api::Result<std::optional<FullZipDecoder::Span>>
FullZipDecoder::rowSpan(const format::PageLayout &layout, quint64 rows, const PageBuffers &buffers,
                        quint64 from, quint64 to, const QString &where)
{
    if (from >= to || to > rows || buffers.count() < 1) {
        return std::optional<Span>{};
    }
    const quint64 data = buffers.size(0);
    const auto within = [&](quint64 start, quint64 end) -> api::Result<std::optional<Span>> {
        if (start > end || end > data) {
            return ValueDecoder::damaged(where, tr("rows %1 to %2 lie at bytes %3 to %4 of its "
                                                   "%5")
                                                    .arg(from)
                                                    .arg(to)
                                                    .arg(start)
                                                    .arg(end)
                                                    .arg(data));
        }
        return std::optional<Span>(Span{start, end - start});
    };
    if (buffers.count() >= 2) {
        const quint64 indexBytes = buffers.size(1);
        const quint64 width = indexBytes / (rows + 1);
        if (indexBytes % (rows + 1) != 0
            || (width != 1 && width != 2 && width != 4 && width != 8)) {
            return ValueDecoder::damaged(where, tr("its repetition index of %1 bytes does not "
                                                   "fit its %2 rows")
                                                    .arg(indexBytes)
                                                    .arg(rows));
        }
        const auto at = [&](quint64 row) -> api::Result<quint64> {
            auto bytes = buffers.read(1, row * width, width);
            if (!bytes) {
                return bytes.error();
            }
            quint64 value = 0;
            for (quint64 b = 0; b < width; ++b) {
                value |= quint64(uchar(bytes->at(qsizetype(b)))) << (8 * b);
            }
            return value;
        };
        auto start = at(from);
        if (!start) {
            return start.error();
        }
        auto end = at(to);
        if (!end) {
            return end.error();
        }
        return within(*start, *end);
    }
    if (layout.bitsRepetition == 0 && layout.bitsPerValue && *layout.bitsPerValue % 8 == 0) {
        const quint64 stride = quint64(controlWordBytes(layout)) + *layout.bitsPerValue / 8;
        if (stride == 0 || data / stride != rows || data % stride != 0) {
            return ValueDecoder::damaged(
                where,
                tr("its %1 bytes are not %2 entries of %3 bytes").arg(data).arg(rows).arg(stride));
        }
        return within(from * stride, to * stride);
    }
    return std::optional<Span>{};
}

api::Result<FullZipDecoder::Unzipped> FullZipDecoder::unzip(const format::PageLayout &layout,
                                                            QByteArrayView zipped,
                                                            ColumnArray values,
                                                            const QString &where)
{
    using Encoding = format::PageLayout::Encoding;
    if (!layout.values) {
        return ValueDecoder::damaged(where, tr("it does not say how its values are encoded"));
    }
    const Encoding &encoding = *layout.values;
    const int wordBytes = controlWordBytes(layout);
    if (layout.bitsRepetition > 16 || layout.bitsDefinition > 16) {
        return ValueDecoder::damaged(where, tr("its levels take more than 16 bits"));
    }
    const quint16 maxVisible = LevelAssembler::maxVisibleDefinition(layout.layers);

    // How a visible value is stored.
    qsizetype fixedBytes = 0;
    int offsetBytes = 0;
    std::optional<FsstDecoder> fsst;
    bool zstd = false;
    const Encoding *leafEncoding = &encoding;
    if (layout.bitsPerValue) {
        if (*layout.bitsPerValue % 8 != 0 || *layout.bitsPerValue == 0) {
            return ValueDecoder::unsupported(encoding, where);
        }
        fixedBytes = qsizetype(*layout.bitsPerValue / 8);
    } else if (layout.bitsPerOffset == 32 || layout.bitsPerOffset == 64) {
        offsetBytes = int(*layout.bitsPerOffset / 8);
        if (!values.type.isVariableWidth()) {
            return ValueDecoder::unsupported(encoding, where);
        }
        if (encoding.kind == ZipKind::Fsst) {
            auto decoder = FsstDecoder::fromTable(encoding.bytes, where);
            if (!decoder) {
                return decoder.error();
            }
            fsst = *decoder;
        } else if (encoding.kind == ZipKind::General) {
            if (!encoding.compression || encoding.compression->scheme != 2) {
                return ValueDecoder::unsupported(encoding, where);
            }
            zstd = true;
        } else if (encoding.kind != ZipKind::Variable) {
            return ValueDecoder::unsupported(encoding, where);
        }
    } else {
        return ValueDecoder::unsupported(encoding, where);
    }

    Unzipped out;
    QByteArray fixed;
    if (values.type.isVariableWidth() && values.offsets.isEmpty()) {
        values.offsets.append(0);
    }
    qsizetype at = 0;
    qint64 entries = 0;
    const quint32 defMask = (1u << layout.bitsDefinition) - 1;
    while (at < zipped.size()) {
        const auto truncated = [&] {
            return ValueDecoder::damaged(where, tr("entry %1 runs past its end").arg(entries));
        };
        quint16 rep = 0;
        quint16 def = 0;
        if (wordBytes > 0) {
            if (zipped.size() - at < wordBytes) {
                return truncated();
            }
            const auto word = quint32(readWord(zipped.data() + at, wordBytes));
            at += wordBytes;
            def = quint16(word & defMask);
            rep = quint16(word >> layout.bitsDefinition);
            if (layout.bitsRepetition > 0) {
                out.repetition.append(rep);
            }
            if (layout.bitsDefinition > 0) {
                out.definition.append(def);
            }
        }
        ++entries;
        if (def > maxVisible) {
            continue; // a null or empty list: no value
        }
        if (fixedBytes > 0) {
            if (zipped.size() - at < fixedBytes) {
                return truncated();
            }
            fixed.append(zipped.data() + at, fixedBytes);
            at += fixedBytes;
            ++values.length;
            continue;
        }
        if (def == 0) {
            if (zipped.size() - at < offsetBytes) {
                return truncated();
            }
            const quint64 length = readWord(zipped.data() + at, offsetBytes);
            at += offsetBytes;
            if (length > quint64(zipped.size() - at)) {
                return truncated();
            }
            const QByteArrayView value = zipped.sliced(at, qsizetype(length));
            at += qsizetype(length);
            const bool whole = fsst   ? fsst->decompress(value, values.values)
                               : zstd ? inflateZstd(value, values.values)
                                      : (values.values.append(value.data(), value.size()), true);
            if (!whole) {
                return ValueDecoder::damaged(where,
                                             tr("value %1 does not decompress").arg(entries));
            }
        }
        values.offsets.append(values.values.size());
        ++values.length;
    }
    if (quint64(entries) != layout.items && layout.items != 0) {
        return ValueDecoder::damaged(
            where, tr("it holds %1 entries, not %2").arg(entries).arg(layout.items));
    }
    if (fixedBytes > 0) {
        // Fixed-width values, or vectors: each its items' validity bits, then its items.
        ColumnArray decoded = values;
        decoded.length = 0;
        if (leafEncoding->kind == ZipKind::FixedSizeList) {
            if (values.type.kind != ValueType::Kind::FixedSizeList
                || leafEncoding->bits != quint64(values.type.listSize)
                || leafEncoding->children.size() != 1
                || leafEncoding->children.front().kind != ZipKind::Flat) {
                return ValueDecoder::unsupported(encoding, where);
            }
            const qint64 dim = values.type.listSize;
            const qsizetype bitmap = leafEncoding->hasValidity ? qsizetype((dim + 7) / 8) : 0;
            const qsizetype itemBytes = qsizetype(leafEncoding->children.front().bits / 8);
            if (bitmap + dim * itemBytes != fixedBytes) {
                return ValueDecoder::damaged(
                    where, tr("its vectors are not %1 bytes each").arg(fixedBytes));
            }
            ColumnArray &child = decoded.children.front();
            QByteArray items;
            for (qint64 v = 0; v < values.length; ++v) {
                const char *record = fixed.constData() + v * fixedBytes;
                if (bitmap > 0) {
                    for (qint64 i = 0; i < dim; ++i) {
                        child.validity.append(char((quint8(record[i / 8]) >> (i % 8)) & 1));
                    }
                }
                items.append(record + bitmap, dim * itemBytes);
            }
            QList<QByteArrayView> itemBuffers{items};
            auto filled = ValueDecoder::chunk(leafEncoding->children.front(), itemBuffers,
                                              quint64(values.length * dim), child, where);
            if (!filled) {
                return filled.error();
            }
            if (!child.validity.contains('\0')) {
                child.validity.clear();
            }
            decoded.length = values.length;
        } else {
            QList<QByteArrayView> all{fixed};
            auto filled
                = ValueDecoder::chunk(encoding, all, quint64(values.length), decoded, where);
            if (!filled) {
                return filled.error();
            }
        }
        out.values = std::move(decoded);
        return out;
    }
    out.values = std::move(values);
    return out;
}

} // namespace lance::rows
