// SPDX-License-Identifier: Apache-2.0
#include "rows/PageDecoder.h"

#include "api/ErrorCode.h"
#include "format/MiniBlockChunks.h"
#include "format/PageLayout.h"
#include "rows/FullZipDecoder.h"
#include "rows/PageBuffers.h"
#include "rows/ValueDecoder.h"

#include <QtEndian>

#include <algorithm>
#include <optional>

using lance::api::ApiError;

namespace lance::rows {

namespace {

using format::MiniBlockChunks;
using format::PageLayout;
using Page = format::DataFileLayout::Page;

QList<quint16> rawLevels(QByteArrayView bytes)
{
    QList<quint16> out(bytes.size() / 2);
    for (qsizetype i = 0; i < out.size(); ++i) {
        out[i] = qFromLittleEndian<quint16>(bytes.data() + i * 2);
    }
    return out;
}

api::Result<void> appendLevels(const std::optional<PageLayout::Encoding> &encoding,
                               QByteArrayView bytes, quint16 count, QList<quint16> &out,
                               const QString &where)
{
    if (!encoding) {
        return {};
    }
    QList<QByteArrayView> buffers{bytes};
    auto levels = ValueDecoder::integers(*encoding, buffers, count, where);
    if (!levels) {
        return levels.error();
    }
    for (const quint64 level : *levels) {
        out.append(quint16(level));
    }
    return {};
}

struct Decoded
{
    QList<quint16> repetition;
    QList<quint16> definition;
    ColumnArray values;
    qint64 first = 0; //!< the number (in the page) of the first row that starts in them
};

api::Result<Decoded> decodeMiniBlock(const PageLayout &layout, const PageBuffers &buffers,
                                     const ColumnArray &leaf, const QString &where, quint64 from,
                                     quint64 to)
{
    Decoded out;
    out.values = leaf;
    if (buffers.count() < (layout.dictionary ? 3 : 2) || !layout.values) {
        return ValueDecoder::damaged(
            where,
            PageDecoder::tr("it has %1 buffers, fewer than its layout needs").arg(buffers.count()));
    }
    if (layout.largeChunks) {
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 PageDecoder::tr("%1 has chunks larger than 32 KiB (Lance file "
                                                 "format 2.2), which this version does not read.")
                                     .arg(where));
    }
    const auto metadata = buffers.whole(0);
    if (!metadata) {
        return metadata.error();
    }
    const auto spans = MiniBlockChunks::spans(layout, *metadata, buffers.size(1), where);
    if (!spans) {
        return spans.error();
    }
    if (spans->isEmpty() || from == to) {
        return out; // no rows asked for, or none there
    }
    // Which chunks hold rows [from, to).
    qsizetype firstChunk = 0;
    qsizetype lastChunk = spans->size() - 1;
    qint64 firstRow = 0; // the rows that start before firstChunk
    // With a repetition index: the rows that end before firstChunk, which with the chunk's first
    // level give firstRow once the chunk is decoded.
    std::optional<quint64> endedBefore;
    if (!layout.repetition) {
        // A row is an entry and a value: the chunks' value counts say where rows are.
        quint64 before = 0;
        for (qsizetype c = 0; c < spans->size(); ++c) {
            const quint64 values = spans->at(c).values;
            if (before + values <= from) {
                firstChunk = c + 1;
                firstRow = qint64(before + values);
            }
            if (before < to) {
                lastChunk = c;
            }
            before += values;
        }
        firstChunk = std::min(firstChunk, lastChunk);
    } else if (layout.repetitionIndexDepth == 1
               && buffers.count() >= 3 + (layout.dictionary ? 1 : 0)) {
        // The repetition index: for each chunk, the rows that end in it (and the items left
        // after its last row's end). Row r's entries are in the chunks from the one where row
        // r - 1 ends to the one where row r ends.
        const auto index = buffers.whole(buffers.count() - 1);
        if (!index) {
            return index.error();
        }
        if (index->size() != spans->size() * 16) {
            return ValueDecoder::damaged(where, PageDecoder::tr("its repetition index does not "
                                                                "have two numbers a chunk"));
        }
        quint64 ended = 0;
        bool firstFound = from == 0;
        for (qsizetype c = 0; c < spans->size(); ++c) {
            const auto ends = qFromLittleEndian<quint64>(index->constData() + c * 16);
            if (!firstFound && ended + ends >= from) {
                firstChunk = c; // where row from - 1 ends
                firstFound = true;
                endedBefore = ended;
            }
            ended += ends;
            if (ended >= to) {
                lastChunk = c; // where row to - 1 ends
                break;
            }
        }
        endedBefore = endedBefore.value_or(0);
    }

