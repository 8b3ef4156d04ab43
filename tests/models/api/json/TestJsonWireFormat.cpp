// SPDX-License-Identifier: Apache-2.0
#include "JsonText.h"
#include "SampleMessages.h"
#include "TestRegistry.h"
#include "api/JsonCodec.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using json::Format;
using lance::test::JsonText;
using lance::test::SampleMessages;

/// The exact text of the wire format: key names, compact and indented layout, which absent fields
/// are left out, exact 64-bit integers, enum spellings; the tolerance rules for reading (null as
/// absent, case-insensitive enums, deep unknown fields); and json::isValid and json::reformat.
class TestJsonWireFormat : public QObject
{
    Q_OBJECT

private slots:
    void encodesWireNames();
    void encodesCompactAndIndented();
    void indentsNestedAndEmptyValues();
    void escapesStrings();
    void encodesRootIdAsEmptyList();
    void omitsAbsentOptionalsAndEmptyMaps();
    void encodesInt64Exactly();
    void acceptsVersionRangeBounds();
    void treatsNullAsAbsent();
    void keepsEmptyPageToken();
    void readsNullableProperties_data();
    void readsNullableProperties();
    void writesNullableProperties();
    void readsResponseIds();
    void readsEnumsCaseInsensitively_data();
    void readsEnumsCaseInsensitively();
    void writesEnumsPascalCase();
    void acceptsSchemaOf64Levels();
    void ignoresDeepUnknownFields();
    void checksValidity();
    void reformatKeepsBigIntegersExact();
    void reformatRefusesInvalidAndTooDeep();
};

void TestJsonWireFormat::encodesWireNames()
{
    QCOMPARE(JsonText::sortedKeys(
                 JsonText::parsed(json::encode(SampleMessages::fullCreateVersionRequest()))),
             QStringList({u"branch"_s, u"context"_s, u"e_tag"_s, u"id"_s, u"manifest_path"_s,
                          u"manifest_size"_s, u"metadata"_s, u"naming_scheme"_s, u"version"_s}));
    QCOMPARE(JsonText::sortedKeys(JsonText::parsed(
                 json::encode(DescribeTableRequest{.id = SampleMessages::someTable(),
                                                   .version = 1,
                                                   .tag = u"t"_s,
                                                   .branch = u"b"_s,
                                                   .withTableUri = true,
                                                   .loadDetailedMetadata = true,
                                                   .checkDeclared = true,
                                                   .vendCredentials = true,
                                                   .context = SampleMessages::someContext()}))),
             QStringList({u"branch"_s, u"check_declared"_s, u"context"_s, u"id"_s,
                          u"load_detailed_metadata"_s, u"tag"_s, u"vend_credentials"_s,
                          u"version"_s, u"with_table_uri"_s}));
    QCOMPARE(JsonText::sortedKeys(JsonText::parsed(json::encode(
                 ListTablesRequest{SampleMessages::someTable(), u"p"_s, 5, true, {}}))),
             QStringList({u"id"_s, u"include_declared"_s, u"limit"_s, u"page_token"_s}));
    QCOMPARE(
        JsonText::sortedKeys(
            JsonText::parsed(json::encode(SampleMessages::fullDeregisterResponse()))),
        QStringList({u"context"_s, u"id"_s, u"location"_s, u"properties"_s, u"transaction_id"_s}));
    QCOMPARE(JsonText::sortedKeys(
                 JsonText::parsed(json::encode(SampleMessages::fullDeleteVersionsResponse()))),
             QStringList({u"context"_s, u"deleted_count"_s, u"transaction_id"_s}));

    const QJsonObject table = JsonText::parsed(
        json::encode(DescribeTableResponse{.table = u"t"_s,
                                           .namespacePath = QStringList{u"a"_s},
                                           .version = 1,
                                           .location = u"l"_s,
                                           .tableUri = u"u"_s,
                                           .schema = SampleMessages::fullSchema(),
                                           .storageOptions = SampleMessages::someMap(),
                                           .stats = TableBasicStats{1, 2},
                                           .metadata = SampleMessages::someMap(),
                                           .properties = SampleMessages::someMap(),
                                           .managedVersioning = true,
                                           .isOnlyDeclared = true,
                                           .context = {}}));
    QCOMPARE(JsonText::sortedKeys(table),
             QStringList({u"is_only_declared"_s, u"location"_s, u"managed_versioning"_s,
                          u"metadata"_s, u"namespace"_s, u"properties"_s, u"schema"_s, u"stats"_s,
                          u"storage_options"_s, u"table"_s, u"table_uri"_s, u"version"_s}));
    QCOMPARE(JsonText::sortedKeys(table.value(u"stats"_s).toObject()),
             QStringList({u"num_deleted_rows"_s, u"num_fragments"_s}));
    const QJsonObject field = table.value(u"schema"_s).toObject().value(u"fields"_s)[0].toObject();
    QCOMPARE(JsonText::sortedKeys(field), QStringList({u"name"_s, u"nullable"_s, u"type"_s}));
    QCOMPARE(JsonText::sortedKeys(field.value(u"type"_s).toObject()),
             QStringList({u"fields"_s, u"length"_s, u"type"_s}));

    const QJsonObject operation
        = JsonText::parsed(json::encode(BatchCommitTablesRequest{
                               {SampleMessages::fullDeleteVersionsRequest()}, {}}))
              .value(u"operations"_s)[0]
              .toObject();
    QCOMPARE(operation.keys(), QStringList{u"delete_table_versions"_s});
    QCOMPARE(JsonText::sortedKeys(operation.value(u"delete_table_versions"_s).toObject()),
             QStringList({u"branch"_s, u"context"_s, u"id"_s, u"ranges"_s}));
    QCOMPARE(json::encode(DropNamespaceResponse{{}, {u"tx-1"_s}, {}}),
             QByteArray(R"({"transaction_id":["tx-1"]})"));
}

