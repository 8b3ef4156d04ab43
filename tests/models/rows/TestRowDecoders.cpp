// SPDX-License-Identifier: Apache-2.0
// The pieces lance::rows is made of, on what LanceDB's files never show (TestRowsAgainstLanceDb
// covers the real files): FastLanes against a packer written here from the layout FastLanes.h
// documents; levels nested by hand, the worked examples of LevelAssembler.h and damaged ones;
// value encodings and an FSST symbol table built by hand, whole and damaged; the deletion files
// of tests/data decoded to the rows their deletes removed, then cut short and flipped;
// FlatBufferTable on garbage; every page of a real data file decoded after its buffers were
// cut and flipped, which must give a value or a refusal, never a crash (what AddressSanitizer
// runs this for); and format 2.0's pages: lists whose offsets and items are paged apart, built
// by hand, encodings refused by name, and a real 2.0 file flipped.
#include "TestData.h"
#include "TestRegistry.h"
#include "api/ErrorCode.h"
#include "format/DataFileLayout.h"
#include "format/PageLayout.h"
#include "format/ProtobufWriter.h"
#include "rows/DataFileReader.h"
#include "rows/DeletionFileReader.h"
#include "rows/FastLanes.h"
#include "rows/FieldTree.h"
#include "rows/FlatBufferTable.h"
#include "rows/FsstDecoder.h"
#include "rows/LegacyEncoding.h"
#include "rows/LevelAssembler.h"
#include "rows/PageDecoder.h"
#include "rows/ValueDecoder.h"
#include "rows/ValueJson.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>
#include <QtEndian>
#include <QtNumeric>

#include <algorithm>
#include <array>
#include <functional>
#include <tuple>
#include <vector>

using namespace Qt::StringLiterals;
using namespace lance;
using format::DataFileLayout;
using rows::ColumnArray;
using rows::FastLanes;
using rows::LevelAssembler;
using rows::ValueDecoder;
using Encoding = format::PageLayout::Encoding;
using EncodingKind = Encoding::Kind;
using Layer = format::PageLayout::Layer;

namespace {

const QString Where = u"the page under test"_s;

bool isInvalidInput(const api::ApiError &error)
{
    return error.kind() == api::ApiError::Kind::InvalidInput;
}

bool isUnsupported(const api::ApiError &error)
{
    return error.kind() == api::ApiError::Kind::Http
           && error.serverCode() == int(api::ErrorCode::Unsupported);
}

// The sentence a refusal carries: InvalidInput's own, and for Unsupported (a catalog error,
// answered as a server would answer it) the engine's text, which its userMessage() leaves out.
QString messageOf(const api::ApiError &error)
{
    return isInvalidInput(error) ? error.userMessage() : error.serverError();
}

// Packs one block bit by bit, straight from FastLanes.h's description, so that the unpacker is
// checked against the layout rather than against a copy of its own loop: lane l's stream takes
// its rows' values one after another, lowest bit first, and bit b of the stream is bit b % T of
// the lane's word b / T, which is word (b / T) * lanes + l of the block.
template <typename T> std::vector<T> packBlock(const std::vector<T> &values, int width)
{
    constexpr int Bits = int(sizeof(T)) * 8;
    constexpr int Lanes = FastLanes::BlockValues / Bits;
    constexpr std::array<int, 8> Order = {0, 4, 2, 6, 1, 5, 3, 7};
    std::vector<T> packed(size_t(FastLanes::wordsPerBlock<T>(width)), T(0));
    for (int lane = 0; lane < Lanes; ++lane) {
        for (int row = 0; row < Bits; ++row) {
            const T value = values[size_t(Order[row / 8] * 16 + (row % 8) * 128 + lane)];
            for (int k = 0; k < width; ++k) {
                const int bit = row * width + k;
                const T one = T((value >> k) & 1u);
                packed[size_t((bit / Bits) * Lanes + lane)] |= T(one << (bit % Bits));
            }
        }
    }
    return packed;
}

template <typename T> std::vector<T> randomValues(QRandomGenerator &random, int width)
{
    const quint64 mask = width == 64 ? ~quint64(0) : (quint64(1) << width) - 1;
    std::vector<T> out(FastLanes::BlockValues);
    for (T &value : out) {
        value = T(random.generate64() & mask);
    }
    // The extremes too, where a lost top bit or a sign extension would show.
    if (width > 0) {
        out[0] = T(mask);
        out[FastLanes::BlockValues - 1] = T(mask);
        out[513] = T(quint64(1) << (width - 1));
    }
    return out;
}

template <typename T> void checkRoundTrip(QRandomGenerator &random)
{
    constexpr int Bits = int(sizeof(T)) * 8;
    for (const int width :
         {0, 1, 2, 3, 5, 7, Bits / 2 - 1, Bits / 2, Bits / 2 + 3, Bits - 1, Bits}) {
        const std::vector<T> values = randomValues<T>(random, width);
        const std::vector<T> packed = packBlock<T>(values, width);
        QCOMPARE(qsizetype(packed.size()), qsizetype(FastLanes::BlockValues) * width / Bits);
        std::vector<T> out(FastLanes::BlockValues, T(0x5a));
        FastLanes::unpack<T>(packed.data(), width, out.data());
        for (int i = 0; i < FastLanes::BlockValues; ++i) {
            if (out[size_t(i)] != values[size_t(i)]) {
                QFAIL(qPrintable(u"%1-bit words, width %2: value %3 is %4, not %5"_s.arg(Bits)
                                     .arg(width)
                                     .arg(i)
                                     .arg(quint64(out[size_t(i)]))
                                     .arg(quint64(values[size_t(i)]))));
            }
        }
    }
}

ColumnArray emptyOf(const QString &spelling)
{
    ColumnArray out;
    const auto type = rows::ValueType::parse(spelling);
    if (type) {
        out.type = *type;
    }
    return out;
}

// `length` int32 values 0, 1, 2...
ColumnArray int32Values(qint64 length)
{
    ColumnArray out = emptyOf(u"int32"_s);
    out.length = length;
    for (qint64 i = 0; i < length; ++i) {
        char bytes[4];
        qToLittleEndian<qint32>(qint32(i), bytes);
        out.values.append(bytes, 4);
    }
    return out;
}

Encoding encoding(EncodingKind kind, quint64 bits = 0, const QList<Encoding> &children = {})
{
    Encoding out;
    out.kind = kind;
    out.bits = bits;
    out.children = children;
    return out;
}

template <typename T> QByteArray littleEndian(const QList<T> &words)
{
    QByteArray out(words.size() * qsizetype(sizeof(T)), Qt::Uninitialized);
    for (qsizetype i = 0; i < words.size(); ++i) {
        qToLittleEndian<T>(words.at(i), out.data() + i * qsizetype(sizeof(T)));
    }
    return out;
}

QByteArray bytesOf(std::initializer_list<int> values)
{
    QByteArray out;
    for (const int value : values) {
        out.append(char(value));
    }
    return out;
}

// An FSST symbol table as Fsst.symbol_table holds it, padded to the size Lance writes.
QByteArray fsstTable(const QList<QByteArray> &symbols, quint64 magic = 0x46535354,
                     bool compressed = true)
{
    QByteArray out;
    const quint64 header
        = (magic << 32) | (compressed ? quint64(1) << 24 : 0) | quint64(symbols.size());
    out.append(littleEndian<quint64>({header}));
    for (const QByteArray &symbol : symbols) {
        QByteArray word = symbol.left(8);
        word.resize(8, '\0');
        out.append(word);
    }
    for (const QByteArray &symbol : symbols) {
        out.append(char(symbol.size()));
    }
    out.resize(2312, '\0');
    return out;
}

// What is wrong with `array`'s layout as ColumnArray.h describes it (empty when nothing is): a
// damaged file must give a refusal or arrays a reader can index, never arrays that send it
// outside their buffers.
QString brokenShape(const ColumnArray &array)
{
    using Kind = rows::ValueType::Kind;
    const auto problem = [&](const QString &what) {
        return u"“%1” (%2): %3"_s.arg(array.name, array.type.spelling, what);
    };
    if (array.length < 0) {
        return problem(u"negative length"_s);
    }
    if (!array.validity.isEmpty() && array.validity.size() != array.length) {
        return problem(u"validity of %1, length %2"_s.arg(array.validity.size()).arg(array.length));
    }
    const auto offsetsWithin = [&](qint64 end) -> QString {
        if (array.offsets.isEmpty() && array.length == 0) {
            return {};
        }
        if (array.offsets.size() != array.length + 1) {
            return problem(
                u"%1 offsets for %2 values"_s.arg(array.offsets.size()).arg(array.length));
        }
        for (qsizetype i = 0; i < array.offsets.size(); ++i) {
            if (array.offsets.at(i) < 0 || array.offsets.at(i) > end
                || (i > 0 && array.offsets.at(i) < array.offsets.at(i - 1))) {
                return problem(
                    u"offset %1 is %2, outside 0..%3"_s.arg(i).arg(array.offsets.at(i)).arg(end));
            }
        }
        return {};
    };
    if (array.type.isFixedWidth()) {
        if (array.values.size() != array.length * array.type.bytes) {
            return problem(u"%1 bytes for %2 values"_s.arg(array.values.size()).arg(array.length));
        }
        return {};
    }
    if (array.type.isVariableWidth()) {
        return offsetsWithin(array.values.size());
    }
    if (array.type.kind == Kind::FixedSizeList) {
        qint64 items = 0;
        if (array.children.size() != 1 || qMulOverflow(array.length, array.type.listSize, &items)
            || array.children.front().length != items) {
            return problem(u"its items are not %1 a vector"_s.arg(array.type.listSize));
        }
        return brokenShape(array.children.front());
    }
    if (array.type.kind == Kind::List) {
        if (array.children.size() != 1) {
            return problem(u"%1 children"_s.arg(array.children.size()));
        }
        const QString offsets = offsetsWithin(array.children.front().length);
        return offsets.isEmpty() ? brokenShape(array.children.front()) : offsets;
    }
    for (const ColumnArray &child : array.children) {
        if (child.length != array.length) {
            return problem(u"child “%1” of %2 rows"_s.arg(child.name).arg(child.length));
        }
        if (const QString broken = brokenShape(child); !broken.isEmpty()) {
            return broken;
        }
    }
    return {};
}

// What is wrong with the arrays a read of `count` rows of `fields` fields gave (empty when
// nothing is): one array a field, each of `count` rows, each of a sound shape.
QString brokenRead(const QList<ColumnArray> &arrays, qsizetype fields, quint64 count)
{
    if (arrays.size() != fields) {
        return u"%1 arrays for %2 fields"_s.arg(arrays.size()).arg(fields);
    }
    for (const ColumnArray &array : arrays) {
        if (quint64(array.length) != count) {
            return u"“%1” holds %2 rows of %3"_s.arg(array.name).arg(array.length).arg(count);
        }
        if (const QString broken = brokenShape(array); !broken.isEmpty()) {
            return broken;
        }
    }
    return {};
}

struct DataFile
{
    QString path;
    QByteArray bytes;
    DataFileLayout layout;
    rows::FieldTree tree;
};

// The largest data file of a table: the most pages and encodings.
std::optional<DataFile> largestDataFile(const QString &table)
{
    const QDir data(test::TestData::path(u"lance/rows/"_s + table + u"/data"_s));
    const QStringList files = data.entryList({u"*.lance"_s}, QDir::Files, QDir::Size);
    if (files.isEmpty()) {
        return std::nullopt;
    }
    DataFile out;
    out.path = data.filePath(files.front());
    QFile file(out.path);
    if (!file.open(QIODevice::ReadOnly)) {
        return std::nullopt;
    }
    out.bytes = file.readAll();
    auto layout = DataFileLayout::readFile(out.path);
    if (!layout) {
        return std::nullopt;
    }
    out.layout = std::move(*layout);
    auto tree = rows::FieldTree::build(out.layout.fields);
    if (!tree) {
        return std::nullopt;
    }
    out.tree = std::move(*tree);
    return out;
}

// The leaves in column order: a file's columns are its schema's leaves, depth first.
QList<const rows::FieldTree::Node *> leavesOf(const rows::FieldTree &tree)
{
    QList<const rows::FieldTree::Node *> out;
    for (const rows::FieldTree::Node &node : tree.topLevel) {
        out.append(node.leaves());
    }
    return out;
}

rows::DataFileReader::ReadRange rangesOf(const QByteArray &bytes)
{
    return [bytes](quint64 position, quint64 size) -> api::Result<QByteArray> {
        if (position > quint64(bytes.size()) || size > quint64(bytes.size()) - position) {
            return api::ApiError::invalidInput(u"outside the file"_s);
        }
        return bytes.mid(qsizetype(position), qsizetype(size));
    };
}

// Lance file format 2.0's encodings (`protos/encodings_v2_0.proto`), written by hand: member
// `member` of the ArrayEncoding oneof, holding `body`.
QByteArray legacyMember(quint32 member, const QByteArray &body)
{
    format::ProtobufWriter out;
    out.appendBytes(member, body);
    return out.take();
}

// Flat: `bits` per value in page buffer `buffer`, compressed with `compression` if named.
QByteArray legacyFlat(quint64 bits, quint32 buffer, const QString &compression = {})
{
    format::ProtobufWriter place;
    place.appendVarint(1, buffer);
    format::ProtobufWriter flat;
    flat.appendVarint(1, bits);
    flat.appendBytes(2, place.bytes());
    if (!compression.isEmpty()) {
        format::ProtobufWriter scheme;
        scheme.appendString(1, compression);
        flat.appendBytes(3, scheme.bytes());
    }
    return legacyMember(1, flat.bytes());
}

// Nullable's "no nulls" around `values`.
QByteArray legacyNoNulls(const QByteArray &values)
{
    format::ProtobufWriter inner;
    inner.appendBytes(1, values);
    format::ProtobufWriter nullable;
    nullable.appendBytes(1, inner.bytes());
    return legacyMember(2, nullable.bytes());
}

// A list's offsets page: where each list ends, a null one's raised by `adjustment`.
QByteArray legacyList(const QByteArray &offsets, quint64 adjustment, quint64 items)
{
    format::ProtobufWriter list;
    list.appendBytes(1, offsets);
    list.appendVarint(2, adjustment);
    list.appendVarint(3, items);
    return legacyMember(4, list.bytes());
}

// A 2.0 file's layout being built: its bytes, and its columns of pages of one buffer each.
struct LegacyFile
{
    QByteArray bytes;
    DataFileLayout layout;

