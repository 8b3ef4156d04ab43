// SPDX-License-Identifier: Apache-2.0
// DataFileLayout on every data file LanceDB wrote into tests/data/lance, checked against what the
// manifests that name them say (rows, fields, columns, format version), read from a tail as a
// store's reader reads it, and on every cut-short and damaged form of a real file.
#include "TestData.h"
#include "TestRegistry.h"
#include "format/DataFileLayout.h"
#include "format/ManifestDecoder.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTest>
#include <QtEndian>

#include <limits>

using namespace Qt::StringLiterals;
using namespace lance;
using format::DataFileLayout;

namespace {

// What a manifest says of one data file.
struct Named
{
    QString path;
    qint64 rows = 0;
    format::ManifestContents::DataFile file;
};

// Every data file the manifests of tests/data/lance name and the folder holds, each once.
QList<Named> namedDataFiles()
{
    QList<Named> out;
    QSet<QString> seen;
    const QString root = test::TestData::path(u"lance"_s);
    QDirIterator manifests(root, {u"*.manifest"_s}, QDir::Files, QDirIterator::Subdirectories);
    while (manifests.hasNext()) {
        const QString path = manifests.next();
        const auto manifest = format::ManifestDecoder::readFile(path);
        if (!manifest || !path.contains(u"/_versions/"_s)) {
            continue;
        }
        const QString table = path.section(u"/_versions/"_s, 0, 0);
        for (const auto &fragment : manifest->fragments) {
            for (const auto &file : fragment.files) {
                const QString data = table + u"/data/"_s + file.path;
                if (file.baseId || seen.contains(data) || !QFile::exists(data)) {
                    continue;
                }
                seen.insert(data);
                out.append({data, qint64(fragment.physicalRows), file});
            }
        }
    }
    return out;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray smallestFile(const QList<Named> &files)
{
    QString smallest;
    qint64 size = std::numeric_limits<qint64>::max();
    for (const Named &named : files) {
        const qint64 each = QFileInfo(named.path).size();
        if (each < size) {
            size = each;
            smallest = named.path;
        }
    }
    return readAll(smallest);
}

} // namespace

class TestDataFileLayout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyDataFileIsWhatItsManifestSays();
    void aTailReadsAsTheWholeFile();
    void damagedFilesAreRefused();
    void everyCutAndFlippedByteIsRefusedOrRead();

private:
    QList<Named> m_files;
    QByteArray m_small;
};

void TestDataFileLayout::initTestCase()
{
    m_files = namedDataFiles();
    QVERIFY2(m_files.size() >= 40, qPrintable(QString::number(m_files.size())));
    m_small = smallestFile(m_files);
    QVERIFY(m_small.size() > DataFileLayout::FooterSize);
}

void TestDataFileLayout::everyDataFileIsWhatItsManifestSays()
{
    for (const Named &named : std::as_const(m_files)) {
        const auto layout = DataFileLayout::readFile(named.path);
        QVERIFY2(layout, layout ? "" : qPrintable(layout.error().details()));
        QCOMPARE(qint64(layout->rows), named.rows);
        QCOMPARE(layout->formatVersion,
                 u"%1.%2"_s.arg(named.file.majorVersion).arg(named.file.minorVersion));
        QCOMPARE(layout->columns.size(), qsizetype(layout->footer.columns));
        // Each field the manifest says the file holds is in its schema, at a column it has.
        QSet<qint32> ids;
        for (const auto &field : layout->fields) {
            ids.insert(field.id);
        }
        for (qsizetype i = 0; i < named.file.fieldIds.size(); ++i) {
            if (named.file.fieldIds.at(i) < 0) {
                continue; // a dropped field's tombstone
            }
            QVERIFY2(ids.contains(named.file.fieldIds.at(i)), qPrintable(named.path));
            QVERIFY(named.file.columnIndices.at(i) < layout->columns.size());
        }
        // 2.0 encodes a page as an array, and a list's items are the rows of a column of
        // their own, whose pages count items.
        const bool legacy = layout->formatVersion == u"2.0"_s;
        for (const DataFileLayout::Column &column : layout->columns) {
            QCOMPARE(column.encoding.typeUrl, u"/lance.encodings.ColumnEncoding"_s);
            QVERIFY(!column.pages.isEmpty() || layout->rows == 0);
            quint64 next = 0;
            for (const DataFileLayout::Page &page : column.pages) {
                QCOMPARE(page.encoding.typeUrl, legacy ? u"/lance.encodings.ArrayEncoding"_s
                                                       : u"/lance.encodings21.PageLayout"_s);
                if (!legacy) {
                    QCOMPARE(page.priority, next); // the row each page starts at
                }
                next += page.rows;
                for (const DataFileLayout::Buffer &buffer : page.buffers) {
                    QCOMPARE(buffer.position % DataFileLayout::PageAlignment, quint64(0));
                }
            }
        }
    }
}