void TestJsonWireFormat::encodesCompactAndIndented()
{
    const ListNamespacesResponse response{{u"a"_s, u"é"_s}, u"a"_s, {}};
    QCOMPARE(json::encode(response), QByteArray(R"({"namespaces":["a","é"],"page_token":"a"})"));
    QCOMPARE(json::encode(response, Format::Indented),
             QByteArray("{\n  \"namespaces\": [\n    \"a\",\n    \"é\"\n  ],\n"
                        "  \"page_token\": \"a\"\n}"));
}

void TestJsonWireFormat::indentsNestedAndEmptyValues()
{
    // The indented text is nlohmann's dump(2) layout: empty containers stay on one line.
    QCOMPARE(json::encode(DescribeTableResponse{}, Format::Indented),
             QByteArray("{\n  \"properties\": {}\n}"));
    const JsonArrowSchema schema = SampleMessages::fullSchema();
    const QByteArray indented = json::encode(schema, Format::Indented);
    QVERIFY(indented.contains("\n      \"name\": "));
    QCOMPARE(JsonText::parsed(indented), JsonText::parsed(json::encode(schema)));
    const auto back = json::decode<JsonArrowSchema>(indented);
    QVERIFY(back);
    QCOMPARE(json::encode(*back), json::encode(schema));
}

void TestJsonWireFormat::escapesStrings()
{
    const QString controls = QString::fromUtf16(u"\u0001\u001f\n\t\b\f\r\u007f");
    const QString lone = QString(QChar(0xD800)) + u"x"_s;
    const ListNamespacesResponse response{
        {u"q\"b\\s"_s, controls, u"é😀"_s, lone}, std::nullopt, {}};
    QCOMPARE(json::encode(response),
             QByteArray(R"({"namespaces":["q\"b\\s","\u0001\u001f\n\t\b\f\r)"
                        "\x7f\",\"\xC3\xA9\xF0\x9F\x98\x80\",\"\xEF\xBF\xBDx\"]}"));
    const auto back = json::decode<ListNamespacesResponse>(json::encode(response));
    QVERIFY(back);
    QCOMPARE(back->namespaces.mid(0, 3), response.namespaces.mid(0, 3));
    QCOMPARE(back->namespaces.at(3), QString(QChar(QChar::ReplacementCharacter)) + u"x"_s);
}

void TestJsonWireFormat::encodesRootIdAsEmptyList()
{
    QCOMPARE(json::encode(DescribeNamespaceRequest{}), QByteArray(R"({"id":[]})"));
    QCOMPARE(json::encode(ListNamespacesRequest{Identifier({u"a"_s, u"b"_s}), {}, {}, {}}),
             QByteArray(R"({"id":["a","b"]})"));
    const auto request = json::decode<DropTableRequest>("{}");
    QVERIFY(request);
    QVERIFY(request->id.isRoot());
}