    LegacyFile(quint64 rows, qsizetype columns)
    {
        layout.footer.major = 0;
        layout.footer.minor = 3;
        layout.formatVersion = u"2.0"_s;
        layout.rows = rows;
        layout.columns.resize(columns);
    }

    void addPage(qsizetype column, quint64 rows, const QByteArray &encoding,
                 const QByteArray &buffer)
    {
        DataFileLayout::Page page;
        page.rows = rows;
        page.encoding = {QString::fromLatin1(rows::LegacyEncoding::TypeUrl), encoding};
        page.buffers.append({quint64(bytes.size()), quint64(buffer.size())});
        bytes.append(buffer);
        layout.columns[column].pages.append(page);
    }
};

// The fields of a schema, parents first.
rows::FieldTree treeOf(const QList<std::tuple<qint32, qint32, QString, QString>> &fields)
{
    QList<format::ManifestContents::SchemaField> schema;
    for (const auto &[id, parent, name, type] : fields) {
        format::ManifestContents::SchemaField field;
        field.id = id;
        field.parentId = parent;
        field.name = name;
        field.logicalType = type;
        field.nullable = true;
        schema.append(field);
    }
    return *rows::FieldTree::build(schema);
}

} // namespace

class TestRowDecoders : public QObject
{
    Q_OBJECT

private slots:
    void fastLanesUnpacksWhatTheDocumentedLayoutPacks();
    void fastLanesPutsOneValueWhereTheLayoutSays();
    void levelsOfAListOfNullableStrings();
    void levelsOfAStructWithANullableChild();
    void damagedLevelsAreRefused();
    void flatBooleansAreUnpackedBitByBit();
    void variableChunksFollowTheirOffsets();
    void damagedVariableChunksAreRefused();
    void bitPackedChunksAreUnpacked();
    void runsAreExpanded();
    void unknownEncodingsAreRefusedByName();
    void vectorsHoldTheirItems();
    void fsstDecompressesSymbolsAndEscapes();
    void damagedFsstIsRefused();
    void deletionFilesListTheRowsTheirDeletesRemoved();
    void damagedDeletionFilesAreRefused();
    void flatBuffersOfGarbageAreReadSafely();
    void damagedPagesGiveAValueOrARefusal();
    void fullZipPagesAreReadOnlyWhereTheRowsAre();
    void damagedDataFilesGiveRowsOrARefusal();
    void structFieldsWhoseColumnsDisagreeAreRefused();
    void legacyListsFollowTheirOffsetsAcrossPages();
    void legacyEncodingsNotReadAreRefusedByName();
    void damagedLegacyPagesAreRefused();
    void damagedLegacyDataFilesGiveRowsOrARefusal();
};

void TestRowDecoders::fastLanesUnpacksWhatTheDocumentedLayoutPacks()
{
    QRandomGenerator random(20240611);
    checkRoundTrip<quint8>(random);
    checkRoundTrip<quint16>(random);
    checkRoundTrip<quint32>(random);
    checkRoundTrip<quint64>(random);
}

void TestRowDecoders::fastLanesPutsOneValueWhereTheLayoutSays()
{
    // 32-bit words, 32 lanes, width 3: row 8 of lane 2 is value Order[1] * 16 + 0 + 2 = 66 of
    // the block; its bits start at bit 24 of the lane's stream, in the lane's first word (2).
    std::vector<quint32> packed(size_t(FastLanes::wordsPerBlock<quint32>(3)), 0);
    QCOMPARE(packed.size(), size_t(96));
    packed[2] = quint32(5) << 24;
    std::vector<quint32> out(FastLanes::BlockValues, 0xdead);
    FastLanes::unpack<quint32>(packed.data(), 3, out.data());
    for (int i = 0; i < FastLanes::BlockValues; ++i) {
        QCOMPARE(out[size_t(i)], i == 66 ? quint32(5) : quint32(0));
    }
    // Row 10 of lane 0 (value 4 * 16 + 2 * 128 = 320) at bits 30..32: split across the lane's
    // first two words (0 and 0 + 32).
    std::fill(packed.begin(), packed.end(), 0);
    packed[0] = quint32(3) << 30; // its low two bits
    packed[32] = 1;               // its top bit
    FastLanes::unpack<quint32>(packed.data(), 3, out.data());
    for (int i = 0; i < FastLanes::BlockValues; ++i) {
        QCOMPARE(out[size_t(i)], i == 320 ? quint32(7) : quint32(0));
    }
}

