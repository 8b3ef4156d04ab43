// SPDX-License-Identifier: Apache-2.0
// ManifestReader on the real manifests LanceDB wrote (tests/data/lance), on every damaged form
// of them, on foreign files and on crafted files with impossible offsets, lengths and varints.
#include "CraftedManifest.h"
#include "TestData.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "format/ManifestReader.h"

#include <QBuffer>
#include <QDirIterator>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace lance;
using format::ManifestReader;
using test::CraftedManifest;

namespace {

const QString PeopleVersions = u"lance/people.lance/_versions/"_s;
const QString PeopleV1 = PeopleVersions + u"18446744073709551614.manifest"_s;
const QString PeopleV3 = PeopleVersions + u"18446744073709551612.manifest"_s;

// Every manifest LanceDB wrote into tests/data/lance, as paths relative to tests/data.
QStringList realManifests()
{
    const QString root = test::TestData::path(u"lance"_s);
    QStringList found;
    QDirIterator files(root, {u"*.manifest"_s}, QDir::Files, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        found.append(u"lance"_s + files.next().mid(root.size()));
    }
    found.sort();
    return found;
}

// Refused as invalid input with a sentence, or read: never anything else.
QByteArray refusedOrRead(const api::Result<ManifestReader::Facts> &result)
{
    if (result) {
        return {};
    }
    if (result.error().kind() != api::ApiError::Kind::InvalidInput) {
        return "refused with the wrong kind: " + result.error().details().toUtf8();
    }
    const QString message = result.error().userMessage();
    if (message.isEmpty() || !message.endsWith(u'.')) {
        return "refused without a sentence: \"" + message.toUtf8() + '"';
    }
    return {};
}

QByteArray pngImage()
{
    QImage image(4, 4, QImage::Format_RGB32);
    image.fill(Qt::darkCyan);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

} // namespace

class TestManifestReader : public QObject
{
    Q_OBJECT

private slots:
    void readsRealManifests_data();
    void readsRealManifests();
    void everyRealManifestIsRead();
    void readsTheDemoTimestamp();
    void everyPrefixIsRefused();
    void everyDamagedByteIsRefusedOrRead();
    void refusesForeignFiles_data();
    void refusesForeignFiles();
    void refusesCraftedFiles_data();
    void refusesCraftedFiles();
    void skipsUnknownFields();
    void readsProtobufEdgeCases();
    void readFileNamesTheFile();
    void readFileRefusesWhatIsNotAManifestFile();
    void readFileRefusesBigFilesWithoutReadingThem();
};

void TestManifestReader::readsRealManifests_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<quint64>("version");
    QTest::addColumn<qint64>("msecs");
    QTest::addColumn<qint64>("size");
    QTest::newRow("people v1") << PeopleV1 << quint64(1) << qint64(1795935669257) << qint64(510);
    QTest::newRow("people v2") << PeopleVersions + u"18446744073709551613.manifest"_s << quint64(2)
                               << qint64(1795935669267) << qint64(500);
    QTest::newRow("people v3") << PeopleV3 << quint64(3) << qint64(1795935669273) << qint64(584);
    QTest::newRow("namespace orders v2")
        << u"lance/dir-namespace/a6c854b0_sales$orders/_versions/18446744073709551613.manifest"_s
        << quint64(2) << qint64(1795935669349) << qint64(471);
    QTest::newRow("namespace __manifest v4")
        << u"lance/dir-namespace/__manifest/_versions/18446744073709551611.manifest"_s << quint64(4)
        << qint64(1795935669341) << qint64(1257);
}

void TestManifestReader::readsRealManifests()
{
    QFETCH(QString, file);
    QFETCH(quint64, version);
    QFETCH(qint64, msecs);
    QFETCH(qint64, size);
    const api::Result<ManifestReader::Facts> facts
        = ManifestReader::parse(test::TestData::read(file));
    QVERIFY2(facts, qPrintable(facts ? QString() : facts.error().userMessage()));
    QCOMPARE(facts->version, version);
    QVERIFY(facts->timestamp);
    QCOMPARE(facts->timestamp->toMSecsSinceEpoch(), msecs);
    QCOMPARE(facts->timestamp->timeSpec(), Qt::UTC);
    QCOMPARE(facts->size, size);

    const api::Result<ManifestReader::Facts> fromFile
        = ManifestReader::readFile(test::TestData::path(file));
    QVERIFY(fromFile);
    QCOMPARE(fromFile->version, version);
    QCOMPARE(fromFile->timestamp, facts->timestamp);
    QCOMPARE(fromFile->size, size);
}

