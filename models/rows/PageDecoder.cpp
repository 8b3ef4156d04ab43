// SPDX-License-Identifier: Apache-2.0
#include "rows/PageDecoder.h"

#include "api/ErrorCode.h"
#include "format/MiniBlockChunks.h"
#include "format/PageLayout.h"
#include "rows/FullZipDecoder.h"
#include "rows/ValueDecoder.h"

#include <QtEndian>

using lance::api::ApiError;

namespace lance::rows {

namespace {

using format::PageLayout;

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

} // namespace

api::Result<LevelAssembler::Assembled> PageDecoder::decode(const format::DataFileLayout::Page &page,
                                                           const QList<QByteArrayView> &buffers,
                                                           const ColumnArray &leaf,
                                                           const QString &where)
{
    if (page.encoding.typeUrl != QLatin1StringView(PageLayout::TypeUrl)) {
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 tr("%1 is encoded as %2 (Lance file format 2.0), which this "
                                    "version does not read.")
                                     .arg(where, page.encoding.typeUrl));
    }
    if (page.rows > MaxPageRows) {
        return ValueDecoder::damaged(where, tr("it says it holds %1 rows").arg(page.rows));
    }
    auto layout = PageLayout::decode(page.encoding, where);
    if (!layout) {
        return layout.error();
    }
    QList<quint16> repetition;
    QList<quint16> definition;
    ColumnArray values = leaf;
    const auto missing = [&] {
        return ValueDecoder::damaged(
            where, tr("it has %1 buffers, fewer than its layout needs").arg(buffers.size()));
    };
    switch (layout->kind) {
    case PageLayout::Kind::MiniBlock: {
        if (buffers.size() < (layout->dictionary ? 3 : 2) || !layout->values) {
            return missing();
        }
        auto chunks = format::MiniBlockChunks::read(*layout, buffers[0], buffers[1], where);
        if (!chunks) {
            return chunks.error();
        }
        std::optional<ColumnArray> dictionary;
        QList<qint64> indices;
        if (layout->dictionary) {
            auto items = ValueDecoder::block(*layout->dictionary, buffers[2],
                                             layout->dictionaryItems, leaf.type, where);
            if (!items) {
                return items.error();
            }
            dictionary = std::move(*items);
            indices.reserve(qsizetype(layout->items));
        }
        for (format::MiniBlockChunks::Chunk &chunk : *chunks) {
            auto levels = appendLevels(layout->repetition, chunk.repetition, chunk.levels,
                                       repetition, where)
                              .and_then([&] {
                                  return appendLevels(layout->definition, chunk.definition,
                                                      chunk.levels, definition, where);
                              });
            if (!levels) {
                return levels.error();
            }
            if (dictionary) {
                auto chunkIndices
                    = ValueDecoder::integers(*layout->values, chunk.buffers, chunk.values, where);
                if (!chunkIndices) {
                    return chunkIndices.error();
                }
                for (const quint64 index : *chunkIndices) {
                    if (index >= quint64(dictionary->length)) {
                        return ValueDecoder::damaged(
                            where, tr("a value names item %1 of a dictionary of %2")
                                       .arg(index)
                                       .arg(dictionary->length));
                    }
                    indices.append(qint64(index));
                }
            } else {
                auto filled = ValueDecoder::chunk(*layout->values, chunk.buffers, chunk.values,
                                                  values, where);
                if (!filled) {
                    return filled.error();
                }
            }
        }
        if (dictionary) {
            values = dictionary->take(indices);
            values.validity.clear();
        }
        break;
    }
    case PageLayout::Kind::AllNull: {
        qint64 visible = qint64(page.rows);
        if (layout->layers != QList<PageLayout::Layer>{PageLayout::Layer::NullableItem}) {
            if (buffers.size() < 2) {
                return missing();
            }
            repetition = rawLevels(buffers[0]);
            definition = rawLevels(buffers[1]);
            const quint16 maxVisible = LevelAssembler::maxVisibleDefinition(layout->layers);
            visible = definition.isEmpty() ? qMax(repetition.size(), qsizetype(page.rows)) : 0;
            for (const quint16 level : std::as_const(definition)) {
                visible += level <= maxVisible ? 1 : 0;
            }
        } else {
            definition = QList<quint16>(qsizetype(page.rows), 1);
        }
        values = leaf.nullsLike(visible);
        values.validity.clear();
        break;
    }
    case PageLayout::Kind::FullZip: {
        if (buffers.isEmpty()) {
            return missing();
        }
        auto unzipped = FullZipDecoder::unzip(*layout, buffers[0], leaf, where);
        if (!unzipped) {
            return unzipped.error();
        }
        repetition = std::move(unzipped->repetition);
        definition = std::move(unzipped->definition);
        values = std::move(unzipped->values);
        break;
    }
    default:
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 tr("%1 is a %2 page, which this version does not read.")
                                     .arg(where, layout->kindText()));
    }
    return LevelAssembler::assemble(layout->layers, repetition, definition, std::move(values),
                                    qint64(page.rows), where);
}

} // namespace lance::rows