void TestRowDecoders::levelsOfAListOfNullableStrings()
{
    // `tags.item`, rows null, [], ['x', null], ['t3', 'u0']: the example of LevelAssembler.h.
    const auto assembled = LevelAssembler::assemble({Layer::NullableItem, Layer::NullAndEmptyList},
                                                    {1, 1, 1, 0, 1, 0}, {2, 3, 0, 1, 0, 0},
                                                    int32Values(4), 4, Where);
    if (!assembled) {
        QFAIL(qPrintable(assembled.error().userMessage()));
    }
    QCOMPARE(assembled->layers.size(), 2);
    const LevelAssembler::Layer &list = assembled->layers.at(0);
    QVERIFY(list.list);
    QCOMPARE(list.length, 4);
    QCOMPARE(list.offsets, (QList<qint64>{0, 0, 0, 2, 4}));
    QCOMPARE(list.validity, bytesOf({0, 1, 1, 1}));
    const LevelAssembler::Layer &items = assembled->layers.at(1);
    QVERIFY(!items.list);
    QCOMPARE(items.length, 4);
    QCOMPARE(items.validity, bytesOf({1, 0, 1, 1}));
    QVERIFY(items.offsets.isEmpty());
    QCOMPARE(assembled->leaf.length, 4);
    QCOMPARE(assembled->leaf.validity, bytesOf({1, 0, 1, 1}));
    QCOMPARE(assembled->leaf.values, int32Values(4).values);

    // Without nulls anywhere, every slot valid and no validity kept.
    const auto plain = LevelAssembler::assemble({Layer::AllValidItem, Layer::AllValidList},
                                                {1, 0, 0, 1}, {}, int32Values(4), 2, Where);
    QVERIFY(plain);
    QCOMPARE(plain->layers.at(0).offsets, (QList<qint64>{0, 3, 4}));
    QVERIFY(plain->layers.at(0).validity.isEmpty());
    QVERIFY(plain->leaf.validity.isEmpty());
}

void TestRowDecoders::levelsOfAStructWithANullableChild()
{
    // st {x}, both nullable: def 0 all valid, 1 x null, 2 st null (and so x with it), and each
    // row still gives x a slot, as Arrow wants.
    const auto assembled = LevelAssembler::assemble({Layer::NullableItem, Layer::NullableItem}, {},
                                                    {0, 1, 2}, int32Values(3), 3, Where);
    if (!assembled) {
        QFAIL(qPrintable(assembled.error().userMessage()));
    }
    QCOMPARE(assembled->layers.size(), 2);
    QVERIFY(!assembled->layers.at(0).list);
    QCOMPARE(assembled->layers.at(0).length, 3);
    QCOMPARE(assembled->layers.at(0).validity, bytesOf({1, 1, 0}));
    QCOMPARE(assembled->layers.at(1).length, 3);
    QCOMPARE(assembled->layers.at(1).validity, bytesOf({1, 0, 0}));
    QCOMPARE(assembled->leaf.validity, bytesOf({1, 0, 0}));
    QCOMPARE(LevelAssembler::maxVisibleDefinition({Layer::NullableItem, Layer::NullableItem}),
             quint16(2));
    QCOMPARE(LevelAssembler::maxVisibleDefinition({Layer::NullableItem, Layer::NullAndEmptyList}),
             quint16(1));
}

void TestRowDecoders::damagedLevelsAreRefused()
{
    const QList<Layer> layers{Layer::NullableItem, Layer::NullAndEmptyList};
    const QList<quint16> rep{1, 1, 1, 0, 1, 0};
    const QList<quint16> def{2, 3, 0, 1, 0, 0};
    const auto refusal = [&](const QList<quint16> &repetition, const QList<quint16> &definition,
                             qint64 values, qint64 rows) {
        const auto assembled = LevelAssembler::assemble(layers, repetition, definition,
                                                        int32Values(values), rows, Where);
        if (assembled) {
            return u"(read)"_s;
        }
        return isInvalidInput(assembled.error()) ? assembled.error().userMessage()
                                                 : u"(not InvalidInput)"_s;
    };
    QVERIFY(refusal(rep, def, 4, 4) == u"(read)"_s);
    const auto refused = [&](const QString &message, const QString &says) {
        return message.contains(Where) && message.contains(says);
    };
    QVERIFY(refused(refusal({2, 1, 1, 0, 1, 0}, def, 4, 4), u"past its 1 lists"_s));
    QVERIFY(refused(refusal(rep, {2, 4, 0, 1, 0, 0}, 4, 4), u"past its 3 codes"_s));
    QVERIFY(refused(refusal(rep, def, 3, 4), u"place 4 values"_s));
    QVERIFY(refused(refusal(rep, def, 5, 4), u"place 4 values"_s));
    QVERIFY(refused(refusal(rep, def, 4, 3), u"hold 4 rows"_s));
    QVERIFY(refused(refusal({0, 1, 1, 0, 1, 0}, def, 4, 4), u"does not exist"_s));
    QVERIFY(refused(refusal(rep, def.first(5), 4, 4), u"5 definition levels"_s));
    QVERIFY(refused(refusal({}, def, 4, 4), u"no repetition levels"_s));
    // Layers no version of Lance writes are refused as not read, not as damage.
    const auto unknown
        = LevelAssembler::assemble({Layer::Unknown}, {}, {}, int32Values(1), 1, Where);
    QVERIFY(!unknown && isUnsupported(unknown.error()));
    QVERIFY(!LevelAssembler::assemble({}, {}, {}, int32Values(1), 1, Where));
}

void TestRowDecoders::flatBooleansAreUnpackedBitByBit()
{
    const Encoding bits = encoding(EncodingKind::Flat, 1);
    QList<QByteArrayView> buffers;
    const QByteArray packed = bytesOf({0b10110101, 0b00000001});
    buffers = {packed};
    const auto flags = ValueDecoder::fixed(bits, buffers, 10, Where);
    QVERIFY(flags);
    QCOMPARE(*flags, bytesOf({1, 0, 1, 0, 1, 1, 0, 1, 1, 0}));
    QVERIFY(buffers.isEmpty()); // the buffer was taken

    ColumnArray out = emptyOf(u"bool"_s);
    buffers = {packed};
    QVERIFY(ValueDecoder::chunk(bits, buffers, 9, out, Where));
    QCOMPARE(out.length, 9);
    QCOMPARE(out.values, bytesOf({1, 0, 1, 0, 1, 1, 0, 1, 1}));

    buffers = {packed};
    const auto tooMany = ValueDecoder::fixed(bits, buffers, 17, Where);
    QVERIFY(!tooMany && isInvalidInput(tooMany.error()));
    QVERIFY(tooMany.error().userMessage().contains(Where));
    buffers = {};
    const auto missing = ValueDecoder::fixed(bits, buffers, 1, Where);
    QVERIFY(!missing && isInvalidInput(missing.error()));
}

void TestRowDecoders::variableChunksFollowTheirOffsets()
{
    const Encoding variable
        = encoding(EncodingKind::Variable, 0, {encoding(EncodingKind::Flat, 32)});
    // "ab", "", "cde": offsets from the buffer's start, past the four offsets themselves.
    const QByteArray first = littleEndian<quint32>({16, 18, 18, 21}) + "abcde";
    ColumnArray out = emptyOf(u"string"_s);
    QList<QByteArrayView> buffers{first};
    const auto read = ValueDecoder::chunk(variable, buffers, 3, out, Where);
    if (!read) {
        QFAIL(qPrintable(read.error().userMessage()));
    }
    QCOMPARE(out.length, 3);
    QCOMPARE(out.offsets, (QList<qint64>{0, 2, 2, 5}));
    QCOMPARE(out.values, "abcde"_ba);
    // A second chunk carries on from the first.
    const QByteArray second = littleEndian<quint64>({16, 17}) + "f";
    const Encoding wide = encoding(EncodingKind::Variable, 0, {encoding(EncodingKind::Flat, 64)});
    buffers = {second};
    QVERIFY(ValueDecoder::chunk(wide, buffers, 1, out, Where));
    QCOMPARE(out.length, 4);
    QCOMPARE(out.offsets, (QList<qint64>{0, 2, 2, 5, 6}));
    QCOMPARE(out.values, "abcdef"_ba);
    QVERIFY(brokenShape(out).isEmpty());
}