void TestManifestReader::everyRealManifestIsRead()
{
    const QStringList files = realManifests();
    // people 3, dir-namespace: people 3, orders 2, __manifest 4; the history: events 13 from
    // each of two LanceDB releases, and the __manifest 0.31.0 wrote beside it; the restores:
    // scores 6 and its __manifest 1; the branches: orders 3 on main, 2 on dev (which keep
    // their version numbers, 2 and 3) and 1 on dev/fix; the health table: metrics 10 on main
    // and 2 on its branch experiment; the rows' tables: types 4, wide 2, bigtext 1, deletions 4,
    // legacy 4, stable 7 and the __manifest beside them.
    QCOMPARE(files.size(), 87);
    for (const QString &file : files) {
        const api::Result<ManifestReader::Facts> facts
            = ManifestReader::parse(test::TestData::read(file));
        QVERIFY2(facts, qPrintable(file));
        // The V2 name holds u64::MAX - version (the README's fact).
        const quint64 named = QFileInfo(file).completeBaseName().toULongLong();
        QCOMPARE(facts->version, std::numeric_limits<quint64>::max() - named);
    }
}

// Moved from TestDemoCatalog, where ManifestTimestamp used to do this for the demo catalog.
void TestManifestReader::readsTheDemoTimestamp()
{
    const QByteArray manifest = test::TestData::read(PeopleV1);
    const api::Result<ManifestReader::Facts> facts = ManifestReader::parse(manifest);
    QVERIFY(facts && facts->timestamp);
    QCOMPARE(facts->timestamp->toUTC().date(), QDate(2026, 11, 29));
    QCOMPARE(facts->timestamp->toUTC().time(), QTime(7, 1, 9, 257));

    QVERIFY(!ManifestReader::parse(QByteArray()));
    QVERIFY(!ManifestReader::parse(QByteArray("not a manifest at all, LANC")));
    // The footer alone: its offset points at the footer itself.
    QVERIFY(!ManifestReader::parse(manifest.right(16)));
}

void TestManifestReader::everyPrefixIsRefused()
{
    for (const QString &file : realManifests()) {
        const QByteArray manifest = test::TestData::read(file);
        for (qsizetype length = 0; length < manifest.size(); ++length) {
            const auto facts = ManifestReader::parse(manifest.first(length));
            // A cut file has lost its footer: refused, with a sentence.
            QVERIFY2(!facts, qPrintable(u"%1 cut at %2"_s.arg(file).arg(length)));
            QVERIFY2(refusedOrRead(facts).isEmpty(), refusedOrRead(facts).constData());
        }
        // Cut at the front instead: offsets now point elsewhere, and still nothing but a
        // refusal or facts comes back.
        for (qsizetype skip = 1; skip < manifest.size(); ++skip) {
            const auto facts = ManifestReader::parse(manifest.sliced(skip));
            QVERIFY2(refusedOrRead(facts).isEmpty(), refusedOrRead(facts).constData());
        }
    }
}

void TestManifestReader::everyDamagedByteIsRefusedOrRead()
{
    const QByteArray manifest = test::TestData::read(PeopleV3);
    int refused = 0;
    for (qsizetype index = 0; index < manifest.size(); ++index) {
        for (const char replacement : {'\x00', '\x7f', '\x80', '\xff'}) {
            QByteArray damaged = manifest;
            damaged[index] = replacement;
            const auto facts = ManifestReader::parse(damaged);
            QVERIFY2(refusedOrRead(facts).isEmpty(), refusedOrRead(facts).constData());
            refused += facts ? 0 : 1;
        }
    }
    QVERIFY(refused > 0); // the footer's bytes at least matter
}