void TestJsonWireFormat::omitsAbsentOptionalsAndEmptyMaps()
{
    CreateTableVersionRequest request;
    request.id = Identifier({u"t"_s});
    request.version = 1;
    request.manifestPath = u"p"_s;
    QCOMPARE(json::encode(request), QByteArray(R"({"id":["t"],"version":1,"manifest_path":"p"})"));
    QCOMPARE(json::encode(DescribeTableResponse{}), QByteArray(R"({"properties":{}})"));
    QCOMPARE(json::encode(DropNamespaceResponse{}), QByteArray("{}"));
    QCOMPARE(json::encode(ListTableTagsResponse{}), QByteArray(R"({"tags":{}})"));
    QCOMPARE(json::encode(
                 JsonArrowSchema{{JsonArrowField{u"x"_s, {u"utf8"_s, {}, {}}, true, {}, {}}}, {}}),
             QByteArray(R"({"fields":[{"name":"x","type":{"type":"utf8"},"nullable":true}]})"));
}

void TestJsonWireFormat::encodesInt64Exactly()
{
    TableVersion version;
    version.version = SampleMessages::Max;
    version.manifestPath = u"p"_s;
    version.timestampMillis = SampleMessages::Min;
    QCOMPARE(json::encode(version),
             QByteArray(R"({"version":9223372036854775807,"manifest_path":"p",)"
                        R"("timestamp_millis":-9223372036854775808})"));
    const auto decoded = json::decode<TableVersion>(
        R"({"version":9223372036854775807,"manifest_path":"p","manifest_size":9007199254740993})");
    QVERIFY(decoded);
    QCOMPARE(decoded->version, SampleMessages::Max);
    QCOMPARE(decoded->manifestSize, Q_INT64_C(9007199254740993)); // not representable as double
}

void TestJsonWireFormat::acceptsVersionRangeBounds()
{
    const auto range
        = json::decode<VersionRange>(R"({"start_version":-9223372036854775808,"end_version":-1})");
    QVERIFY2(range, range ? "" : qPrintable(range.error().detail()));
    QCOMPARE(range->startVersion, SampleMessages::Min);
    QCOMPARE(range->endVersion, VersionRange::ThroughLatest);
    const auto version = json::decode<TableVersion>(
        R"({"version":0,"manifest_path":"p","manifest_size":0,"timestamp_millis":-5})");
    QVERIFY2(version, version ? "" : qPrintable(version.error().detail()));
    QCOMPARE(version->timestampMillis, -5);
}

void TestJsonWireFormat::treatsNullAsAbsent()
{
    const auto version = json::decode<TableVersion>(
        R"({"version":1,"manifest_path":"p","manifest_size":null,"e_tag":null,)"
        R"("timestamp_millis":null,"metadata":null,"identity":null})");
    QVERIFY2(version, version ? "" : qPrintable(version.error().detail()));
    QVERIFY(*version == (TableVersion{1, u"p"_s, {}, {}, {}, {}}));

    const auto table = json::decode<DescribeTableResponse>(
        R"({"stats":null,"is_only_declared":null,"schema":null,"namespace":null,)"
        R"("storage_options":null,"context":null,"unknown":{"deep":[1,{"x":null}]}})");
    QVERIFY2(table, table ? "" : qPrintable(table.error().detail()));
    QVERIFY(*table == DescribeTableResponse{});

    const auto request = json::decode<CreateNamespaceRequest>(
        R"({"id":null,"mode":null,"properties":null,"identity":{"api_key":"k"}})");
    QVERIFY2(request, request ? "" : qPrintable(request.error().detail()));
    QVERIFY(*request == CreateNamespaceRequest{});
}

void TestJsonWireFormat::keepsEmptyPageToken()
{
    const auto empty = json::decode<ListTablesResponse>(R"({"tables":[],"page_token":""})");
    QVERIFY(empty);
    QCOMPARE(empty->pageToken, QString());
    QVERIFY(empty->pageToken.has_value());
    const auto null = json::decode<ListTablesResponse>(R"({"tables":["a"],"page_token":null})");
    QVERIFY(null);
    QCOMPARE(null->pageToken, std::nullopt);
    QCOMPARE(null->tables, QStringList{u"a"_s});
}

void TestJsonWireFormat::readsNullableProperties_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("engaged");
    QTest::addColumn<StringMap>("properties");
    QTest::newRow("absent") << QByteArray("{}") << true << StringMap();
    QTest::newRow("null") << QByteArray(R"({"properties":null})") << false << StringMap();
    QTest::newRow("empty") << QByteArray(R"({"properties":{}})") << true << StringMap();
    QTest::newRow("filled") << QByteArray(R"({"properties":{"a":"b"}})") << true
                            << StringMap{{u"a"_s, u"b"_s}};
}