void TestRowDecoders::damagedVariableChunksAreRefused()
{
    const Encoding variable
        = encoding(EncodingKind::Variable, 0, {encoding(EncodingKind::Flat, 32)});
    const auto refusal = [&](const QByteArray &bytes, quint64 count) {
        ColumnArray out = emptyOf(u"binary"_s);
        QList<QByteArrayView> buffers{bytes};
        const auto read = ValueDecoder::chunk(variable, buffers, count, out, Where);
        if (read) {
            return u"(read)"_s;
        }
        return isInvalidInput(read.error()) ? read.error().userMessage() : u"(not InvalidInput)"_s;
    };
    QCOMPARE(refusal(littleEndian<quint32>({16, 18, 18, 21}) + "abcde", 3), u"(read)"_s);
    const QString decreasing = refusal(littleEndian<quint32>({16, 18, 17, 21}) + "abcde", 3);
    QVERIFY2(decreasing.contains(Where) && decreasing.contains(u"outside its buffer"_s),
             qPrintable(decreasing));
    const QString past = refusal(littleEndian<quint32>({16, 18, 18, 22}) + "abcde", 3);
    QVERIFY2(past.contains(u"outside its buffer"_s), qPrintable(past));
    QVERIFY(refusal(littleEndian<quint32>({16, 18, 18, 0xffffffff}) + "abcde", 3)
                .contains(u"outside its buffer"_s));
    const QString inside = refusal(littleEndian<quint32>({8, 18, 18, 21}) + "abcde", 3);
    QVERIFY2(inside.contains(u"inside its offsets"_s), qPrintable(inside));
    const QString few = refusal(littleEndian<quint32>({16, 18, 18, 21}), 4);
    QVERIFY2(few.contains(u"cannot hold the offsets of 4"_s), qPrintable(few));
    QVERIFY(refusal({}, 0).contains(u"cannot hold"_s));

    // Strings of a type that has none, and offsets of widths Lance never writes.
    ColumnArray numbers = emptyOf(u"int32"_s);
    const QByteArray four = littleEndian<quint32>({4});
    QList<QByteArrayView> buffers{four};
    const auto notStrings = ValueDecoder::chunk(variable, buffers, 0, numbers, Where);
    QVERIFY(!notStrings && isUnsupported(notStrings.error()));
    ColumnArray strings = emptyOf(u"string"_s);
    const Encoding odd = encoding(EncodingKind::Variable, 0, {encoding(EncodingKind::Flat, 16)});
    buffers = {four};
    const auto oddWidth = ValueDecoder::chunk(odd, buffers, 0, strings, Where);
    QVERIFY(!oddWidth && isUnsupported(oddWidth.error()));
}

void TestRowDecoders::bitPackedChunksAreUnpacked()
{
    // 1500 values of 11 bits in 16-bit words: one block of 1024, then 476 more, packed out of
    // line as a second block padded with zeros, or inline with each block's width ahead of it.
    QRandomGenerator random(7);
    std::vector<quint16> values = randomValues<quint16>(random, 11);
    std::vector<quint16> tail = randomValues<quint16>(random, 11);
    std::fill(tail.begin() + 476, tail.end(), 0);
    QList<quint16> words;
    for (const quint16 word : packBlock<quint16>(values, 11)) {
        words.append(word);
    }
    for (const quint16 word : packBlock<quint16>(tail, 11)) {
        words.append(word);
    }
    QByteArray expected;
    for (size_t i = 0; i < 1500; ++i) {
        char bytes[2];
        qToLittleEndian<quint16>(i < 1024 ? values[i] : tail[i - 1024], bytes);
        expected.append(bytes, 2);
    }
    const Encoding outOfLine
        = encoding(EncodingKind::OutOfLineBitpacking, 16, {encoding(EncodingKind::Flat, 11)});
    const QByteArray packed = littleEndian<quint16>(words);
    QList<QByteArrayView> buffers{packed};
    const auto unpacked = ValueDecoder::fixed(outOfLine, buffers, 1500, Where);
    QVERIFY(unpacked);
    QCOMPARE(*unpacked, expected);
    // The tail kept raw instead: the buffer's length says so.
    const QByteArray rawTail
        = littleEndian<quint16>(words.first(words.size() / 2)) + expected.sliced(1024 * 2);
    buffers = {rawTail};
    const auto raw = ValueDecoder::fixed(outOfLine, buffers, 1500, Where);
    QVERIFY(raw);
    QCOMPARE(*raw, expected);

    QList<quint16> inlineWords{11};
    inlineWords.append(words.first(words.size() / 2));
    inlineWords.append(11);
    inlineWords.append(words.sliced(words.size() / 2));
    const QByteArray inlinePacked = littleEndian<quint16>(inlineWords);
    buffers = {inlinePacked};
    const auto inlined
        = ValueDecoder::fixed(encoding(EncodingKind::InlineBitpacking, 16), buffers, 1500, Where);
    QVERIFY(inlined);
    QCOMPARE(*inlined, expected);

    // Cut short, or a width wider than the words: refused.
    buffers = {QByteArrayView(inlinePacked).first(inlinePacked.size() - 2)};
    const auto cut
        = ValueDecoder::fixed(encoding(EncodingKind::InlineBitpacking, 16), buffers, 1500, Where);
    QVERIFY(!cut && isInvalidInput(cut.error()));
    QList<quint16> tooWide = inlineWords;
    tooWide[0] = 17;
    const QByteArray wider = littleEndian<quint16>(tooWide);
    buffers = {wider};
    QVERIFY(
        !ValueDecoder::fixed(encoding(EncodingKind::InlineBitpacking, 16), buffers, 1500, Where));
    buffers = {packed};
    const auto outOfRange = ValueDecoder::fixed(
        encoding(EncodingKind::OutOfLineBitpacking, 16, {encoding(EncodingKind::Flat, 17)}),
        buffers, 1500, Where);
    QVERIFY(!outOfRange && isUnsupported(outOfRange.error()));
}

void TestRowDecoders::runsAreExpanded()
{
    const Encoding rle = encoding(
        EncodingKind::Rle, 0, {encoding(EncodingKind::Flat, 32), encoding(EncodingKind::Flat, 8)});
    const QByteArray values = littleEndian<qint32>({7, -1, 9});
    const QByteArray lengths = bytesOf({2, 3, 1});
    QList<QByteArrayView> buffers{values, lengths};
    const auto all = ValueDecoder::fixed(rle, buffers, 6, Where);
    QVERIFY(all);
    QCOMPARE(*all, littleEndian<qint32>({7, 7, -1, -1, -1, 9}));
    QVERIFY(buffers.isEmpty()); // both buffers taken
    buffers = {values, lengths};
    const auto some = ValueDecoder::integers(rle, buffers, 4, Where);
    QVERIFY(some);
    QCOMPARE(*some, (QList<quint64>{7, 7, 0xffffffff, 0xffffffff}));

    buffers = {values, lengths};
    const auto few = ValueDecoder::fixed(rle, buffers, 7, Where);
    QVERIFY(!few && isInvalidInput(few.error()));
    QVERIFY(few.error().userMessage().contains(u"fewer than 7"_s));
    // More run lengths than values.
    const QByteArray more = bytesOf({2, 3, 1, 4});
    buffers = {values, more};
    QVERIFY(!ValueDecoder::fixed(rle, buffers, 6, Where));
    buffers = {values};
    const auto noLengths = ValueDecoder::fixed(rle, buffers, 6, Where);
    QVERIFY(!noLengths && isInvalidInput(noLengths.error()));
    QVERIFY(noLengths.error().userMessage().contains(u"run lengths"_s));
}

void TestRowDecoders::unknownEncodingsAreRefusedByName()
{
    const QString where = u"Page 3 of column “f32” of x.lance"_s;
    const QList<Encoding> unknown{
        encoding(EncodingKind::ByteStreamSplit, 0, {encoding(EncodingKind::Flat, 32)}),
        [] {
            Encoding e = encoding(EncodingKind::Unknown);
            e.field = 42;
            return e;
        }(),
        encoding(EncodingKind::Constant),
        [] {
            Encoding e = encoding(EncodingKind::Flat, 32);
            e.compression = format::PageLayout::Compression{1, std::nullopt};
            return e;
        }(),
    };
    const QByteArray bytes(64, '\1');
    for (const Encoding &each : unknown) {
        ColumnArray out = emptyOf(u"float"_s);
        QList<QByteArrayView> buffers{bytes};
        const auto read = ValueDecoder::chunk(each, buffers, 4, out, where);
        QVERIFY2(!read, qPrintable(each.text()));
        QVERIFY2(isUnsupported(read.error()), qPrintable(each.text()));
        const QString message = messageOf(read.error());
        QVERIFY2(message.contains(where) && message.contains(each.text()), qPrintable(message));
        QCOMPARE(out.length, 0);
        buffers = {bytes};
        const auto levels = ValueDecoder::integers(each, buffers, 4, where);
        QVERIFY(!levels && isUnsupported(levels.error()));
    }
    QVERIFY(unknown.at(0).text().contains(u"byte stream split"_s));
    QVERIFY(unknown.at(1).text().contains(u"42"_s));
}

