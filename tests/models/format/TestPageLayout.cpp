// SPDX-License-Identifier: Apache-2.0
// PageLayout on every page of every data file LanceDB wrote into tests/data/lance (formats 2.1
// and 2.2): each is a layout and an encoding tree of those LanceDB writes by default, with the
// counts the page's buffers need; and damaged, foreign and endlessly nested layouts refused.
#include "CraftedManifest.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "format/DataFileLayout.h"
#include "format/PageLayout.h"

#include <QDirIterator>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using format::DataFileLayout;
using format::PageLayout;
using C = test::CraftedManifest;

class TestPageLayout : public QObject
{
    Q_OBJECT

private slots:
    void everyPageLanceDbWroteIsUnderstood();
    void foreignDamagedAndNestedLayoutsAreRefused();
};

void TestPageLayout::everyPageLanceDbWroteIsUnderstood()
{
    QSet<QString> layouts;
    QSet<QString> encodings;
    int pages = 0;
    QDirIterator files(test::TestData::path(u"lance"_s), {u"*.lance"_s}, QDir::Files,
                       QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString path = files.next();
        if (path.section(u'/', -2, -2) != u"data"_s) {
            continue; // index files hold other things
        }
        const auto file = DataFileLayout::readFile(path);
        QVERIFY2(file, file ? "" : qPrintable(file.error().details()));
        if (file->formatVersion == u"2.0"_s) {
            continue; // its pages are not page layouts but 2.0's array encodings
        }
        for (qsizetype c = 0; c < file->columns.size(); ++c) {
            for (const DataFileLayout::Page &page : file->columns.at(c).pages) {
                const auto layout = PageLayout::decode(page.encoding, path);
                QVERIFY2(layout, layout ? "" : qPrintable(layout.error().details()));
                ++pages;
                layouts.insert(layout->kindText());
                QVERIFY(!layout->layers.isEmpty());
                for (const PageLayout::Layer layer : layout->layers) {
                    QVERIFY(layer != PageLayout::Layer::Unknown
                            && layer != PageLayout::Layer::Unspecified);
                }
                switch (layout->kind) {
                case PageLayout::Kind::MiniBlock:
                    // Chunk metadata and chunks, the dictionary when there is one, the
                    // repetition index when it has a depth.
                    QVERIFY(layout->values);
                    QCOMPARE(page.buffers.size(), 2 + (layout->dictionary ? 1 : 0)
                                                      + (layout->repetitionIndexDepth > 0 ? 1 : 0));
                    QVERIFY(layout->buffersPerChunk >= 1);
                    encodings.insert(layout->values->text());
                    if (layout->dictionary) {
                        QVERIFY(layout->dictionaryItems > 0);
                        encodings.insert(u"dictionary: "_s + layout->dictionary->text());
                    }
                    break;
                case PageLayout::Kind::FullZip:
                    QVERIFY(layout->values);
                    QVERIFY(layout->bitsPerValue.has_value() != layout->bitsPerOffset.has_value());
                    QVERIFY(page.buffers.size() == 1 || page.buffers.size() == 2);
                    encodings.insert(layout->values->text());
                    break;
                case PageLayout::Kind::AllNull:
                    break;
                default:
                    QFAIL(qPrintable(u"an unexpected layout: "_s + layout->kindText()));
                }
            }
        }
    }
    QVERIFY(pages > 100);
    QVERIFY2(layouts.contains(u"mini-block"_s), qPrintable(layouts.values().join(u", "_s)));
    // Every encoding of the values is one LanceDB writes by default.
    const QRegularExpression known(
        u"^(dictionary: )?((flat|variable|inline bitpacking|rle|fsst|fixed-size list|general|"
        "out-of-line bitpacking|zstd|lz4|none|[0-9]+)[(), ]*)+$"_s);
    for (const QString &encoding : std::as_const(encodings)) {
        QVERIFY2(known.match(encoding).hasMatch(), qPrintable(encoding));
    }
}

void TestPageLayout::foreignDamagedAndNestedLayoutsAreRefused()
{
    const auto refusal = [](const DataFileLayout::Encoding &encoding) {
        const auto layout = PageLayout::decode(encoding, u"page 1"_s);
        return layout ? QString() : layout.error().userMessage();
    };
    QVERIFY(refusal({u"/lance.encodings.ArrayEncoding"_s, {}}).contains(u"does not read"_s));
    QVERIFY(refusal({QString::fromLatin1(PageLayout::TypeUrl), {}}).contains(u"empty layout"_s));
    // A mini-block layout whose value encoding runs past its end.
    const QByteArray cut = C::bytesField(1, QByteArray("\x1a\x09", 2));
    QVERIFY(!refusal({QString::fromLatin1(PageLayout::TypeUrl), cut}).isEmpty());
    // Variable of variable of … deeper than any writer nests them.
    QByteArray nested = C::bytesField(1, C::varintField(1, 8)); // flat(8)
    for (int depth = 0; depth < 40; ++depth) {
        nested = C::bytesField(2, C::bytesField(1, nested));
    }
    const QString deep = refusal(
        {QString::fromLatin1(PageLayout::TypeUrl), C::bytesField(1, C::bytesField(3, nested))});
    QVERIFY2(deep.contains(u"more than 16 deep"_s), qPrintable(deep));
    // An encoding and a layout this build does not know are kept as such, for the decoder to
    // name when it refuses them.
    const auto unknown = PageLayout::decode(
        {QString::fromLatin1(PageLayout::TypeUrl),
         C::bytesField(1, C::bytesField(3, C::bytesField(99, {})) + C::varintField(7, 1))},
        u"page 1"_s);
    QVERIFY(unknown);
    QCOMPARE(unknown->kind, PageLayout::Kind::MiniBlock);
    QCOMPARE(unknown->values->kind, PageLayout::Encoding::Kind::Unknown);
    QCOMPARE(unknown->values->text(), u"encoding 99"_s);
    const auto sparse = PageLayout::decode(
        {QString::fromLatin1(PageLayout::TypeUrl), C::bytesField(5, {})}, u"page 1"_s);
    QVERIFY(sparse);
    QCOMPARE(sparse->kindText(), u"layout 5"_s);
}

LCB_TEST_GUILESS_MAIN(TestPageLayout)
#include "TestPageLayout.moc"
