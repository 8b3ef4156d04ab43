// SPDX-License-Identifier: Apache-2.0
#include "format/MiniBlockChunks.h"

#include <QtEndian>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::format {

namespace {

constexpr qsizetype Alignment = 8;

qsizetype padded(qsizetype size)
{
    return (size + Alignment - 1) / Alignment * Alignment;
}

// Reads a chunk's u16 words and buffers in order, refusing what runs past its end.
class ChunkReader
{
public:
    explicit ChunkReader(QByteArrayView chunk)
        : m_chunk(chunk)
    {}

    bool word(quint16 &out)
    {
        if (m_at + 2 > m_chunk.size()) {
            return false;
        }
        out = qFromLittleEndian<quint16>(m_chunk.data() + m_at);
        m_at += 2;
        return true;
    }
    bool align()
    {
        m_at = padded(m_at);
        return m_at <= m_chunk.size();
    }
    bool buffer(quint16 size, QByteArrayView &out)
    {
        if (m_at + size > m_chunk.size()) {
            return false;
        }
        out = m_chunk.sliced(m_at, size);
        m_at = padded(m_at + size);
        return m_at <= m_chunk.size();
    }

private:
    QByteArrayView m_chunk;
    qsizetype m_at = 0;
};

} // namespace

api::Result<QList<MiniBlockChunks::Span>> MiniBlockChunks::spans(const PageLayout &layout,
                                                                 QByteArrayView metadata,
                                                                 quint64 dataSize,
                                                                 const QString &where)
{
    if (metadata.size() % 2 != 0) {
        return ApiError::invalidInput(
            tr("%1 is damaged: its chunk sizes take %2 bytes, not a whole number of words.")
                .arg(where)
                .arg(metadata.size()));
    }
    QList<Span> out;
    const qsizetype count = metadata.size() / 2;
    out.reserve(count);
    quint64 at = 0;
    quint64 values = 0;
    for (qsizetype i = 0; i < count; ++i) {
        const auto word = qFromLittleEndian<quint16>(metadata.data() + i * 2);
        const auto problem = [&](const QString &what) {
            return ApiError::invalidInput(
                tr("%1 is damaged: chunk %2 %3.").arg(where).arg(i + 1).arg(what));
        };
        Span span{qsizetype(at), (qsizetype(word >> 4) + 1) * Alignment, 0};
        if (quint64(span.bytes) > dataSize - at) {
            return problem(tr("runs past the end of the page's data"));
        }
        // Every chunk but the last holds 2^n values; the last what is left.
        if (i + 1 == count) {
            if (values > layout.items) {
                return problem(tr("is past the page's %1 values").arg(layout.items));
            }
            span.values = layout.items - values;
        } else {
            span.values = quint64(1) << (word & 0x0f);
        }
        values += span.values;
        at += quint64(span.bytes);
        out.append(span);
    }
    if (at != dataSize) {
        return ApiError::invalidInput(tr("%1 is damaged: its chunks take %2 bytes of its %3.")
                                          .arg(where)
                                          .arg(at)
                                          .arg(dataSize));
    }
    if (values != layout.items) {
        return ApiError::invalidInput(tr("%1 is damaged: its chunks hold %2 values, not %3.")
                                          .arg(where)
                                          .arg(values)
                                          .arg(layout.items));
    }
    return out;
}

api::Result<QList<MiniBlockChunks::Chunk>> MiniBlockChunks::read(const PageLayout &layout,
                                                                 QByteArrayView metadata,
                                                                 QByteArrayView data,
                                                                 const QString &where)
{
    if (layout.kind != PageLayout::Kind::MiniBlock) {
        return ApiError::invalidInput(tr("%1 is not a mini-block page.").arg(where));
    }
    if (layout.largeChunks) {
        return ApiError::invalidInput(
            tr("%1 has chunks larger than 32 KiB (Lance file format 2.2), which this does not "
               "read yet.")
                .arg(where));
    }
    const auto spans = MiniBlockChunks::spans(layout, metadata, quint64(data.size()), where);
    if (!spans) {
        return spans.error();
    }
    QList<Chunk> out;
    out.reserve(spans->size());
    for (qsizetype i = 0; i < spans->size(); ++i) {
        const Span &span = spans->at(i);
        Chunk chunk;
        chunk.values = span.values;
        ChunkReader reader(data.sliced(span.offset, span.bytes));
        quint16 repetition = 0;
        quint16 definition = 0;
        QList<quint16> sizes(qsizetype(layout.buffersPerChunk));
        bool whole = reader.word(chunk.levels) && (!layout.repetition || reader.word(repetition))
                     && (!layout.definition || reader.word(definition));
        for (quint16 &size : sizes) {
            whole = whole && reader.word(size);
        }
        whole = whole && reader.align() && reader.buffer(repetition, chunk.repetition)
                && reader.buffer(definition, chunk.definition);
        chunk.buffers.resize(sizes.size());
        for (qsizetype b = 0; whole && b < sizes.size(); ++b) {
            whole = reader.buffer(sizes.at(b), chunk.buffers[b]);
        }
        if (!whole) {
            return ApiError::invalidInput(
                tr("%1 is damaged: chunk %2 gives its buffers more bytes than its %3.")
                    .arg(where)
                    .arg(i + 1)
                    .arg(span.bytes));
        }
        out.append(chunk);
    }
    return out;
}

} // namespace lance::format