void TestDataFileLayout::aTailReadsAsTheWholeFile()
{
    const Named &named = m_files.first();
    const QByteArray bytes = readAll(named.path);
    const auto whole = DataFileLayout::decode(bytes, named.path);
    QVERIFY2(whole, whole ? "" : qPrintable(whole.error().details()));
    const auto size = quint64(bytes.size());
    // The footer alone: first the global buffers' table is asked for, then the metadata.
    const auto first
        = DataFileLayout::metadataStart(bytes.last(DataFileLayout::FooterSize),
                                        size - DataFileLayout::FooterSize, size, named.path);
    QVERIFY(first);
    QCOMPARE(*first, whole->footer.globalOffsetsStart);
    const auto second
        = DataFileLayout::metadataStart(bytes.sliced(qsizetype(*first)), *first, size, named.path);
    QVERIFY(second);
    QVERIFY(*second < *first);
    QCOMPARE(*second,
             std::min(whole->globalBuffers.first().position, whole->footer.columnMetadataStart));
    const auto tail
        = DataFileLayout::decode(bytes.sliced(qsizetype(*second)), *second, size, named.path);
    QVERIFY(tail);
    QCOMPARE(tail->columns, whole->columns);
    QCOMPARE(tail->rows, whole->rows);
    QCOMPARE(tail->fields.size(), whole->fields.size());
    // A tail that starts after the metadata is refused, not read wrong.
    const auto late = DataFileLayout::decode(bytes.sliced(qsizetype(*second) + 1), *second + 1,
                                             size, named.path);
    QVERIFY(!late);
}

void TestDataFileLayout::damagedFilesAreRefused()
{
    const auto refusal = [](const QByteArray &bytes) {
        const auto layout = DataFileLayout::decode(bytes, u"x.lance"_s);
        return layout ? QString() : layout.error().userMessage();
    };
    QVERIFY(refusal(m_small).isEmpty());
    QVERIFY2(refusal(QByteArray("LANC")).contains(u"too short"_s), qPrintable(refusal("LANC")));

    QByteArray magic = m_small;
    magic[magic.size() - 1] = 'D';
    QVERIFY(refusal(magic).contains(u"does not end in LANC"_s));

    const auto withVersion = [&](quint16 major, quint16 minor) {
        QByteArray bytes = m_small;
        qToLittleEndian<quint16>(major, bytes.data() + bytes.size() - 8);
        qToLittleEndian<quint16>(minor, bytes.data() + bytes.size() - 6);
        return refusal(bytes);
    };
    QVERIFY2(withVersion(0, 2).contains(u"legacy file format"_s), qPrintable(withVersion(0, 2)));
    QVERIFY2(withVersion(2, 3).contains(u"format 2.3"_s), qPrintable(withVersion(2, 3)));

    // The footer's offsets out of order, or past the end.
    QByteArray swapped = m_small;
    char *footer = swapped.data() + swapped.size() - DataFileLayout::FooterSize;
    qToLittleEndian<quint64>(quint64(swapped.size()) * 2, footer + 16);
    QVERIFY2(refusal(swapped).contains(u"out of order"_s), qPrintable(refusal(swapped)));

    // The first column's metadata said to lie in the data region.
    const auto layout = DataFileLayout::decode(m_small, u"x.lance"_s);
    QVERIFY(layout);
    QByteArray misplaced = m_small;
    qToLittleEndian<quint64>(0, misplaced.data() + layout->footer.columnOffsetsStart);
    QVERIFY2(refusal(misplaced).contains(u"metadata of column 1"_s),
             qPrintable(refusal(misplaced)));
}

void TestDataFileLayout::everyCutAndFlippedByteIsRefusedOrRead()
{
    // Cut anywhere: never read (the footer is gone or points past the end), never a crash.
    for (qsizetype size = 0; size < m_small.size(); ++size) {
        QVERIFY(!DataFileLayout::decode(m_small.first(size), u"x.lance"_s));
    }
    // Each byte of the metadata and the footer flipped: refused with a sentence, or read as
    // a file whose offsets stay inside it; never a crash (the sanitizer builds run this too).
    const auto layout = DataFileLayout::decode(m_small, u"x.lance"_s);
    QVERIFY(layout);
    const auto from = qsizetype(layout->globalBuffers.first().position);
    for (qsizetype at = from; at < m_small.size(); ++at) {
        QByteArray flipped = m_small;
        flipped[at] = char(flipped.at(at) ^ 0x5a);
        const auto read = DataFileLayout::decode(flipped, u"x.lance"_s);
        if (!read) {
            QVERIFY(!read.error().userMessage().isEmpty());
            continue;
        }
        for (const DataFileLayout::Column &column : read->columns) {
            for (const DataFileLayout::Page &page : column.pages) {
                for (const DataFileLayout::Buffer &buffer : page.buffers) {
                    QVERIFY(buffer.position + buffer.size <= quint64(m_small.size()));
                }
            }
        }
    }
}

LCB_TEST_GUILESS_MAIN(TestDataFileLayout)
#include "TestDataFileLayout.moc"