void TestManifestReader::refusesForeignFiles_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    QTest::newRow("empty") << QByteArray() << u"no LANC footer"_s;
    QTest::newRow("png") << pngImage() << u"no LANC footer"_s;
    QTest::newRow("text") << QByteArray("{\"version\":3}\n") << u"no LANC footer"_s;
    QTest::newRow("text ending in LANC")
        << QByteArray("this text only ends like a manifest: LANC") << u"footer points"_s;
    QTest::newRow("LANC alone") << QByteArray("LANC") << u"cut short"_s;
    QTest::newRow("a Lance data file") << test::TestData::read(
        u"lance/people.lance/data/10001110010110110000001117ee6b4261abaea36dcd432809.lance"_s)
                                       << u"footer points"_s;
}

void TestManifestReader::refusesForeignFiles()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    const api::Result<ManifestReader::Facts> facts = ManifestReader::parse(bytes);
    QVERIFY(!facts);
    QCOMPARE(facts.error().kind(), api::ApiError::Kind::InvalidInput);
    QVERIFY2(facts.error().userMessage().contains(reason), qPrintable(facts.error().userMessage()));
    QVERIFY(facts.error().userMessage().startsWith(u"The file "_s));
}

void TestManifestReader::refusesCraftedFiles_data()
{
    using C = CraftedManifest;
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    const QByteArray version = C::varintField(3, 7);
    const QByteArray good = C::file(version);
    const quint64 footerStart = quint64(good.size() - 16);
    const QByteArray body = good.first(good.size() - 16);
    constexpr quint64 Max = std::numeric_limits<quint64>::max();

    QTest::newRow("offset 2^64-1") << body + C::footer(Max) << u"points to byte"_s;
    QTest::newRow("offset past the end")
        << body + C::footer(footerStart + 100) << u"points to byte"_s;
    QTest::newRow("offset inside the footer")
        << body + C::footer(footerStart + 4) << u"not before the footer"_s;
    QTest::newRow("offset at the footer")
        << body + C::footer(footerStart) << u"not before the footer"_s;
    QTest::newRow("length runs into the footer")
        << body + C::footer(footerStart - 2) << u"length of its manifest message"_s;
    QTest::newRow("length 2^32-1")
        << C::length(0xffffffff) + version + C::footer(0) << u"cut short"_s;
    QTest::newRow("length one too many")
        << C::length(quint32(version.size() + 1)) + version + C::footer(0) << u"cut short"_s;
    QTest::newRow("no version") << C::file(C::bytesField(7, C::timestamp(1, 0)))
                                << u"no table version"_s;
    QTest::newRow("empty message") << C::file({}) << u"no table version"_s;
    QTest::newRow("varint of 11 bytes")
        << C::file(C::key(3, 0) + QByteArray(10, '\xff') + '\x01') << u"longer than 64 bits"_s;
    QTest::newRow("varint beyond 64 bits")
        << C::file(C::key(3, 0) + QByteArray(9, '\xff') + '\x02') << u"longer than 64 bits"_s;
    QTest::newRow("varint cut at the end") << C::file(C::key(3, 0) + '\x80') << u"cut short"_s;
    QTest::newRow("key cut at the end") << C::file(version + '\x80') << u"cut short"_s;
    QTest::newRow("length 2^63 of an unknown field")
        << C::file(version + C::key(9, 2) + C::varint(quint64(1) << 63)) << u"cut short"_s;
    QTest::newRow("length 2^64-1 of an unknown field")
        << C::file(version + C::key(9, 2) + C::varint(Max)) << u"cut short"_s;
    QTest::newRow("fixed64 cut short")
        << C::file(version + C::key(9, 1) + "1234") << u"cut short"_s;
    QTest::newRow("fixed32 cut short") << C::file(version + C::key(9, 5) + "12") << u"cut short"_s;
    QTest::newRow("version as bytes") << C::file(C::bytesField(3, "7")) << u"version field"_s;
    QTest::newRow("version as fixed64")
        << C::file(C::key(3, 1) + QByteArray(8, '\0')) << u"version field has wire type 1"_s;
    QTest::newRow("timestamp as varint")
        << C::file(version + C::varintField(7, 5)) << u"timestamp field"_s;
    QTest::newRow("seconds as bytes")
        << C::file(version + C::bytesField(7, C::bytesField(1, "x"))) << u"timestamp field"_s;
    QTest::newRow("group start") << C::file(version + C::key(9, 3) + C::key(9, 4))
                                 << u"protobuf group"_s;
    QTest::newRow("group end") << C::file(version + C::key(9, 4)) << u"protobuf group"_s;
    QTest::newRow("wire type 6") << C::file(version + C::key(9, 6)) << u"wire type 6"_s;
    QTest::newRow("wire type 7") << C::file(version + C::key(9, 7)) << u"wire type 7"_s;
    QTest::newRow("field number 0")
        << C::file(C::varintField(0, 1) + version) << u"invalid number"_s;
    QTest::newRow("key beyond 32 bits")
        << C::file(version + C::varintField(quint64(1) << 40, 1)) << u"invalid number"_s;
    QTest::newRow("timestamp cut inside")
        << C::file(version + C::bytesField(7, C::key(1, 0) + '\x80')) << u"cut short"_s;
    QTest::newRow("seconds after 9999")
        << C::file(version + C::bytesField(7, C::timestamp(253402300800, 0))) << u"out of range"_s;
    QTest::newRow("seconds before year 1")
        << C::file(version + C::bytesField(7, C::timestamp(-62135596801, 0))) << u"out of range"_s;
    QTest::newRow("seconds -2^63")
        << C::file(version + C::bytesField(7, C::timestamp(std::numeric_limits<qint64>::min(), 0)))
        << u"out of range"_s;
    QTest::newRow("negative nanos")
        << C::file(version + C::bytesField(7, C::timestamp(0, -1))) << u"out of range"_s;
    QTest::newRow("a second of nanos")
        << C::file(version + C::bytesField(7, C::timestamp(0, 1000000000))) << u"out of range"_s;
}