void TestRowDecoders::vectorsHoldTheirItems()
{
    // Three vectors of two int16 items, the items' validity ahead of them.
    const auto type = rows::ValueType::parse(u"fixed_size_list:int16:2"_s);
    QVERIFY(type);
    ColumnArray vectors;
    vectors.type = *type;
    vectors.children.append(emptyOf(u"int16"_s));
    Encoding list = encoding(EncodingKind::FixedSizeList, 2, {encoding(EncodingKind::Flat, 16)});
    list.hasValidity = true;
    const QByteArray validity = bytesOf({0b111011});
    const QByteArray items = littleEndian<qint16>({1, 2, 3, 4, 5, 6});
    QList<QByteArrayView> buffers{validity, items};
    const auto read = ValueDecoder::chunk(list, buffers, 3, vectors, Where);
    if (!read) {
        QFAIL(qPrintable(read.error().userMessage()));
    }
    QCOMPARE(vectors.length, 3);
    QCOMPARE(vectors.children.front().length, 6);
    QCOMPARE(vectors.children.front().values, items);
    QCOMPARE(vectors.children.front().validity, bytesOf({1, 1, 0, 1, 1, 1}));
    QVERIFY(brokenShape(vectors).isEmpty());

    // A size the type does not have, and one so large that the items cannot be counted: refused,
    // never an array whose items are fewer than its vectors say.
    buffers = {validity, items};
    QVERIFY(!ValueDecoder::chunk(
        encoding(EncodingKind::FixedSizeList, 3, {encoding(EncodingKind::Flat, 16)}), buffers, 3,
        vectors, Where));
    // A schema that names such a type is refused before any page is read; a type made here
    // reaches the decoder, which refuses it too.
    QVERIFY(!rows::ValueType::parse(u"fixed_size_list:int16:4611686018427387904"_s));
    auto huge = rows::ValueType::parse(u"fixed_size_list:int16:4"_s);
    QVERIFY(huge);
    huge->listSize = qint64(4611686018427387904);
    ColumnArray wide;
    wide.type = *huge;
    wide.children.append(emptyOf(u"int16"_s));
    buffers = {QByteArrayView()};
    const auto overflow
        = ValueDecoder::chunk(encoding(EncodingKind::FixedSizeList, quint64(huge->listSize),
                                       {encoding(EncodingKind::Flat, 16)}),
                              buffers, 4, wide, Where);
    QVERIFY2(!overflow, qPrintable(brokenShape(wide)));
    QVERIFY(isInvalidInput(overflow.error()) || isUnsupported(overflow.error()));
}

void TestRowDecoders::fsstDecompressesSymbolsAndEscapes()
{
    const auto decoder = rows::FsstDecoder::fromTable(
        fsstTable({"ab"_ba, "hello"_ba, "x"_ba, "12345678"_ba}), Where);
    if (!decoder) {
        QFAIL(qPrintable(decoder.error().userMessage()));
    }
    QByteArray out = ">"_ba;
    QVERIFY(decoder->decompress(bytesOf({1, 0, 255, 'Z', 2, 3, 255, 255, 0}), out));
    QCOMPARE(out, ">helloabZx12345678\xff"
                  "ab"_ba);
    out.clear();
    QVERIFY(decoder->decompress({}, out));
    QVERIFY(out.isEmpty());

    // A table whose strings were not compressed at all: the bytes are the strings.
    const auto plain = rows::FsstDecoder::fromTable(fsstTable({}, 0x46535354, false), Where);
    QVERIFY(plain);
    QVERIFY(plain->decompress("\x01\xff"_ba, out));
    QCOMPARE(out, "\x01\xff"_ba);
}

void TestRowDecoders::damagedFsstIsRefused()
{
    const auto refused = [](const QByteArray &table) {
        const auto decoder = rows::FsstDecoder::fromTable(table, Where);
        return !decoder && isInvalidInput(decoder.error())
               && decoder.error().userMessage().contains(Where);
    };
    QVERIFY(refused(fsstTable({"ab"_ba}, 0x46535355)));
    QVERIFY(refused(fsstTable({"ab"_ba}).first(7)));
    QVERIFY(refused(fsstTable({"ab"_ba, "cd"_ba}).first(8 + 2 * 8 + 1))); // a length missing
    QVERIFY(refused(fsstTable({"ab"_ba, ""_ba})));                        // a symbol of no bytes
    QByteArray nine = fsstTable({"ab"_ba});
    nine[8 + 8] = 9; // a symbol longer than its word
    QVERIFY(refused(nine));

    const auto decoder = rows::FsstDecoder::fromTable(fsstTable({"ab"_ba, "c"_ba}), Where);
    QVERIFY(decoder);
    QByteArray out;
    QVERIFY(!decoder->decompress(bytesOf({0, 255}), out)); // ends inside an escape
    QVERIFY(!decoder->decompress(bytesOf({255}), out));
    QVERIFY(!decoder->decompress(bytesOf({2}), out)); // no symbol 2
}

void TestRowDecoders::deletionFilesListTheRowsTheirDeletesRemoved()
{
    // deletions.lance: 7000 rows, id 0..6999 in order, one fragment, so an id is its offset.
    // The deletes of tests/data/lance/rows/rows.json, one file each, each holding all before it.
    const std::function<bool(quint32)> deletes[] = {
        [](quint32 id) { return id == 5 || id == 500 || id == 6999; },
        [](quint32 id) { return id >= 1000 && id % 3 == 1; },
        [](quint32 id) { return id >= 2000 && id % 3 != 1; },
    };
    const QStringList files{u"0-1-11680599726233429600.arrow"_s, u"0-2-6847616748667528032.arrow"_s,
                            u"0-3-10484550290483300155.bin"_s};
    // What LanceDB counted of each version: the file of version v + 1 leaves its rows.
    const QJsonObject table
        = QJsonDocument::fromJson(test::TestData::read(u"lance/rows/rows.json"_s))
              .object()[u"tables"_s]
              .toObject()[u"deletions"_s]
              .toObject();
    const QJsonArray versions = table[u"versions"_s].toArray();
    QCOMPARE(versions.size(), 4);
    for (qsizetype f = 0; f < files.size(); ++f) {
        const QString path = u"lance/rows/deletions.lance/_deletions/"_s + files.at(f);
        const auto offsets = rows::DeletionFileReader::decode(
            test::TestData::read(path), files.at(f).endsWith(u".bin"_s), files.at(f));
        if (!offsets) {
            QFAIL(qPrintable(offsets.error().userMessage()));
        }
        QList<quint32> expected;
        for (quint32 id = 0; id < 7000; ++id) {
            if (std::any_of(deletes, deletes + f + 1, [&](const auto &gone) { return gone(id); })) {
                expected.append(id);
            }
        }
        QCOMPARE(*offsets, expected);
        const qint64 left = versions.at(f + 1).toObject()[u"rows"_s].toInteger();
        QCOMPARE(qint64(offsets->size()), 7000 - left);
    }

    // types.lance: two fragments (ids 0..1999, then 2000..2999), a delete then an update.
    const QList<std::pair<QString, QList<quint32>>> types{
        {u"0-2-14035505795553117938.arrow"_s, {3, 17, 640, 1999}},
        {u"0-3-14209741277512658703.arrow"_s, {3, 5, 6, 17, 640, 1000, 1999}},
        {u"1-2-14344930326026392858.arrow"_s, {0, 500, 999}},
        {u"1-3-15922174817736265282.arrow"_s, {0, 1, 500, 999}},
    };
    for (const auto &[file, expected] : types) {
        const auto offsets = rows::DeletionFileReader::decode(
            test::TestData::read(u"lance/rows/types.lance/_deletions/"_s + file), 0, file);
        QVERIFY(offsets);
        QCOMPARE(*offsets, expected);
    }
}

void TestRowDecoders::damagedDeletionFilesAreRefused()
{
    const QDir folder(test::TestData::path(u"lance/rows/deletions.lance/_deletions"_s));
    const QStringList names = folder.entryList(QDir::Files, QDir::Name);
    QCOMPARE(names.size(), 3);
    const auto sortedAndUnique = [](const QList<quint32> &offsets) {
        return std::adjacent_find(offsets.cbegin(), offsets.cend(), std::greater_equal<quint32>())
               == offsets.cend();
    };
    for (const QString &name : names) {
        const QByteArray bytes
            = test::TestData::read(u"lance/rows/deletions.lance/_deletions/"_s + name);
        const quint64 type = name.endsWith(u".bin"_s) ? 1 : 0;
        QVERIFY(rows::DeletionFileReader::decode(bytes, type, name));
        // Cut short (at every length near either end, every seventh between): refused, never
        // read as a part of the list.
        for (qsizetype size = 0; size < bytes.size();
             size += size < 64 || size > bytes.size() - 64 ? 1 : 7) {
            const auto cut = rows::DeletionFileReader::decode(bytes.first(size), type, name);
            if (cut) {
                QFAIL(qPrintable(u"%1 cut to %2 bytes was read"_s.arg(name).arg(size)));
            }
            QVERIFY(isInvalidInput(cut.error()));
            QVERIFY(cut.error().userMessage().contains(name));
        }
        // A byte of the footer (Arrow's, which says where everything is) or of the bitmap's
        // header flipped: refused, or read as sorted offsets; never a crash.
        qsizetype from = 0;
        qsizetype to = std::min<qsizetype>(bytes.size(), 64);
        if (type == 0) {
            const auto footerLength
                = qFromLittleEndian<qint32>(bytes.constData() + bytes.size() - 10);
            QVERIFY(footerLength > 0 && footerLength < bytes.size());
            from = bytes.size() - 10 - footerLength;
            to = bytes.size();
        }
        int refused = 0;
        for (qsizetype at = from; at < to; ++at) {
            for (const char mask : {char(0xff), char(1 << (at % 8))}) {
                QByteArray damaged = bytes;
                damaged[at] = char(damaged.at(at) ^ mask);
                const auto read = rows::DeletionFileReader::decode(damaged, type, name);
                if (read) {
                    QVERIFY2(sortedAndUnique(*read),
                             qPrintable(u"%1 with byte %2 flipped"_s.arg(name).arg(at)));
                } else {
                    QVERIFY(isInvalidInput(read.error()) || isUnsupported(read.error()));
                    ++refused;
                }
            }
        }
        // Always refused: Arrow's magic numbers at either end and its footer's length; the
        // bitmap's cookie, and the count of its one container (a bitmap of 5336 bits), which
        // must be the bits it holds whether it says more or fewer.
        const QList<qsizetype> vital = type == 0 ? QList<qsizetype>{0,
                                                                    5,
                                                                    bytes.size() - 1,
                                                                    bytes.size() - 6,
                                                                    bytes.size() - 7,
                                                                    bytes.size() - 8,
                                                                    bytes.size() - 9}
                                                 : QList<qsizetype>{0, 1, 10, 11};
        for (const qsizetype at : vital) {
            for (const char mask : {char(0xff), char(0x01)}) {
                QByteArray damaged = bytes;
                damaged[at] = char(damaged.at(at) ^ mask);
                QVERIFY2(!rows::DeletionFileReader::decode(damaged, type, name),
                         qPrintable(u"%1 with byte %2 flipped"_s.arg(name).arg(at)));
            }
        }
        QVERIFY(refused > 0);
    }
    const auto unknown = rows::DeletionFileReader::decode("ARROW1"_ba, 2, u"x.deletion"_s);
    QVERIFY(!unknown && isUnsupported(unknown.error()));
    QVERIFY(messageOf(unknown.error()).contains(u"x.deletion"_s));
}

