// SPDX-License-Identifier: Apache-2.0
// MiniBlockChunks on every mini-block page of the data files LanceDB wrote into tests/data/lance
// (format 2.1): the chunks hold the page's values, each has the buffers its layout names, and a
// flat encoding's buffer holds exactly its values' bytes; format 2.2's large chunks (LanceDB
// 0.39.0) refused by name; damaged pages refused.
#include "TestData.h"
#include "TestRegistry.h"
#include "format/DataFileLayout.h"
#include "format/MiniBlockChunks.h"
#include "format/PageLayout.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>
#include <QtEndian>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace lance;
using format::DataFileLayout;
using format::MiniBlockChunks;
using format::PageLayout;

namespace {

struct Page
{
    QString where;
    PageLayout layout;
    QByteArray metadata;
    QByteArray data;
};

// Every mini-block page of the fixtures' data files, with its two buffers.
QList<Page> miniBlockPages()
{
    QList<Page> out;
    QDirIterator files(test::TestData::path(u"lance"_s), {u"*.lance"_s}, QDir::Files,
                       QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString path = files.next();
        QFile file(path);
        if (path.section(u'/', -2, -2) != u"data"_s || !file.open(QIODevice::ReadOnly)) {
            continue;
        }
        const QByteArray bytes = file.readAll();
        const auto layout = DataFileLayout::decode(bytes, path);
        if (!layout) {
            continue; // TestDataFileLayout says why
        }
        for (qsizetype c = 0; c < layout->columns.size(); ++c) {
            const auto &pages = layout->columns.at(c).pages;
            for (qsizetype p = 0; p < pages.size(); ++p) {
                const auto page = PageLayout::decode(pages.at(p).encoding, path);
                if (!page || page->kind != PageLayout::Kind::MiniBlock) {
                    continue;
                }
                const auto slice = [&](int buffer) {
                    const DataFileLayout::Buffer &b = pages.at(p).buffers.at(buffer);
                    return bytes.mid(qsizetype(b.position), qsizetype(b.size));
                };
                out.append({u"page %1 of column %2 of %3"_s.arg(p + 1).arg(c + 1).arg(path), *page,
                            slice(0), slice(1)});
            }
        }
    }
    return out;
}

} // namespace

class TestMiniBlockChunks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyPageLanceDbWroteIsCutIntoItsChunks();
    void damagedPagesAreRefused();

private:
    QList<Page> m_pages;
};

void TestMiniBlockChunks::initTestCase()
{
    m_pages = miniBlockPages();
    QVERIFY(m_pages.size() > 100);
}

void TestMiniBlockChunks::everyPageLanceDbWroteIsCutIntoItsChunks()
{
    int flat = 0;
    int withLevels = 0;
    int large = 0;
    for (const Page &page : std::as_const(m_pages)) {
        const auto chunks
            = MiniBlockChunks::read(page.layout, page.metadata, page.data, page.where);
        if (page.layout.largeChunks) {
            // Format 2.2 (LanceDB 0.39.0) marks its pages so: refused by name, not misread.
            QVERIFY(!chunks);
            QVERIFY(chunks.error().userMessage().contains(u"larger than 32 KiB"_s));
            ++large;
            continue;
        }
        QVERIFY2(chunks, chunks ? "" : qPrintable(chunks.error().details()));
        QCOMPARE(chunks->size(), page.metadata.size() / 2);
        for (const MiniBlockChunks::Chunk &chunk : *chunks) {
            QCOMPARE(chunk.buffers.size(), qsizetype(page.layout.buffersPerChunk));
            if (page.layout.definition || page.layout.repetition) {
                // A level per value at least (null and empty lists add levels, not values).
                QVERIFY2(chunk.levels >= chunk.values, qPrintable(page.where));
                QCOMPARE(chunk.definition.isEmpty(), !page.layout.definition);
                QCOMPARE(chunk.repetition.isEmpty(), !page.layout.repetition);
                ++withLevels;
            } else {
                QCOMPARE(chunk.levels, quint16(0));
            }
            if (!page.layout.dictionary
                && page.layout.values->kind == PageLayout::Encoding::Kind::Flat) {
                // Flat values: exactly their bits, whole bytes (bools are packed 8 a byte).
                const quint64 bits = page.layout.values->bits;
                QCOMPARE(quint64(chunk.buffers.first().size()), (chunk.values * bits + 7) / 8);
                ++flat;
            }
        }
    }
    QVERIFY(flat > 50);
    QVERIFY(withLevels > 0);
    QVERIFY(large > 0);
}

void TestMiniBlockChunks::damagedPagesAreRefused()
{
    const Page &page = *std::find_if(m_pages.cbegin(), m_pages.cend(), [](const Page &each) {
        return !each.layout.largeChunks && each.data.size() > 8;
    });
    const auto refusal = [&](const QByteArray &metadata, const QByteArray &data, quint64 items) {
        PageLayout layout = page.layout;
        layout.items = items;
        const auto read = MiniBlockChunks::read(layout, metadata, data, u"page 1"_s);
        return read ? QString() : read.error().userMessage();
    };
    QVERIFY(refusal(page.metadata, page.data, page.layout.items).isEmpty());
    QVERIFY(refusal(page.metadata, page.data.first(page.data.size() - 8), page.layout.items)
                .contains(u"runs past the end"_s));
    QVERIFY(refusal(page.metadata + QByteArray(1, '\0'), page.data, page.layout.items)
                .contains(u"whole number of words"_s));
    QVERIFY(refusal(page.metadata, page.data + QByteArray(8, 'H'), page.layout.items)
                .contains(u"its chunks take"_s));
    // A chunk that says it is 8 bytes: its header and buffers do not fit.
    QByteArray small = page.metadata;
    qToLittleEndian<quint16>(quint16(small.at(0) & 0x0f), small.data());
    QVERIFY(!refusal(small, page.data, page.layout.items).isEmpty());
    PageLayout large = page.layout;
    large.largeChunks = true;
    const auto wide = MiniBlockChunks::read(large, page.metadata, page.data, u"page 1"_s);
    QVERIFY(!wide && wide.error().userMessage().contains(u"larger than 32 KiB"_s));
}

LCB_TEST_GUILESS_MAIN(TestMiniBlockChunks)
#include "TestMiniBlockChunks.moc"
