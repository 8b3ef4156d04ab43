// SPDX-License-Identifier: Apache-2.0
// ArrowSchemaConverter: Lance's type spellings (as LanceDB 0.31.0 writes them) to the spec's
// JsonArrowDataType, nesting by field id, and what it does with spellings and parents it does
// not know.
#include "TestData.h"
#include "TestRegistry.h"
#include "format/ArrowSchemaConverter.h"
#include "format/ManifestDecoder.h"

#include <QDirIterator>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using format::ArrowSchemaConverter;
using format::ManifestContents;

namespace {

ManifestContents::SchemaField field(qint32 id, qint32 parent, const QString &name,
                                    const QString &type)
{
    ManifestContents::SchemaField out;
    out.id = id;
    out.parentId = parent;
    out.name = name;
    out.logicalType = type;
    out.nullable = true;
    return out;
}

} // namespace

class TestArrowSchemaConverter : public QObject
{
    Q_OBJECT

private slots:
    void convertsSpellings_data();
    void convertsSpellings();
    void nestsChildrenByParentId();
    void keepsFieldsWhoseParentIsMissing();
    void spellsTypesAsLanceDoes();
};

void TestArrowSchemaConverter::convertsSpellings_data()
{
    QTest::addColumn<QString>("lance");
    QTest::addColumn<QString>("type");
    QTest::addColumn<qint64>("length"); // -1: none
    QTest::addColumn<QString>("item");  // the fixed-size list's item type, or empty
    const auto row
        = [](const char *lance, const char *type, qint64 length = -1, const char *item = "") {
              QTest::newRow(lance) << QString::fromLatin1(lance) << QString::fromLatin1(type)
                                   << length << QString::fromLatin1(item);
          };
    row("bool", "bool");
    row("int32", "int32");
    row("uint8", "uint8");
    row("halffloat", "float16");
    row("float", "float32");
    row("double", "float64");
    row("string", "utf8");
    row("large_string", "large_utf8");
    row("binary", "binary");
    row("json", "large_binary");
    row("date32:day", "date32");
    row("time64:us", "time64");
    row("timestamp:us:UTC", "timestamp");
    row("timestamp:ns:+08:00", "timestamp");
    row("duration:ms", "duration");
    row("decimal:128:10:2", "decimal128", 10002);
    row("decimal:256:40:5", "decimal256", 40005);
    row("fixed_size_binary:16", "fixed_size_binary", 16);
    row("fixed_size_list:float:4", "fixed_size_list", 4, "float32");
    row("fixed_size_list:fixed_size_list:int8:2:3", "fixed_size_list", 3, "fixed_size_list");
    row("list", "list");
    row("list.struct", "list");
    row("large_list", "large_list");
    row("struct", "struct");
    row("map", "map");
    row("dict:string:int32:false", "utf8");
    row("a_type_of_2030", "a_type_of_2030");
    row("decimal:128:x:2", "decimal:128:x:2");
}

void TestArrowSchemaConverter::convertsSpellings()
{
    QFETCH(QString, lance);
    QFETCH(QString, type);
    QFETCH(qint64, length);
    QFETCH(QString, item);
    const api::JsonArrowDataType converted = ArrowSchemaConverter::convertType(lance);
    QCOMPARE(converted.type, type);
    QCOMPARE(converted.length, length < 0 ? std::nullopt : std::optional<qint64>(length));
    if (item.isEmpty()) {
        QVERIFY(converted.fields.empty());
    } else {
        QCOMPARE(converted.fields.size(), std::size_t(1));
        QCOMPARE(converted.fields.front().name, u"item"_s);
        QCOMPARE(converted.fields.front().type.type, item);
    }
}