    // The chunks' bytes, in one read.
    const qsizetype begin = spans->at(firstChunk).offset;
    const qsizetype end = spans->at(lastChunk).offset + spans->at(lastChunk).bytes;
    const auto data = buffers.read(1, quint64(begin), quint64(end - begin));
    if (!data) {
        return data.error();
    }
    PageLayout slice = layout;
    slice.items = 0;
    for (qsizetype c = firstChunk; c <= lastChunk; ++c) {
        slice.items += spans->at(c).values;
    }
    const QByteArrayView words
        = QByteArrayView(*metadata).sliced(firstChunk * 2, (lastChunk - firstChunk + 1) * 2);
    auto chunks = MiniBlockChunks::read(slice, words, *data, where);
    if (!chunks) {
        return chunks.error();
    }

    std::optional<ColumnArray> dictionary;
    QList<qint64> indices;
    if (layout.dictionary) {
        const auto bytes = buffers.whole(2);
        if (!bytes) {
            return bytes.error();
        }
        auto items = ValueDecoder::block(*layout.dictionary, *bytes, layout.dictionaryItems,
                                         leaf.type, where);
        if (!items) {
            return items.error();
        }
        dictionary = std::move(*items);
    }
    for (MiniBlockChunks::Chunk &chunk : *chunks) {
        auto levels
            = appendLevels(layout.repetition, chunk.repetition, chunk.levels, out.repetition, where)
                  .and_then([&] {
                      return appendLevels(layout.definition, chunk.definition, chunk.levels,
                                          out.definition, where);
                  });
        if (!levels) {
            return levels.error();
        }
        if (dictionary) {
            auto chunkIndices
                = ValueDecoder::integers(*layout.values, chunk.buffers, chunk.values, where);
            if (!chunkIndices) {
                return chunkIndices.error();
            }
            for (const quint64 index : *chunkIndices) {
                if (index >= quint64(dictionary->length)) {
                    return ValueDecoder::damaged(
                        where, PageDecoder::tr("a value names item %1 of a dictionary of %2")
                                   .arg(index)
                                   .arg(dictionary->length));
                }
                indices.append(qint64(index));
            }
        } else {
            auto filled = ValueDecoder::chunk(*layout.values, chunk.buffers, chunk.values,
                                              out.values, where);
            if (!filled) {
                return filled.error();
            }
        }
    }
    if (dictionary) {
        out.values = dictionary->take(indices);
        out.values.validity.clear();
    }
    if (endedBefore) {
        // The rows that ended before the first chunk read, and one more when it starts in the
        // middle of a row (its first level does not start one).
        qint64 lists = 0;
        for (const PageLayout::Layer layer : layout.layers) {
            lists += LevelAssembler::isList(layer) ? 1 : 0;
        }
        const bool continues = !out.repetition.isEmpty() && out.repetition.front() != lists;
        firstRow = qint64(*endedBefore) + (continues ? 1 : 0);
    }
    out.first = firstRow;
    return out;
}

} // namespace

