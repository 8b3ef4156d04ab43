// SPDX-License-Identifier: Apache-2.0
// A fragment's stable row ids, decoded from every kind of segment Lance writes
// (protos/rowids.proto), and damaged sequences refused with a sentence, never expanded into
// more ids than the fragment holds. The ids of real tables are checked against LanceDB's
// `_rowid` in TestRowsAgainstLanceDb (rows/stable.lance).
#include "TestRegistry.h"
#include "format/ProtobufWriter.h"
#include "rows/RowIdSequence.h"

#include <QRandomGenerator>
#include <QTest>
#include <QtEndian>

using namespace Qt::StringLiterals;
using namespace lance;

namespace {

using Writer = format::ProtobufWriter;

QByteArray message(const std::function<void(Writer &)> &fill)
{
    Writer writer;
    fill(writer);
    return writer.bytes();
}

// U64Segment.Range, .RangeWithHoles or .RangeWithBitmap (by `kind`, 1 to 3).
QByteArray rangeSegment(int kind, quint64 start, quint64 end, const QByteArray &third = {})
{
    const QByteArray range = message([&](Writer &w) {
        w.appendVarint(1, start);
        w.appendVarint(2, end);
        if (!third.isNull()) {
            w.appendBytes(3, third);
        }
    });
    return message([&](Writer &w) { w.appendBytes(quint32(kind), range); });
}

// An EncodedU64Array of `width`-bit values (16 and 32: offsets from `base`).
QByteArray encodedArray(int width, quint64 base, const QList<quint64> &values)
{
    QByteArray packed;
    for (const quint64 value : values) {
        QByteArray one(width / 8, '\0');
        if (width == 16) {
            qToLittleEndian<quint16>(quint16(value), one.data());
        } else if (width == 32) {
            qToLittleEndian<quint32>(quint32(value), one.data());
        } else {
            qToLittleEndian<quint64>(value, one.data());
        }
        packed += one;
    }
    const int field = width == 16 ? 1 : width == 32 ? 2 : 3;
    const QByteArray inner = message([&](Writer &w) {
        if (width < 64) {
            w.appendVarint(1, base);
        }
        w.appendBytes(2, packed);
    });
    return message([&](Writer &w) { w.appendBytes(quint32(field), inner); });
}

// U64Segment.SortedArray (4) or .Array (5).
QByteArray arraySegment(int kind, const QByteArray &array)
{
    return message([&](Writer &w) { w.appendBytes(quint32(kind), array); });
}

QByteArray sequence(const QList<QByteArray> &segments)
{
    return message([&](Writer &w) {
        for (const QByteArray &segment : segments) {
            w.appendBytes(1, segment);
        }
    });
}

} // namespace

class TestRowIdSequence : public QObject
{
    Q_OBJECT

private slots:
    void everyKindOfSegmentIsExpanded()
    {
        QByteArray bitmap(2, '\0');
        bitmap[0] = char(0b10100101); // ids 100, 102, 105, 107
        bitmap[1] = char(0b00000010); // id 109
        const QByteArray bytes = sequence({
            rangeSegment(1, 10, 14),
            rangeSegment(2, 20, 26, encodedArray(16, 20, {2, 4})),
            rangeSegment(3, 100, 110, bitmap),
            arraySegment(4, encodedArray(32, 1000, {0, 5, 9})),
            arraySegment(5, encodedArray(64, 0, {7, 3, quint64{1} << 40})),
        });
        const auto ids = rows::RowIdSequence::decode(bytes, 19, u"fragment 1"_s);
        if (!ids) {
            QFAIL(qPrintable(ids.error().userMessage()));
        }
        const QList<quint64> expected{10,
                                      11,
                                      12,
                                      13,
                                      20,
                                      21,
                                      23,
                                      25,
                                      100,
                                      102,
                                      105,
                                      107,
                                      109,
                                      1000,
                                      1005,
                                      1009,
                                      7,
                                      3,
                                      quint64{1} << 40};
        QCOMPARE(*ids, expected);
    }