void TestJsonWireFormat::readsNullableProperties()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, engaged);
    QFETCH(StringMap, properties);
    const std::optional<StringMap> expected
        = engaged ? std::optional<StringMap>(properties) : std::nullopt;
    const auto ns = json::decode<DescribeNamespaceResponse>(text);
    QVERIFY(ns);
    QCOMPARE(ns->properties, expected);
    const auto table = json::decode<DescribeTableResponse>(text);
    QVERIFY(table);
    QCOMPARE(table->properties, expected);
    const auto declared = json::decode<DeclareTableResponse>(text);
    QVERIFY(declared);
    QCOMPARE(declared->properties, expected);
    const auto deregistered = json::decode<DeregisterTableResponse>(text);
    QVERIFY(deregistered);
    QCOMPARE(deregistered->properties, expected);
    const auto dropped = json::decode<DropTableResponse>(text);
    QVERIFY(dropped);
    QCOMPARE(dropped->properties, expected);
}

void TestJsonWireFormat::writesNullableProperties()
{
    QCOMPARE(json::encode(DescribeNamespaceResponse{std::nullopt, {}}),
             QByteArray(R"({"properties":null})"));
    QCOMPARE(json::encode(DescribeNamespaceResponse{}), QByteArray(R"({"properties":{}})"));
    DropTableResponse dropped;
    dropped.properties = std::nullopt;
    QCOMPARE(json::encode(dropped), QByteArray(R"({"properties":null})"));
}

void TestJsonWireFormat::readsResponseIds()
{
    const auto absent = json::decode<DropTableResponse>("{}");
    QVERIFY(absent);
    QCOMPARE(absent->id, std::nullopt);
    const auto root = json::decode<DropTableResponse>(R"({"id":[]})");
    QVERIFY(root);
    QCOMPARE(root->id, Identifier());
    const auto table = json::decode<DeregisterTableResponse>(R"({"id":["a","b"]})");
    QVERIFY(table);
    QCOMPARE(table->id, Identifier({u"a"_s, u"b"_s}));
}

void TestJsonWireFormat::readsEnumsCaseInsensitively_data()
{
    QTest::addColumn<QByteArray>("mode");
    QTest::addColumn<int>("expected");
    const auto existOk = int(CreateNamespaceMode::ExistOk);
    QTest::newRow("PascalCase") << QByteArray("ExistOk") << existOk;
    QTest::newRow("snake_case") << QByteArray("exist_ok") << existOk;
    QTest::newRow("upper") << QByteArray("EXISTOK") << existOk;
    QTest::newRow("lower") << QByteArray("existok") << existOk;
    QTest::newRow("upper snake") << QByteArray("EXIST_OK") << existOk;
    QTest::newRow("create") << QByteArray("create") << int(CreateNamespaceMode::Create);
    QTest::newRow("overwrite") << QByteArray("OverWrite") << int(CreateNamespaceMode::Overwrite);
}

void TestJsonWireFormat::readsEnumsCaseInsensitively()
{
    QFETCH(QByteArray, mode);
    QFETCH(int, expected);
    const auto request = json::decode<CreateNamespaceRequest>(R"({"mode":")" + mode + "\"}");
    QVERIFY2(request, request ? "" : qPrintable(request.error().detail()));
    QCOMPARE(request->mode, CreateNamespaceMode(expected));

    const auto drop = json::decode<DropNamespaceRequest>(R"({"mode":"skip","behavior":"CASCADE"})");
    QVERIFY(drop);
    QCOMPARE(drop->mode, DropNamespaceMode::Skip);
    QCOMPARE(drop->behavior, DropNamespaceBehavior::Cascade);
    const auto entry = json::decode<CreateTableVersionEntry>(
        R"({"id":["t"],"version":1,"manifest_path":"p","naming_scheme":"v1"})");
    QVERIFY(entry);
    QCOMPARE(entry->namingScheme, ManifestNamingScheme::V1);
    const auto registered
        = json::decode<RegisterTableRequest>(R"({"location":"l","mode":"overwrite"})");
    QVERIFY(registered);
    QCOMPARE(registered->mode, RegisterTableMode::Overwrite);
}