void TestManifestReader::refusesCraftedFiles()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    const api::Result<ManifestReader::Facts> facts = ManifestReader::parse(bytes);
    QVERIFY(!facts);
    QCOMPARE(facts.error().kind(), api::ApiError::Kind::InvalidInput);
    QVERIFY2(facts.error().userMessage().contains(reason), qPrintable(facts.error().userMessage()));
    QVERIFY(refusedOrRead(facts).isEmpty());
}

void TestManifestReader::skipsUnknownFields()
{
    using C = CraftedManifest;
    // Unknown fields of every wire type around the two known ones, and data before the
    // message and between it and the footer, as a newer Lance may write.
    const QByteArray unknown = C::varintField(9, quint64(1) << 62) + C::key(10, 1) + "8 bytes!"
                               + C::bytesField(11, C::bytesField(3, "not ours")) + C::key(12, 5)
                               + "4 b." + C::bytesField(3000, {});
    const QByteArray message = unknown + C::varintField(3, 42) + unknown
                               + C::bytesField(7, unknown + C::timestamp(86400, 5000000) + unknown)
                               + unknown;
    const api::Result<ManifestReader::Facts> facts
        = ManifestReader::parse(C::file(message, "data before", "index after"));
    QVERIFY2(facts, qPrintable(facts ? QString() : facts.error().userMessage()));
    QCOMPARE(facts->version, quint64(42));
    QCOMPARE(facts->timestamp, QDateTime(QDate(1970, 1, 2), QTime(0, 0, 0, 5), Qt::UTC));
}

void TestManifestReader::readsProtobufEdgeCases()
{
    using C = CraftedManifest;
    constexpr quint64 Max = std::numeric_limits<quint64>::max();

    // The largest version: a ten-byte varint whose last byte carries bit 63.
    auto facts = ManifestReader::parse(C::file(C::varintField(3, Max)));
    QVERIFY(facts);
    QCOMPARE(facts->version, Max);
    QVERIFY(!facts->timestamp);

    // A repeated scalar: the last one wins; repeated messages merge.
    facts = ManifestReader::parse(
        C::file(C::varintField(3, 1) + C::bytesField(7, C::varintField(1, 60))
                + C::varintField(3, 2) + C::bytesField(7, C::varintField(2, 7000000))));
    QVERIFY(facts);
    QCOMPARE(facts->version, quint64(2));
    QCOMPARE(facts->timestamp, QDateTime(QDate(1970, 1, 1), QTime(0, 1, 0, 7), Qt::UTC));

    // Before 1970: a negative int64 travels as a ten-byte varint; an empty timestamp is 1970.
    facts = ManifestReader::parse(
        C::file(C::varintField(3, 1) + C::bytesField(7, C::timestamp(-86400, 0))));
    QVERIFY(facts);
    QCOMPARE(facts->timestamp, QDateTime(QDate(1969, 12, 31), QTime(0, 0), Qt::UTC));
    facts = ManifestReader::parse(C::file(C::varintField(3, 1) + C::bytesField(7, {})));
    QVERIFY(facts);
    QCOMPARE(facts->timestamp, QDateTime(QDate(1970, 1, 1), QTime(0, 0), Qt::UTC));

    // The last moment protobuf's Timestamp allows.
    facts = ManifestReader::parse(
        C::file(C::varintField(3, 1) + C::bytesField(7, C::timestamp(253402300799, 999999999))));
    QVERIFY(facts);
    QCOMPARE(facts->timestamp, QDateTime(QDate(9999, 12, 31), QTime(23, 59, 59, 999), Qt::UTC));
}