void TestRowDecoders::flatBuffersOfGarbageAreReadSafely()
{
    // Whatever it answers lies within the bytes it was given.
    qint64 fieldsRead = 0;
    std::function<void(const rows::FlatBufferTable &, QByteArrayView, int)> walk;
    walk = [&](const rows::FlatBufferTable &table, QByteArrayView bytes, int depth) {
        const auto within = [&](QByteArrayView view) {
            return view.isEmpty()
                   || (view.data() >= bytes.data()
                       && view.data() + view.size() <= bytes.data() + bytes.size());
        };
        for (int field = -1; field < 8; ++field) {
            fieldsRead += table.has(field) ? 1 : 0;
            table.scalar<quint8>(field, 0);
            table.scalar<qint32>(field, 0);
            table.scalar<qint64>(field, 0);
            for (const qsizetype size : {1, 4, 16, 24}) {
                qsizetype count = -1;
                if (const auto structs = table.structs(field, size, count)) {
                    QVERIFY(within(*structs));
                    QCOMPARE(structs->size(), count * size);
                }
            }
            if (const auto text = table.string(field)) {
                QVERIFY(text->size() <= bytes.size());
            }
            if (depth < 3) {
                if (const auto inner = table.table(field)) {
                    walk(*inner, bytes, depth + 1);
                }
                if (const auto inner = table.tables(field)) {
                    QVERIFY(inner->size() <= bytes.size() / 4);
                    for (qsizetype i = 0; i < std::min<qsizetype>(inner->size(), 4); ++i) {
                        walk(inner->at(i), bytes, depth + 1);
                    }
                }
            }
        }
    };
    QRandomGenerator random(99);
    int roots = 0;
    for (int seed = 0; seed < 3000; ++seed) {
        // Mostly 16-bit words that are offsets inside, or small negative distances, so that
        // roots and vtables are found and the walk goes deep; some noise.
        const auto size = qsizetype(8 + random.bounded(152));
        QList<quint16> words(size / 2);
        for (quint16 &word : words) {
            const int pick = random.bounded(20);
            word = pick < 10   ? quint16(random.bounded(int(size)))
                   : pick < 14 ? quint16(0)
                   : pick < 17 ? quint16(0xfff0 + random.bounded(16))
                               : quint16(random.bounded(65536));
        }
        QByteArray bytes = littleEndian<quint16>(words);
        // Mostly a root table whose vtable is inside, so that its fields are looked at.
        const int table = random.bounded(int(size) - 3);
        const int vtable = random.bounded(int(size) - 3);
        qToLittleEndian<quint32>(quint32(table), bytes.data());
        if (random.bounded(4) != 0) {
            qToLittleEndian<qint32>(qint32(table - vtable), bytes.data() + table);
            qToLittleEndian<quint16>(quint16(4 + random.bounded(int(size) - vtable)),
                                     bytes.data() + vtable);
        }
        if (const auto root = rows::FlatBufferTable::root(bytes)) {
            ++roots;
            walk(*root, bytes, 0);
        }
    }
    QVERIFY2(roots > 100, qPrintable(QString::number(roots)));
    // A real footer (Arrow's, of a deletion file), cut at every length and with bytes flipped.
    const QByteArray file = test::TestData::read(
        u"lance/rows/deletions.lance/_deletions/0-1-11680599726233429600.arrow"_s);
    const auto footerLength = qFromLittleEndian<qint32>(file.constData() + file.size() - 10);
    const QByteArray footer = file.sliced(file.size() - 10 - footerLength, footerLength);
    const auto whole = rows::FlatBufferTable::root(footer);
    QVERIFY(whole && whole->table(1) && whole->table(1)->tables(1));
    for (qsizetype size = 0; size <= footer.size(); ++size) {
        const QByteArray cut = footer.first(size); // a copy: ASan sees a read past its end
        if (const auto root = rows::FlatBufferTable::root(cut)) {
            walk(*root, cut, 0);
        }
    }
    for (int seed = 0; seed < 2000; ++seed) {
        QByteArray damaged = footer;
        for (int flips = 1 + random.bounded(3); flips > 0; --flips) {
            damaged[random.bounded(damaged.size())] = char(random.bounded(256));
        }
        if (const auto root = rows::FlatBufferTable::root(damaged)) {
            walk(*root, damaged, 0);
        }
    }
    QVERIFY2(fieldsRead > 1000, qPrintable(QString::number(fieldsRead)));
}

// A full-zip page (wide values: vectors, long strings, lists of them) asked for a row or three
// reads their entries only, where the stride or the repetition index says they are, plus that
// index's two words; the values are those of the whole page (TestRowsAgainstLanceDb's windows).
void TestRowDecoders::fullZipPagesAreReadOnlyWhereTheRowsAre()
{
    const auto file = largestDataFile(u"wide.lance"_s);
    QVERIFY(file);
    const QList<const rows::FieldTree::Node *> leaves = leavesOf(file->tree);
    int zipped = 0;
    for (qsizetype c = 0; c < leaves.size(); ++c) {
        for (const DataFileLayout::Page &page : file->layout.columns.at(c).pages) {
            const QString where = u"“%1”"_s.arg(leaves.at(c)->field.name);
            const auto layout = format::PageLayout::decode(page.encoding, where);
            QVERIFY(layout);
            if (layout->kind != format::PageLayout::Kind::FullZip || page.rows < 8) {
                continue;
            }
            ++zipped;
            const quint64 index = page.buffers.size() > 1 ? page.buffers.at(1).size : 0;
            for (const auto &[from, to] :
                 {std::pair<quint64, quint64>{page.rows / 2, page.rows / 2 + 1},
                  {page.rows - 3, page.rows},
                  {0, 1}}) {
                quint64 read = 0;
                const rows::PageDecoder::ReadRange range
                    = [&](quint64 position, quint64 size) -> api::Result<QByteArray> {
                    read += size;
                    return file->bytes.sliced(qsizetype(position), qsizetype(size));
                };
                const auto part = rows::PageDecoder::decode(page, range, leaves.at(c)->emptyArray(),
                                                            where, from, to);
                QVERIFY2(part, qPrintable(part ? QString() : part.error().userMessage()));
                QCOMPARE(quint64(part->layers.front().length), to - from);
                // At most four rows' share of the entries, and two words of the index.
                const quint64 entries = page.buffers.at(0).size;
                QVERIFY2(read <= 4 * entries * (to - from) / page.rows + 16 && read < entries,
                         qPrintable(u"%1 rows %2-%3: %4 bytes read of %5 (index %6)"_s.arg(where)
                                        .arg(from)
                                        .arg(to)
                                        .arg(read)
                                        .arg(entries)
                                        .arg(index)));
            }
        }
    }
    QVERIFY(zipped >= 3); // vectors (a stride), long strings and lists (an index)
}