void TestJsonWireFormat::writesEnumsPascalCase()
{
    QCOMPARE(json::toWireString(ManifestNamingScheme::V1), u"V1"_s);
    QCOMPARE(json::toWireString(ManifestNamingScheme::V2), u"V2"_s);
    QCOMPARE(json::toWireString(CreateNamespaceMode::Create), u"Create"_s);
    QCOMPARE(json::toWireString(CreateNamespaceMode::ExistOk), u"ExistOk"_s);
    QCOMPARE(json::toWireString(CreateNamespaceMode::Overwrite), u"Overwrite"_s);
    QCOMPARE(json::toWireString(DropNamespaceMode::Fail), u"Fail"_s);
    QCOMPARE(json::toWireString(DropNamespaceMode::Skip), u"Skip"_s);
    QCOMPARE(json::toWireString(DropNamespaceBehavior::Restrict), u"Restrict"_s);
    QCOMPARE(json::toWireString(DropNamespaceBehavior::Cascade), u"Cascade"_s);
    QCOMPARE(json::toWireString(RegisterTableMode::Create), u"Create"_s);
    QCOMPARE(json::toWireString(RegisterTableMode::Overwrite), u"Overwrite"_s);
    const QJsonObject drop = JsonText::parsed(json::encode(DropNamespaceRequest{
        Identifier(), DropNamespaceMode::Fail, DropNamespaceBehavior::Restrict, {}}));
    QCOMPARE(drop.value(u"mode"_s).toString(), u"Fail"_s);
    QCOMPARE(drop.value(u"behavior"_s).toString(), u"Restrict"_s);
    QCOMPARE(JsonText::parsed(json::encode(SampleMessages::fullCreateVersionRequest()))
                 .value(u"naming_scheme"_s)
                 .toString(),
             u"V1"_s);
}

void TestJsonWireFormat::acceptsSchemaOf64Levels()
{
    QByteArray text = R"({"name":"leaf","type":{"type":"int8"},"nullable":true})";
    for (int level = 63; level >= 1; --level) {
        text = R"({"name":"l)" + QByteArray::number(level)
               + R"(","nullable":true,"type":{"type":"struct","fields":[)" + text + "]}}";
    }
    const auto schema = json::decode<JsonArrowSchema>(R"({"fields":[)" + text + "]}");
    QVERIFY2(schema, schema ? "" : qPrintable(schema.error().detail()));
    int depth = 1;
    const JsonArrowField *field = &schema->fields.at(0);
    while (!field->type.fields.empty()) {
        field = &field->type.fields.at(0);
        ++depth;
    }
    QCOMPARE(depth, 64);
    QCOMPARE(field->name, u"leaf"_s);
}

void TestJsonWireFormat::ignoresDeepUnknownFields()
{
    // Deeper than any limit of the codec, but ignored: must neither fail nor exhaust the stack.
    const QByteArray deep = QByteArray(100000, '[') + QByteArray(100000, ']');
    const auto response
        = json::decode<ListNamespacesResponse>(R"({"namespaces":["a"],"x":)" + deep + "}");
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->namespaces, QStringList{u"a"_s});
}

void TestJsonWireFormat::checksValidity()
{
    QVERIFY(json::isValid("{}"));
    QVERIFY(json::isValid("[1, 2.5, \"x\", null, true]"));
    QVERIFY(json::isValid("\"text\""));
    QVERIFY(json::isValid(" 18446744073709551615 "));
    QVERIFY(!json::isValid(""));
    QVERIFY(!json::isValid("{"));
    QVERIFY(!json::isValid("{\"a\":1}}"));
    QVERIFY(!json::isValid("\"\xff\""));
    QVERIFY(!json::isValid("{'a':1}"));
}

void TestJsonWireFormat::reformatKeepsBigIntegersExact()
{
    const QByteArray text
        = R"({ "u": 18446744073709551615, "i": 9223372036854775807, "n": -9223372036854775808 })";
    QCOMPARE(json::reformat(text, Format::Compact),
             QByteArray(R"({"i":9223372036854775807,"n":-9223372036854775808,)"
                        R"("u":18446744073709551615})"));
    QCOMPARE(json::reformat(R"([18446744073709551615,{"a":[]}])", Format::Indented),
             QByteArray("[\n  18446744073709551615,\n  {\n    \"a\": []\n  }\n]"));
    QCOMPARE(json::reformat("\"é\"", Format::Compact), QByteArray("\"é\""));
}

void TestJsonWireFormat::reformatRefusesInvalidAndTooDeep()
{
    QCOMPARE(json::reformat("{\"a\":", Format::Compact), std::nullopt);
    QCOMPARE(json::reformat("", Format::Indented), std::nullopt);
    QCOMPARE(json::reformat("[\"\xc3\x28\"]", Format::Compact), std::nullopt);
    const QByteArray deep = QByteArray(100000, '[') + QByteArray(100000, ']');
    QCOMPARE(json::reformat(deep, Format::Compact), std::nullopt);
    const QByteArray fine = QByteArray(100, '[') + QByteArray(100, ']');
    QCOMPARE(json::reformat(fine, Format::Compact), fine);
}

LCB_TEST_GUILESS_MAIN(TestJsonWireFormat)
#include "TestJsonWireFormat.moc"