api::Result<LevelAssembler::Assembled> PageDecoder::decode(const Page &page, const ReadRange &read,
                                                           const ColumnArray &leaf,
                                                           const QString &where, quint64 from,
                                                           quint64 to)
{
    if (page.encoding.typeUrl != QLatin1StringView(PageLayout::TypeUrl)) {
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 tr("%1 is encoded as %2, which this version reads only in "
                                    "files of Lance file format 2.0, not in one of 2.1 or 2.2.")
                                     .arg(where, page.encoding.typeUrl));
    }
    if (page.rows > MaxPageRows) {
        return ValueDecoder::damaged(where, tr("it says it holds %1 rows").arg(page.rows));
    }
    to = std::min(to, page.rows);
    from = std::min(from, to);
    auto layout = PageLayout::decode(page.encoding, where);
    if (!layout) {
        return layout.error();
    }
    const PageBuffers buffers(page.buffers, read, where);
    Decoded decoded;
    decoded.values = leaf;
    const auto missing = [&] {
        return ValueDecoder::damaged(
            where, tr("it has %1 buffers, fewer than its layout needs").arg(buffers.count()));
    };
    switch (layout->kind) {
    case PageLayout::Kind::MiniBlock: {
        auto got = decodeMiniBlock(*layout, buffers, leaf, where, from, to);
        if (!got) {
            return got.error();
        }
        decoded = std::move(*got);
        break;
    }
    case PageLayout::Kind::AllNull: {
        qint64 visible = qint64(page.rows);
        if (layout->layers != QList<PageLayout::Layer>{PageLayout::Layer::NullableItem}) {
            if (buffers.count() < 2) {
                return missing();
            }
            const auto repetition = buffers.whole(0);
            const auto definition = repetition ? buffers.whole(1) : repetition;
            if (!definition) {
                return definition.error();
            }
            decoded.repetition = rawLevels(*repetition);
            decoded.definition = rawLevels(*definition);
            const quint16 maxVisible = LevelAssembler::maxVisibleDefinition(layout->layers);
            visible = decoded.definition.isEmpty()
                          ? qMax(decoded.repetition.size(), qsizetype(page.rows))
                          : 0;
            for (const quint16 level : std::as_const(decoded.definition)) {
                visible += level <= maxVisible ? 1 : 0;
            }
        } else {
            decoded.definition = QList<quint16>(qsizetype(page.rows), 1);
        }
        decoded.values = leaf.nullsLike(visible);
        decoded.values.validity.clear();
        break;
    }
    case PageLayout::Kind::FullZip: {
        if (buffers.count() < 1) {
            return missing();
        }
        // Only the entries of the rows asked for, where the page says where they are.
        auto span = FullZipDecoder::rowSpan(*layout, page.rows, buffers, from, to, where);
        if (!span) {
            return span.error();
        }
        const auto zipped
            = *span ? buffers.read(0, (*span)->offset, (*span)->size) : buffers.whole(0);
        if (!zipped) {
            return zipped.error();
        }
        decoded.first = *span ? qint64(from) : 0;
        // A part of the page holds an entry a row where the page has no lists; with lists, as
        // many as its rows' items, which only the entries themselves tell.
        PageLayout part = *layout;
        if (*span) {
            part.items = layout->bitsRepetition == 0 ? to - from : 0;
        }
        auto unzipped = FullZipDecoder::unzip(part, *zipped, leaf, where);
        if (!unzipped) {
            return unzipped.error();
        }
        decoded.repetition = std::move(unzipped->repetition);
        decoded.definition = std::move(unzipped->definition);
        decoded.values = std::move(unzipped->values);
        break;
    }
    default:
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 tr("%1 is a %2 page, which this version does not read.")
                                     .arg(where, layout->kindText()));
    }
    auto kept
        = LevelAssembler::keepRows(layout->layers, decoded.repetition, decoded.definition,
                                   decoded.values, decoded.first, qint64(from), qint64(to), where);
    if (!kept) {
        return kept.error();
    }
    return LevelAssembler::assemble(layout->layers, decoded.repetition, decoded.definition,
                                    std::move(decoded.values), qint64(to - from), where);
}

api::Result<LevelAssembler::Assembled> PageDecoder::decode(const Page &page,
                                                           const QList<QByteArrayView> &buffers,
                                                           const ColumnArray &leaf,
                                                           const QString &where)
{
    // The buffers as the file's bytes at their positions.
    const ReadRange read = [&](quint64 position, quint64 size) -> api::Result<QByteArray> {
        for (qsizetype b = 0; b < page.buffers.size() && b < buffers.size(); ++b) {
            const auto &buffer = page.buffers.at(b);
            if (position >= buffer.position && position - buffer.position <= buffer.size
                && size <= buffer.size - (position - buffer.position)
                && quint64(buffers.at(b).size()) == buffer.size) {
                return buffers.at(b)
                    .sliced(qsizetype(position - buffer.position), qsizetype(size))
                    .toByteArray();
            }
        }
        return ValueDecoder::damaged(where, tr("a buffer it names is missing"));
    };
    return decode(page, read, leaf, where, 0, page.rows);
}

} // namespace lance::rows