    // Bytes flipped anywhere in a sequence of every kind of segment: each decode either gives
    // exactly the fragment's count of ids or refuses, and never reads past what it was given
    // (the sanitizer builds run this too).
    void flippedBytesGiveTheIdsOrARefusal()
    {
        QByteArray bitmap(2, '\xff');
        const QByteArray sound = sequence({
            rangeSegment(1, 10, 14),
            rangeSegment(2, 20, 26, encodedArray(16, 20, {2, 4})),
            rangeSegment(3, 100, 116, bitmap),
            arraySegment(4, encodedArray(32, 1000, {0, 5, 9})),
            arraySegment(5, encodedArray(64, 0, {7, 3})),
        });
        QRandomGenerator random(20261207);
        int refused = 0;
        for (int round = 0; round < 3000; ++round) {
            QByteArray bytes = sound;
            for (int flips = random.bounded(1, 4); flips > 0; --flips) {
                bytes[random.bounded(qsizetype(bytes.size()))] = char(random.bounded(256));
            }
            if (random.bounded(4) == 0) {
                bytes.truncate(random.bounded(qsizetype(bytes.size())));
            }
            const quint64 rows = random.bounded(3) == 0 ? random.bounded(40) : 29;
            const auto ids = rows::RowIdSequence::decode(bytes, rows, u"fragment 1"_s);
            if (ids) {
                QCOMPARE(quint64(ids->size()), rows);
            } else {
                ++refused;
                QVERIFY(ids.error().userMessage().contains(u"fragment 1"_s));
            }
        }
        QVERIFY(refused > 0);
    }

    void anEmptyFragmentHasNoIds()
    {
        const auto ids = rows::RowIdSequence::decode(QByteArray(), 0, u"fragment 1"_s);
        QVERIFY(ids);
        QVERIFY(ids->isEmpty());
    }

    void damagedSequencesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<quint64>("rows");
        QTest::addColumn<QString>("says");
        QTest::newRow("fewer ids than rows")
            << sequence({rangeSegment(1, 0, 3)}) << quint64(4) << u"name 3 rows where it holds 4"_s;
        QTest::newRow("more ids than rows")
            << sequence({rangeSegment(1, 0, 5)}) << quint64(4) << u"more than 4"_s;
        QTest::newRow("a range of 2^60 ids")
            << sequence({rangeSegment(1, 0, quint64{1} << 60)}) << quint64(3) << u"more than 3"_s;
        QTest::newRow("a range that ends before it starts")
            << sequence({rangeSegment(1, 9, 2)}) << quint64(3) << u"before its start"_s;
        QTest::newRow("a hole outside its range")
            << sequence({rangeSegment(2, 0, 4, encodedArray(16, 0, {7}))}) << quint64(3)
            << u"outside its range"_s;
        QTest::newRow("holes out of order")
            << sequence({rangeSegment(2, 0, 5, encodedArray(16, 0, {3, 1}))}) << quint64(3)
            << u"not in order"_s;
        QTest::newRow("a short bitmap") << sequence({rangeSegment(3, 0, 20, QByteArray(1, '\xff'))})
                                        << quint64(8) << u"a bitmap of 1 bytes stands for 20 ids"_s;
        QTest::newRow("an odd array of 16-bit ids") << sequence({arraySegment(
            5, message([](Writer &w) {
                w.appendBytes(1, message([](Writer &a) { a.appendBytes(2, QByteArray(3, '\1')); }));
            }))}) << quint64(1) << u"16-bit ids holds 3 bytes"_s;
        QTest::newRow("a segment of an unknown kind")
            << sequence({message([](Writer &w) { w.appendVarint(9, 1); })}) << quint64(1)
            << u"kind (9)"_s;
        QTest::newRow("an empty segment")
            << sequence({QByteArray()}) << quint64(1) << u"is empty"_s;
        QTest::newRow("garbage") << QByteArray("\x0a\xff\xff\xff\xff\x0f", 6) << quint64(1)
                                 << u"damaged"_s;
    }

    void damagedSequencesAreRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(quint64, rows);
        QFETCH(QString, says);
        const auto ids = rows::RowIdSequence::decode(bytes, rows, u"fragment 4 of version 2"_s);
        QVERIFY(!ids);
        const QString text = ids.error().userMessage();
        QVERIFY2(text.contains(u"fragment 4 of version 2"_s) && text.contains(says),
                 qPrintable(text));
    }
};

LCB_TEST_GUILESS_MAIN(TestRowIdSequence)
#include "TestRowIdSequence.moc"