void TestArrowSchemaConverter::nestsChildrenByParentId()
{
    // LanceDB's pre-order: a struct with two children, a list of structs, a map.
    ManifestContents contents;
    contents.fields
        = {field(0, -1, u"id"_s, u"int64"_s),           field(1, -1, u"address"_s, u"struct"_s),
           field(2, 1, u"city"_s, u"string"_s),         field(3, 1, u"zip"_s, u"int32"_s),
           field(4, -1, u"orders"_s, u"list.struct"_s), field(5, 4, u"item"_s, u"struct"_s),
           field(6, 5, u"sku"_s, u"string"_s),          field(7, -1, u"doc"_s, u"json"_s)};
    contents.fields[2].metadata = {{u"comment"_s, u"where"_s}};
    contents.schemaMetadata = {{u"owner"_s, u"qa"_s}};
    const api::JsonArrowSchema schema = ArrowSchemaConverter::convert(contents);
    QCOMPARE(schema.fields.size(), std::size_t(4));
    QCOMPARE(schema.metadata, contents.schemaMetadata);
    const api::JsonArrowField &address = schema.fields.at(1);
    QCOMPARE(address.type.type, u"struct"_s);
    QCOMPARE(address.type.fields.size(), std::size_t(2));
    QCOMPARE(address.type.fields.at(0).name, u"city"_s);
    QCOMPARE(address.type.fields.at(0).metadata.value(u"comment"_s), u"where"_s);
    QCOMPARE(address.type.fields.at(1).type.type, u"int32"_s);
    const api::JsonArrowField &orders = schema.fields.at(2);
    QCOMPARE(orders.type.type, u"list"_s);
    QCOMPARE(orders.type.fields.at(0).type.type, u"struct"_s);
    QCOMPARE(orders.type.fields.at(0).type.fields.at(0).name, u"sku"_s);
    QCOMPARE(schema.fields.at(3).metadata.value(u"ARROW:extension:name"_s), u"lance.json"_s);
}

void TestArrowSchemaConverter::keepsFieldsWhoseParentIsMissing()
{
    ManifestContents contents;
    contents.fields = {field(0, -1, u"a"_s, u"int8"_s), field(5, 9, u"orphan"_s, u"string"_s),
                       field(6, 6, u"self"_s, u"string"_s)};
    const api::JsonArrowSchema schema = ArrowSchemaConverter::convert(contents);
    QCOMPARE(schema.fields.size(), std::size_t(3));
    QCOMPARE(schema.fields.at(1).name, u"orphan"_s);
    QCOMPARE(schema.fields.at(2).name, u"self"_s);
}

// The Schema tab shows a server's JSON types in Lance's spelling, the one Compare Versions reads
// from manifests: every type LanceDB wrote into the fixtures' manifests comes back as written,
// but for what JSON cannot say (a time unit, json, a dictionary, list.struct).
void TestArrowSchemaConverter::spellsTypesAsLanceDoes()
{
    QSet<QString> seen;
    QDirIterator manifests(lance::test::TestData::path(u"lance"_s), {u"*.manifest"_s}, QDir::Files,
                           QDirIterator::Subdirectories);
    while (manifests.hasNext()) {
        const auto contents = format::ManifestDecoder::readFile(manifests.next());
        QVERIFY(contents);
        for (const ManifestContents::SchemaField &field : contents->fields) {
            seen.insert(field.logicalType);
        }
    }
    QVERIFY2(seen.size() >= 5, qPrintable(QStringList(seen.values()).join(u", "_s)));
    const QStringList lossy{u"date"_s,     u"time"_s,        u"timestamp"_s,
                            u"duration"_s, u"json"_s,        u"blob"_s,
                            u"dict"_s,     u"list.struct"_s, u"large_list.struct"_s};
    int compared = 0;
    for (const QString &type : std::as_const(seen)) {
        if (std::any_of(lossy.begin(), lossy.end(),
                        [&type](const QString &kind) { return type.startsWith(kind); })) {
            continue;
        }
        QCOMPARE(ArrowSchemaConverter::lanceSpelling(ArrowSchemaConverter::convertType(type)),
                 type);
        ++compared;
    }
    QVERIFY(compared >= 5);
    // And the spellings LanceDB writes for types these fixtures lack.
    for (const QString &type :
         {u"halffloat"_s, u"large_string"_s, u"decimal:128:10:2"_s, u"fixed_size_binary:16"_s,
          u"fixed_size_list:fixed_size_list:int8:2:3"_s}) {
        QCOMPARE(ArrowSchemaConverter::lanceSpelling(ArrowSchemaConverter::convertType(type)),
                 type);
    }
}

LCB_TEST_GUILESS_MAIN(TestArrowSchemaConverter)
#include "TestArrowSchemaConverter.moc"