void TestRowDecoders::damagedPagesGiveAValueOrARefusal()
{
    int pages = 0;
    int refused = 0;
    for (const QString &table : {u"types.lance"_s, u"wide.lance"_s}) {
        const auto file = largestDataFile(table);
        QVERIFY2(file, qPrintable(table));
        const QList<const rows::FieldTree::Node *> leaves = leavesOf(file->tree);
        QCOMPARE(leaves.size(), file->layout.columns.size());
        QRandomGenerator random(quint32(file->bytes.size()));
        for (qsizetype c = 0; c < leaves.size(); ++c) {
            const ColumnArray leaf = leaves.at(c)->emptyArray();
            const auto &columnPages = file->layout.columns.at(c).pages;
            for (qsizetype p = 0; p < columnPages.size(); ++p) {
                const DataFileLayout::Page &page = columnPages.at(p);
                const QString where
                    = u"page %1 of “%2” of %3"_s.arg(p + 1).arg(leaves.at(c)->field.name, table);
                QList<QByteArray> buffers;
                for (const DataFileLayout::Buffer &buffer : page.buffers) {
                    buffers.append(
                        file->bytes.sliced(qsizetype(buffer.position), qsizetype(buffer.size)));
                }
                // Each buffer its own allocation, so that a read past one is seen by ASan.
                const auto decode = [&](const QList<QByteArray> &bytes) {
                    const QList<QByteArrayView> views(bytes.cbegin(), bytes.cend());
                    const auto decoded = rows::PageDecoder::decode(page, views, leaf, where);
                    if (!decoded) {
                        const api::ApiError &error = decoded.error();
                        QVERIFY2(isInvalidInput(error) || isUnsupported(error),
                                 qPrintable(error.userMessage()));
                        QVERIFY2(messageOf(error).contains(where), qPrintable(messageOf(error)));
                        ++refused;
                        return;
                    }
                    QCOMPARE(quint64(decoded->layers.front().length), page.rows);
                    QCOMPARE(decoded->leaf.length, decoded->layers.back().length);
                    const QString broken = brokenShape(decoded->leaf);
                    QVERIFY2(broken.isEmpty(), qPrintable(where + u": "_s + broken));
                };
                const auto whole = rows::PageDecoder::decode(
                    page, QList<QByteArrayView>(buffers.cbegin(), buffers.cend()), leaf, where);
                QVERIFY2(whole, qPrintable(whole ? QString() : whole.error().userMessage()));
                ++pages;
                for (qsizetype b = 0; b < buffers.size(); ++b) {
                    QList<QByteArray> cut = buffers;
                    cut[b] = cut.at(b).first(cut.at(b).size() / 2);
                    decode(cut);
                    if (QTest::currentTestFailed()) {
                        return;
                    }
                    if (buffers.at(b).isEmpty()) {
                        continue;
                    }
                    const qsizetype size = buffers.at(b).size();
                    // Its first bytes (a header, if any), its middle, its end, and one more.
                    const QList<qsizetype> positions{0, 1, size / 2, size - 1,
                                                     qsizetype(random.bounded(size))};
                    for (const qsizetype at : positions) {
                        if (at >= size) {
                            continue;
                        }
                        QList<QByteArray> flipped = buffers;
                        flipped[b][at] = char(flipped.at(b).at(at) ^ (1 << random.bounded(8)));
                        decode(flipped);
                        if (QTest::currentTestFailed()) {
                            return;
                        }
                    }
                }
            }
        }
    }
    QVERIFY(pages > 30);
    QVERIFY(refused > 0);
}

void TestRowDecoders::damagedDataFilesGiveRowsOrARefusal()
{
    for (const QString &table : {u"types.lance"_s, u"wide.lance"_s}) {
        const auto file = largestDataFile(table);
        QVERIFY2(file, qPrintable(table));
        QHash<qint32, qint32> columnOf;
        const QList<const rows::FieldTree::Node *> leaves = leavesOf(file->tree);
        for (qsizetype c = 0; c < leaves.size(); ++c) {
            columnOf.insert(leaves.at(c)->field.id, qint32(c));
        }
        QList<const rows::FieldTree::Node *> fields;
        for (const rows::FieldTree::Node &node : file->tree.topLevel) {
            fields.append(&node);
        }
        const auto read = [&](const QByteArray &bytes, quint64 from, quint64 count) {
            return rows::DataFileReader::read(file->layout, columnOf, fields, from, count,
                                              rangesOf(bytes), table);
        };
        const auto whole = read(file->bytes, 0, file->layout.rows);
        QVERIFY2(whole, qPrintable(whole ? QString() : whole.error().userMessage()));
        QRandomGenerator random(3);
        for (int i = 0; i < 8; ++i) {
            // A byte of some buffer of some page: the values, their levels or the sizes of
            // their chunks.
            const auto &pages = file->layout.columns.at(random.bounded(leaves.size())).pages;
            const auto &buffers = pages.at(random.bounded(pages.size())).buffers;
            if (buffers.isEmpty()) {
                continue;
            }
            const DataFileLayout::Buffer &buffer = buffers.at(random.bounded(buffers.size()));
            if (buffer.size == 0) {
                continue;
            }
            QByteArray damaged = file->bytes;
            const auto at = qsizetype(buffer.position + random.bounded(buffer.size));
            damaged[at] = char(damaged.at(at) ^ (1 << random.bounded(8)));
            // All rows, or a few from the middle (pages widened, then cut back).
            const quint64 from = i % 2 ? file->layout.rows / 2 : 0;
            const quint64 count = i % 2 ? 3 : file->layout.rows;
            const auto arrays = read(damaged, from, count);
            if (!arrays) {
                const api::ApiError &error = arrays.error();
                QVERIFY2(isInvalidInput(error) || isUnsupported(error),
                         qPrintable(error.userMessage()));
                QVERIFY2(messageOf(error).contains(table), qPrintable(messageOf(error)));
                continue;
            }
            const QString broken = brokenRead(*arrays, fields.size(), count);
            QVERIFY2(broken.isEmpty(), qPrintable(broken));
        }
    }
}

void TestRowDecoders::structFieldsWhoseColumnsDisagreeAreRefused()
{
    // `ls`, a list of structs {a, b}: each field a column with levels of its own, which in a
    // sound file agree on the lists and the structs in them. Here two all-null pages that do
    // not: a's levels hold lists of 2 and 1 structs, b's lists of 1 and 1. The structs are
    // counted from a (the first column), so b would come out shorter than the struct it is
    // a field of, and whoever indexes the struct's rows would read past b's.
    const auto file = largestDataFile(u"types.lance"_s);
    QVERIFY(file);
    const rows::FieldTree::Node *ls = file->tree.find(u"ls"_s);
    QVERIFY(ls);
    const QList<const rows::FieldTree::Node *> leaves = ls->leaves();
    QCOMPARE(leaves.size(), 2);

    format::ProtobufWriter layers;
    QByteArray packed;
    for (const Layer layer : {Layer::NullableItem, Layer::NullableItem, Layer::NullAndEmptyList}) {
        format::ProtobufWriter::appendVarintTo(packed, quint64(layer));
    }
    layers.appendBytes(5, packed);
    format::ProtobufWriter allNull;
    allNull.appendBytes(2, layers.bytes());
    QByteArray bytes;
    const auto page = [&](const QList<quint16> &repetition, const QList<quint16> &definition) {
        DataFileLayout::Page out;
        out.rows = 2;
        out.encoding = {QString::fromLatin1(format::PageLayout::TypeUrl), allNull.bytes()};
        for (const QList<quint16> &levels : {repetition, definition}) {
            out.buffers.append({quint64(bytes.size()), quint64(levels.size() * 2)});
            bytes.append(littleEndian<quint16>(levels));
        }
        DataFileLayout::Column column;
        column.pages = {out};
        return column;
    };
    DataFileLayout layout;
    layout.rows = 2;
    layout.fields = file->layout.fields;
    layout.columns = {page({1, 0, 1}, {1, 1, 1}), page({1, 1}, {1, 1})};
    const QHash<qint32, qint32> columnOf{{leaves.at(0)->field.id, 0}, {leaves.at(1)->field.id, 1}};
    const auto read = [&](const QList<DataFileLayout::Column> &columns) {
        layout.columns = columns;
        return rows::DataFileReader::read(layout, columnOf, {ls}, 0, 2, rangesOf(bytes),
                                          u"crafted.lance"_s);
    };
    const QList<DataFileLayout::Column> disagreeing = layout.columns;
    const auto refused = read(disagreeing);
    QVERIFY2(!refused, qPrintable(refused ? brokenShape(refused->front()) : QString()));
    QVERIFY(isInvalidInput(refused.error()));
    QVERIFY2(refused.error().userMessage().contains(u"crafted.lance"_s),
             qPrintable(refused.error().userMessage()));

    // The same lists in both: read, three structs of nulls in two lists.
    const auto agreeing = read({disagreeing.at(0), page({1, 0, 1}, {1, 1, 1})});
    if (!agreeing) {
        QFAIL(qPrintable(agreeing.error().userMessage()));
    }
    const ColumnArray &lists = agreeing->front();
    QCOMPARE(lists.offsets, (QList<qint64>{0, 2, 3}));
    QCOMPARE(lists.children.front().length, 3);
    QVERIFY(brokenShape(lists).isEmpty());
}

void TestRowDecoders::legacyListsFollowTheirOffsetsAcrossPages()
{
    // [[1, 2], null, [], [3, 4, 5]] as 2.0 pages it: the lists' offsets in two pages, each
    // counting from its own first item and with its own null adjustment (one more than its
    // items), the items in two pages of their own that do not break where the lists do.
    LegacyFile file(4, 2);
    const QByteArray offsets = legacyNoNulls(legacyFlat(64, 0));
    file.addPage(0, 2, legacyList(offsets, 3, 2), littleEndian<quint64>({2, 2 + 3}));
    file.addPage(0, 2, legacyList(offsets, 4, 3), littleEndian<quint64>({0, 3}));
    const QByteArray items = legacyNoNulls(legacyFlat(32, 0));
    file.addPage(1, 3, items, littleEndian<quint32>({1, 2, 3}));
    file.addPage(1, 2, items, littleEndian<quint32>({4, 5}));
    const rows::FieldTree tree
        = treeOf({{0, -1, u"l"_s, u"list"_s}, {1, 0, u"item"_s, u"int32"_s}});
    const QHash<qint32, qint32> columnOf{{0, 0}, {1, 1}};
    const QStringList expected{u"[1,2]"_s, u"null"_s, u"[]"_s, u"[3,4,5]"_s};
    for (quint64 from = 0; from < 4; ++from) {
        for (quint64 count = 1; from + count <= 4; ++count) {
            const auto read
                = rows::DataFileReader::read(file.layout, columnOf, {&tree.topLevel.front()}, from,
                                             count, rangesOf(file.bytes), u"crafted.lance"_s);
            if (!read) {
                QFAIL(qPrintable(read.error().userMessage()));
            }
            const ColumnArray &lists = read->front();
            QVERIFY(brokenShape(lists).isEmpty());
            QCOMPARE(lists.length, qint64(count));
            for (quint64 r = 0; r < count; ++r) {
                QCOMPARE(QString::fromStdString(rows::ValueJson::value(lists, qint64(r)).dump()),
                         expected.at(qsizetype(from + r)));
            }
        }
    }
}

