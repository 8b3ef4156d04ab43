// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: DataFileLayout on arbitrary bytes, as a whole file and as a store's reader
// reads one (the tail metadataStart() asks for), PageLayout on each page it finds, and
// MiniBlockChunks on each mini-block page. Besides
// crashes and what the sanitizers catch, it aborts when an answer breaks the contract: a buffer
// outside the file, a column whose pages do not add up to the file's rows, the two ways of reading
// the same bytes disagreeing, or a refusal that is not one sentence naming the input.
#include "format/DataFileLayout.h"
#include "format/MiniBlockChunks.h"
#include "format/PageLayout.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace lance;
using format::DataFileLayout;

namespace {

[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz_data_file: %s\n", what);
    std::abort();
}

void checkRefusal(const api::ApiError &error, const QString &name)
{
    if (error.kind() != api::ApiError::Kind::InvalidInput) {
        broken("refused with another kind than InvalidInput");
    }
    const QString message = error.userMessage();
    if (!message.contains(name) || !message.endsWith(u'.')) {
        broken("refused without a sentence naming the input");
    }
}

void checkLayout(const DataFileLayout &layout, QByteArrayView bytes, const QString &name)
{
    const auto size = quint64(bytes.size());
    if (layout.columns.size() != qsizetype(layout.footer.columns)) {
        broken("columns that are not the footer's");
    }
    for (const DataFileLayout::Column &column : layout.columns) {
        quint64 rows = 0;
        for (const DataFileLayout::Page &page : column.pages) {
            rows += page.rows;
            // Each page's layout: read, or refused with a sentence.
            const auto pageLayout = format::PageLayout::decode(page.encoding, name);
            if (!pageLayout) {
                checkRefusal(pageLayout.error(), name);
            } else if (pageLayout->kind == format::PageLayout::Kind::MiniBlock
                       && page.buffers.size() >= 2) {
                // Its chunks, cut within the page's two buffers or refused.
                const auto slice = [&](const DataFileLayout::Buffer &buffer) {
                    return bytes.sliced(qsizetype(buffer.position), qsizetype(buffer.size));
                };
                const auto chunks = format::MiniBlockChunks::read(
                    *pageLayout, slice(page.buffers.at(0)), slice(page.buffers.at(1)), name);
                if (!chunks) {
                    checkRefusal(chunks.error(), name);
                }
            }
            for (const DataFileLayout::Buffer &buffer : page.buffers) {
                if (buffer.position > size || buffer.size > size - buffer.position) {
                    broken("a page buffer outside the file");
                }
            }
        }
        if (rows != layout.rows) {
            broken("pages that do not add up to the file's rows");
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString name = QStringLiteral("fuzz.lance");
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto whole = DataFileLayout::decode(bytes, name);
    if (whole) {
        checkLayout(*whole, bytes, name);
    } else {
        checkRefusal(whole.error(), name);
    }
    // As a store's reader: the footer, then what metadataStart() asks for, at most twice more.
    quint64 offset = size - std::min<std::size_t>(size, DataFileLayout::FooterSize);
    for (int read = 0; read < 3; ++read) {
        const auto start
            = DataFileLayout::metadataStart(bytes.sliced(qsizetype(offset)), offset, size, name);
        if (!start) {
            checkRefusal(start.error(), name);
            if (whole) {
                broken("a tail refused where the whole file is read");
            }
            return 0;
        }
        if (*start >= offset) {
            const auto tail
                = DataFileLayout::decode(bytes.sliced(qsizetype(offset)), offset, size, name);
            if (bool(tail) != bool(whole) || (tail && tail->columns != whole->columns)) {
                broken("a tail read otherwise than the whole file");
            }
            return 0;
        }
        offset = *start;
    }
    broken("metadataStart() asked for earlier bytes a third time");
}