void TestManifestReader::readFileNamesTheFile()
{
    QTemporaryDir dir;
    const QByteArray manifest = test::TestData::read(PeopleV3);
    const QString cut
        = test::TestFiles::write(dir.filePath(u"cut.manifest"_s), manifest.first(300));
    const auto facts = ManifestReader::readFile(cut);
    QVERIFY(!facts);
    QCOMPARE(facts.error().userMessage(),
             u"%1 is not a Lance manifest (no LANC footer)."_s.arg(QDir::toNativeSeparators(cut)));

    // The footer kept, the message cut: the reader says so.
    const QString shortened = test::TestFiles::write(dir.filePath(u"shortened.manifest"_s),
                                                     manifest.first(500) + manifest.right(16));
    const auto cutShort = ManifestReader::readFile(shortened);
    QVERIFY(!cutShort);
    QVERIFY2(cutShort.error().userMessage().startsWith(shortened + u" is cut short: "_s),
             qPrintable(cutShort.error().userMessage()));
}

void TestManifestReader::readFileRefusesWhatIsNotAManifestFile()
{
    QTemporaryDir dir;
    const QString missing = dir.filePath(u"1.manifest"_s);
    auto facts = ManifestReader::readFile(missing);
    QVERIFY(!facts);
    QCOMPARE(facts.error().userMessage(), missing + u" does not exist."_s);

    facts = ManifestReader::readFile(dir.path());
    QVERIFY(!facts);
    QCOMPARE(facts.error().userMessage(), dir.path() + u" is not a file."_s);

    // A device that never ends is refused before a byte is read.
    facts = ManifestReader::readFile(u"/dev/zero"_s);
    QVERIFY(!facts);
    QCOMPARE(facts.error().userMessage(), u"/dev/zero is not a file."_s);

    const QString empty = test::TestFiles::write(dir.filePath(u"empty.manifest"_s), {});
    facts = ManifestReader::readFile(empty);
    QVERIFY(!facts);
    QVERIFY(facts.error().userMessage().contains(u"no LANC footer"_s));
}

void TestManifestReader::readFileRefusesBigFilesWithoutReadingThem()
{
    const QString real = test::TestData::path(PeopleV3);
    QVERIFY(ManifestReader::readFile(real, 584));
    auto facts = ManifestReader::readFile(real, 583);
    QVERIFY(!facts);
    QVERIFY2(facts.error().userMessage().contains(u" is larger than "_s),
             qPrintable(facts.error().userMessage()));

    // A sparse file of 64 MiB and one byte: refused at once under the default limit.
    QTemporaryDir dir;
    QFile big(dir.filePath(u"1.manifest"_s));
    QVERIFY(big.open(QIODevice::WriteOnly));
    QVERIFY(big.resize(ManifestReader::DefaultMaxBytes + 1));
    big.close();
    QElapsedTimer timer;
    timer.start();
    facts = ManifestReader::readFile(big.fileName());
    QVERIFY(!facts);
    QVERIFY(facts.error().userMessage().startsWith(big.fileName() + u" is larger than 64"_s));
    QVERIFY(timer.elapsed() < 1000);
}

LCB_TEST_GUILESS_MAIN(TestManifestReader)
#include "TestManifestReader.moc"