void TestRowDecoders::legacyEncodingsNotReadAreRefusedByName()
{
    // Encodings LanceDB writes in 2.0 only when asked to (or only in 2.1): refused as
    // Unsupported, naming the encoding and the column, never read as something else.
    format::ProtobufWriter bitpacked;
    bitpacked.appendVarint(1, 7);
    bitpacked.appendVarint(2, 32);
    const QList<std::pair<QByteArray, QString>> refused{
        {legacyMember(10, bitpacked.bytes()), u"bitpacked"_s},
        {legacyNoNulls(legacyFlat(32, 0, u"zstd"_s)), u"flat(32, zstd)"_s},
        {legacyMember(13, {}), u"constant"_s},
        {legacyMember(42, {}), u"encoding 42"_s},
    };
    const rows::FieldTree tree = treeOf({{0, -1, u"n"_s, u"int32"_s}});
    for (const auto &[encoding, name] : refused) {
        LegacyFile file(4, 1);
        file.addPage(0, 4, encoding, littleEndian<quint32>({1, 2, 3, 4}));
        const auto read
            = rows::DataFileReader::read(file.layout, {{0, 0}}, {&tree.topLevel.front()}, 0, 4,
                                         rangesOf(file.bytes), u"crafted.lance"_s);
        QVERIFY2(!read, qPrintable(name));
        QVERIFY2(isUnsupported(read.error()), qPrintable(read.error().userMessage()));
        const QString message = messageOf(read.error());
        QVERIFY2(message.contains(name) && message.contains(u"“n”"_s)
                     && message.contains(u"crafted.lance"_s),
                 qPrintable(message));
    }
    // The encoding they replace reads.
    LegacyFile file(4, 1);
    file.addPage(0, 4, legacyNoNulls(legacyFlat(32, 0)), littleEndian<quint32>({1, 2, 3, 4}));
    const auto read = rows::DataFileReader::read(file.layout, {{0, 0}}, {&tree.topLevel.front()}, 0,
                                                 4, rangesOf(file.bytes), u"crafted.lance"_s);
    if (!read) {
        QFAIL(qPrintable(read.error().userMessage()));
    }
    QCOMPARE(QString::fromStdString(rows::ValueJson::value(read->front(), 3).dump()), u"4"_s);
}

void TestRowDecoders::damagedLegacyPagesAreRefused()
{
    const rows::FieldTree numbers = treeOf({{0, -1, u"n"_s, u"int32"_s}});
    const rows::FieldTree lists
        = treeOf({{0, -1, u"l"_s, u"list"_s}, {1, 0, u"item"_s, u"int32"_s}});
    const rows::FieldTree strings = treeOf({{0, -1, u"s"_s, u"string"_s}});
    format::ProtobufWriter binary;
    binary.appendBytes(1, legacyNoNulls(legacyFlat(64, 0)));
    binary.appendBytes(2, legacyFlat(8, 1));
    binary.appendVarint(3, 100);
    struct Damage
    {
        const char *what;
        const rows::FieldTree *tree;
        QByteArray encoding;
        QByteArray buffer;
    };
    const QList<Damage> damages{
        {"a buffer the page does not have", &numbers, legacyNoNulls(legacyFlat(32, 3)),
         littleEndian<quint32>({1, 2, 3, 4})},
        {"values of another width than the type's", &numbers, legacyNoNulls(legacyFlat(64, 0)),
         littleEndian<quint64>({1, 2, 3, 4})},
        {"fewer bytes than values", &numbers, legacyNoNulls(legacyFlat(32, 0)),
         littleEndian<quint32>({1, 2})},
        {"lists with no null adjustment", &lists,
         legacyList(legacyNoNulls(legacyFlat(64, 0)), 0, 0), littleEndian<quint64>({0, 0, 0, 0})},
        {"a list that ends before it starts", &lists,
         legacyList(legacyNoNulls(legacyFlat(64, 0)), 9, 8), littleEndian<quint64>({4, 2, 5, 8})},
        {"lists past their items", &lists, legacyList(legacyNoNulls(legacyFlat(64, 0)), 9, 8),
         littleEndian<quint64>({4, 5, 6, 8})},
        {"strings past their bytes", &strings, legacyMember(6, binary.bytes()),
         littleEndian<quint64>({1, 2, 3, 40})},
        {"a nullable that says nothing of its values", &numbers, legacyMember(2, {}),
         littleEndian<quint32>({1, 2, 3, 4})},
    };
    for (const Damage &damage : damages) {
        LegacyFile file(4, 2);
        file.addPage(0, 4, damage.encoding, damage.buffer);
        // The lists' items: 4 numbers, fewer than the damaged page of lists says; the strings'
        // bytes: "abcd".
        file.addPage(1, 4, legacyNoNulls(legacyFlat(32, 0)), littleEndian<quint32>({1, 2, 3, 4}));
        file.layout.columns[0].pages[0].buffers.append(file.layout.columns[1].pages[0].buffers);
        const auto read = rows::DataFileReader::read(file.layout, {{0, 0}, {1, 1}},
                                                     {&damage.tree->topLevel.front()}, 0, 4,
                                                     rangesOf(file.bytes), u"crafted.lance"_s);
        QVERIFY2(!read, damage.what);
        QVERIFY2(isInvalidInput(read.error()),
                 qPrintable(
                     u"%1: %2"_s.arg(QLatin1StringView(damage.what), read.error().userMessage())));
        QVERIFY2(read.error().userMessage().contains(u"crafted.lance"_s),
                 qPrintable(read.error().userMessage()));
    }
}

void TestRowDecoders::damagedLegacyDataFilesGiveRowsOrARefusal()
{
    const auto file = largestDataFile(u"legacy.lance"_s);
    QVERIFY(file);
    QCOMPARE(file->layout.footer.minor, quint16(3));
    // 2.0 gives every field a column, parents too, in the schema's order.
    QCOMPARE(file->layout.columns.size(), file->layout.fields.size());
    QHash<qint32, qint32> columnOf;
    for (qsizetype c = 0; c < file->layout.fields.size(); ++c) {
        columnOf.insert(file->layout.fields.at(c).id, qint32(c));
    }
    QList<const rows::FieldTree::Node *> fields;
    for (const rows::FieldTree::Node &node : file->tree.topLevel) {
        fields.append(&node);
    }
    const auto read
        = [&](const DataFileLayout &layout, const QByteArray &bytes, quint64 from, quint64 count) {
              return rows::DataFileReader::read(layout, columnOf, fields, from, count,
                                                rangesOf(bytes), u"legacy.lance"_s);
          };
    const auto whole = read(file->layout, file->bytes, 0, file->layout.rows);
    if (!whole) {
        QFAIL(qPrintable(whole.error().userMessage()));
    }
    for (const ColumnArray &array : *whole) {
        QCOMPARE(quint64(array.length), file->layout.rows);
        QVERIFY2(brokenShape(array).isEmpty(), qPrintable(brokenShape(array)));
    }
    QRandomGenerator random(7);
    int refused = 0;
    for (int i = 0; i < 200; ++i) {
        // A byte of some buffer of some page (values, validity, offsets, string bytes), or of
        // some page's encoding.
        DataFileLayout layout = file->layout;
        QByteArray bytes = file->bytes;
        const qsizetype column = random.bounded(layout.columns.size());
        DataFileLayout::Page &page = layout.columns[column].pages[0];
        if (i % 4 == 0 && !page.encoding.value.isEmpty()) {
            const auto at = qsizetype(random.bounded(page.encoding.value.size()));
            page.encoding.value[at] = char(page.encoding.value.at(at) ^ (1 << random.bounded(8)));
        } else {
            if (page.buffers.isEmpty()) {
                continue;
            }
            const DataFileLayout::Buffer &buffer
                = page.buffers.at(random.bounded(page.buffers.size()));
            if (buffer.size == 0) {
                continue;
            }
            const auto at = qsizetype(buffer.position + random.bounded(buffer.size));
            bytes[at] = char(bytes.at(at) ^ (1 << random.bounded(8)));
        }
        const quint64 from = i % 2 ? file->layout.rows / 3 : 0;
        const quint64 count = i % 2 ? 5 : file->layout.rows;
        const auto arrays = read(layout, bytes, from, count);
        if (!arrays) {
            const api::ApiError &error = arrays.error();
            QVERIFY2(isInvalidInput(error) || isUnsupported(error),
                     qPrintable(error.userMessage()));
            QVERIFY2(messageOf(error).contains(u"legacy.lance"_s), qPrintable(messageOf(error)));
            ++refused;
            continue;
        }
        const QString broken = brokenRead(*arrays, fields.size(), count);
        QVERIFY2(broken.isEmpty(), qPrintable(broken));
    }
    QVERIFY(refused > 0);
}

LCB_TEST_GUILESS_MAIN(TestRowDecoders)
#include "TestRowDecoders.moc"
