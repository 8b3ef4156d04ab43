// SPDX-License-Identifier: Apache-2.0
#include "TestData.h"
#include "api/JsonCodec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace lance::api;
using json::Format;
using lance::test::TestData;

namespace {

constexpr qint64 Max = std::numeric_limits<qint64>::max();
constexpr qint64 Min = std::numeric_limits<qint64>::min();
const QString Unicode = u"données 表格 ümlaut 🚀"_s;

// Fully populated values: every field is set (designated initializers must name every member
// or the build warns), so a field the codec drops breaks the round trip.
StringMap someMap()
{
    return {{u"owner"_s, u"qa"_s}, {u"ключ"_s, Unicode}, {u"empty"_s, QString()}};
}

StringMap someContext()
{
    return {{u"header.x-trace-id"_s, u"abc"_s}, {u"trace"_s, Unicode}};
}

Identifier someTable()
{
    return Identifier({u"sales"_s, Unicode, u"orders"_s});
}

TableVersion fullTableVersion()
{
    return {.version = Max,
            .manifestPath = u"bucket/t.lance/_versions/00000000000000000000.manifest"_s,
            .manifestSize = Max,
            .eTag = u"\"a7866b-66164e4be0245-174\""_s,
            .timestampMillis = Min,
            .metadata = someMap()};
}

JsonArrowSchema fullSchema()
{
    JsonArrowField sku{
        .name = u"sku"_s, .type = {u"utf8"_s, {}, {}}, .nullable = false, .metadata = {}};
    JsonArrowField item{.name = u"item"_s,
                        .type = {u"struct"_s, {sku}, std::nullopt},
                        .nullable = true,
                        .metadata = someMap()};
    JsonArrowField list{.name = Unicode,
                        .type = {u"fixed_size_list"_s, {item}, Max},
                        .nullable = false,
                        .metadata = {}};
    return {.fields = {list, sku}, .metadata = someMap()};
}

DeclareTableRequest fullDeclareRequest()
{
    return {.id = someTable(),
            .location = u"s3://bucket/données.lance"_s,
            .vendCredentials = true,
            .properties = someMap(),
            .context = someContext()};
}

CreateTableVersionRequest fullCreateVersionRequest()
{
    return {.id = someTable(),
            .version = Max,
            .manifestPath = u"bucket/t.lance/_versions/x.manifest-398cd05a"_s,
            .manifestSize = 372,
            .eTag = u"etag"_s,
            .metadata = someMap(),
            .namingScheme = ManifestNamingScheme::V1,
            .branch = Unicode,
            .context = someContext()};
}

BatchDeleteTableVersionsRequest fullDeleteVersionsRequest()
{
    return {.id = someTable(),
            .ranges = {{0, -1}, {Min, Max}},
            .branch = u"dev"_s,
            .context = someContext()};
}

DeclareTableResponse fullDeclareResponse()
{
    return {.transactionId = u"tx"_s,
            .location = u"s3://bucket/t"_s,
            .storageOptions = someMap(),
            .properties = someMap(),
            .managedVersioning = true,
            .context = someContext()};
}

CreateTableVersionResponse fullCreateVersionResponse()
{
    return {.transactionId = Unicode, .version = fullTableVersion(), .context = someContext()};
}

BatchDeleteTableVersionsResponse fullDeleteVersionsResponse()
{
    return {.deletedCount = Max, .transactionId = u"tx"_s, .context = someContext()};
}

DeregisterTableResponse fullDeregisterResponse()
{
    return {.transactionId = u"tx"_s,
            .id = someTable(),
            .location = u"s3://bucket/t"_s,
            .properties = someMap(),
            .context = someContext()};
}

// Empty when `value` survives encode -> decode in both formats; otherwise what went wrong.
template <typename T> QString roundTripProblem(const T &value)
{
    for (const Format format : {Format::Compact, Format::Indented}) {
        const QByteArray text = json::encode(value, format);
        const Result<T> decoded = json::decode<T>(text);
        if (!decoded) {
            return decoded.error().detail() + u" in "_s + QString::fromUtf8(text);
        }
        if (!(*decoded == value)) {
            return u"decoded value differs from "_s + QString::fromUtf8(text);
        }
    }
    return {};
}

QJsonObject parsed(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        qWarning("not a JSON object: %s", text.constData());
    }
    return document.object();
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

} // namespace

class TestJsonCodec : public QObject
{
    Q_OBJECT

private slots:
    void roundTripsCommonTypes();
    void roundTripsNamespaceMessages();
    void roundTripsTableMessages();
    void roundTripsVersionMessages();
    void roundTripsBatchMessages();
    void roundTripsTagMessages();

    void decodesListNamespacesSample();
    void decodesCreateTableVersionSample();
    void decodesDescribeTableSample();
    void decodesListTableVersionsSample();
    void decodesBatchCommitRequestSample();
    void decodesBatchCommitResponseSample();
    void decodesListTableTagsSample();
    void decodesErrorResponseSample();
    void decodesDropNamespaceSample();

    void encodesWireNames();
    void encodesCompactAndIndented();
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

void TestJsonCodec::roundTripsCommonTypes()
{
    QCOMPARE(roundTripProblem(fullTableVersion()), QString());
    QCOMPARE(roundTripProblem(TableVersion{}), QString());
    QCOMPARE(roundTripProblem(VersionRange{Min, Max}), QString());
    QCOMPARE(roundTripProblem(VersionRange{}), QString());
    QCOMPARE(roundTripProblem(TagContents{.version = Max, .manifestSize = 584, .branch = Unicode}),
             QString());
    QCOMPARE(roundTripProblem(TagContents{}), QString());
    QCOMPARE(roundTripProblem(fullSchema()), QString());
    QCOMPARE(roundTripProblem(JsonArrowSchema{}), QString());
    QCOMPARE(roundTripProblem(TableBasicStats{.numDeletedRows = Max, .numFragments = 7}),
             QString());
    QCOMPARE(roundTripProblem(TableBasicStats{}), QString());
    QCOMPARE(roundTripProblem(ErrorResponse{.code = 14,
                                            .error = Unicode,
                                            .detail = u"line 1\nline 2\t\"quoted\""_s,
                                            .instance = u"/v1/table/batch-commit"_s,
                                            .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ErrorResponse{}), QString());
}

void TestJsonCodec::roundTripsNamespaceMessages()
{
    QCOMPARE(roundTripProblem(ListNamespacesRequest{
                 .id = someTable(), .pageToken = Unicode, .limit = Max, .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListNamespacesRequest{}), QString());
    QCOMPARE(roundTripProblem(ListNamespacesResponse{
                 .namespaces = {u"a"_s, Unicode}, .pageToken = u"a"_s, .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListNamespacesResponse{}), QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceRequest{someTable(), someContext()}), QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceRequest{}), QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceResponse{someMap(), someContext()}), QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceResponse{std::nullopt, {}}), QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceResponse{}), QString());
    QCOMPARE(roundTripProblem(CreateNamespaceRequest{.id = someTable(),
                                                     .mode = CreateNamespaceMode::ExistOk,
                                                     .properties = someMap(),
                                                     .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(CreateNamespaceRequest{}), QString());
    QCOMPARE(roundTripProblem(CreateNamespaceResponse{u"tx"_s, someMap(), someContext()}),
             QString());
    QCOMPARE(roundTripProblem(CreateNamespaceResponse{}), QString());
    QCOMPARE(roundTripProblem(DropNamespaceRequest{.id = someTable(),
                                                   .mode = DropNamespaceMode::Skip,
                                                   .behavior = DropNamespaceBehavior::Cascade,
                                                   .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DropNamespaceRequest{}), QString());
    QCOMPARE(
        roundTripProblem(DropNamespaceResponse{someMap(), {u"tx-1"_s, Unicode}, someContext()}),
        QString());
    QCOMPARE(roundTripProblem(DropNamespaceResponse{}), QString());
    QCOMPARE(roundTripProblem(NamespaceExistsRequest{someTable(), someContext()}), QString());
    QCOMPARE(roundTripProblem(NamespaceExistsRequest{}), QString());
}

void TestJsonCodec::roundTripsTableMessages()
{
    QCOMPARE(roundTripProblem(ListTablesRequest{.id = someTable(),
                                                .pageToken = u"t"_s,
                                                .limit = 0,
                                                .includeDeclared = false,
                                                .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTablesRequest{}), QString());
    QCOMPARE(roundTripProblem(ListTablesResponse{{u"a"_s, Unicode}, u"next"_s, someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTablesResponse{}), QString());
    QCOMPARE(roundTripProblem(DescribeTableRequest{.id = someTable(),
                                                   .version = Max,
                                                   .tag = u"release"_s,
                                                   .branch = Unicode,
                                                   .withTableUri = true,
                                                   .loadDetailedMetadata = false,
                                                   .checkDeclared = true,
                                                   .vendCredentials = false,
                                                   .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DescribeTableRequest{}), QString());
    QCOMPARE(roundTripProblem(DescribeTableResponse{.table = Unicode,
                                                    .namespacePath = QStringList{u"sales"_s},
                                                    .version = Max,
                                                    .location = u"s3://bucket/t"_s,
                                                    .tableUri = u"s3://bucket/t"_s,
                                                    .schema = fullSchema(),
                                                    .storageOptions = someMap(),
                                                    .stats = TableBasicStats{1, Max},
                                                    .metadata = someMap(),
                                                    .properties = std::nullopt,
                                                    .managedVersioning = true,
                                                    .isOnlyDeclared = false,
                                                    .context = someContext()}),
             QString());
    DescribeTableResponse emptyLists;
    emptyLists.namespacePath = QStringList();
    emptyLists.schema = JsonArrowSchema{};
    QCOMPARE(roundTripProblem(emptyLists), QString());
    QCOMPARE(roundTripProblem(DescribeTableResponse{}), QString());
    QCOMPARE(roundTripProblem(TableExistsRequest{someTable(), 0, someContext()}), QString());
    QCOMPARE(roundTripProblem(TableExistsRequest{}), QString());
    QCOMPARE(roundTripProblem(RegisterTableRequest{.id = someTable(),
                                                   .location = Unicode,
                                                   .mode = RegisterTableMode::Overwrite,
                                                   .properties = someMap(),
                                                   .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(RegisterTableRequest{}), QString());
    QCOMPARE(roundTripProblem(RegisterTableResponse{u"tx"_s, Unicode, someMap(), someContext()}),
             QString());
    QCOMPARE(roundTripProblem(RegisterTableResponse{}), QString());
    QCOMPARE(roundTripProblem(fullDeclareRequest()), QString());
    QCOMPARE(roundTripProblem(DeclareTableRequest{}), QString());
    QCOMPARE(roundTripProblem(fullDeclareResponse()), QString());
    QCOMPARE(roundTripProblem(DeclareTableResponse{}), QString());
    QCOMPARE(roundTripProblem(DeregisterTableRequest{someTable(), someContext()}), QString());
    QCOMPARE(roundTripProblem(DeregisterTableRequest{}), QString());
    QCOMPARE(roundTripProblem(fullDeregisterResponse()), QString());
    QCOMPARE(roundTripProblem(DeregisterTableResponse{}), QString());
    QCOMPARE(roundTripProblem(DropTableRequest{someTable(), someContext()}), QString());
    QCOMPARE(roundTripProblem(DropTableRequest{}), QString());
    QCOMPARE(roundTripProblem(DropTableResponse{.transactionId = u"tx"_s,
                                                .id = Identifier(),
                                                .location = Unicode,
                                                .properties = StringMap(),
                                                .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DropTableResponse{}), QString());
}

void TestJsonCodec::roundTripsVersionMessages()
{
    QCOMPARE(roundTripProblem(ListTableVersionsRequest{.id = someTable(),
                                                       .branch = u"dev"_s,
                                                       .pageToken = Unicode,
                                                       .limit = 1,
                                                       .descending = true,
                                                       .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTableVersionsRequest{}), QString());
    QCOMPARE(roundTripProblem(ListTableVersionsResponse{
                 {fullTableVersion(), TableVersion{}}, u"next"_s, someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTableVersionsResponse{}), QString());
    QCOMPARE(roundTripProblem(fullCreateVersionRequest()), QString());
    QCOMPARE(roundTripProblem(CreateTableVersionRequest{}), QString());
    QCOMPARE(roundTripProblem(fullCreateVersionResponse()), QString());
    QCOMPARE(roundTripProblem(CreateTableVersionResponse{}), QString());
    QCOMPARE(roundTripProblem(DescribeTableVersionRequest{someTable(), 3, u"dev"_s, someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DescribeTableVersionRequest{}), QString());
    QCOMPARE(roundTripProblem(DescribeTableVersionResponse{fullTableVersion(), someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DescribeTableVersionResponse{}), QString());
    QCOMPARE(roundTripProblem(fullDeleteVersionsRequest()), QString());
    QCOMPARE(roundTripProblem(BatchDeleteTableVersionsRequest{}), QString());
    QCOMPARE(roundTripProblem(fullDeleteVersionsResponse()), QString());
    QCOMPARE(roundTripProblem(BatchDeleteTableVersionsResponse{}), QString());
    const CreateTableVersionEntry entry{.id = someTable(),
                                        .version = Max,
                                        .manifestPath = Unicode,
                                        .manifestSize = 0,
                                        .eTag = u"e"_s,
                                        .metadata = someMap(),
                                        .namingScheme = ManifestNamingScheme::V2,
                                        .branch = u"main"_s};
    QCOMPARE(roundTripProblem(entry), QString());
    QCOMPARE(roundTripProblem(CreateTableVersionEntry{}), QString());
    QCOMPARE(roundTripProblem(BatchCreateTableVersionsRequest{{entry, {}}, someContext()}),
             QString());
    QCOMPARE(roundTripProblem(BatchCreateTableVersionsRequest{}), QString());
    QCOMPARE(roundTripProblem(
                 BatchCreateTableVersionsResponse{{fullTableVersion()}, u"tx"_s, someContext()}),
             QString());
    QCOMPARE(roundTripProblem(BatchCreateTableVersionsResponse{}), QString());
}

void TestJsonCodec::roundTripsBatchMessages()
{
    const BatchCommitTablesRequest request{
        .operations
        = {fullDeclareRequest(), fullCreateVersionRequest(), fullDeleteVersionsRequest(),
           DeregisterTableRequest{someTable(), {}}, DeclareTableRequest{}},
        .context = someContext()};
    QCOMPARE(roundTripProblem(request), QString());
    QCOMPARE(roundTripProblem(BatchCommitTablesRequest{}), QString());

    DeclareTableResponse unsupportedProperties;
    unsupportedProperties.properties = std::nullopt;
    const BatchCommitTablesResponse response{
        .results
        = {fullDeclareResponse(), fullCreateVersionResponse(), fullDeleteVersionsResponse(),
           fullDeregisterResponse(), unsupportedProperties, CreateTableVersionResponse{}},
        .transactionId = u"batch-42"_s,
        .context = someContext()};
    QCOMPARE(roundTripProblem(response), QString());
    QCOMPARE(roundTripProblem(BatchCommitTablesResponse{}), QString());
}

void TestJsonCodec::roundTripsTagMessages()
{
    QCOMPARE(roundTripProblem(ListTableTagsRequest{someTable(), u"p"_s, 10, someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTableTagsRequest{}), QString());
    const ListTableTagsResponse tags{.tags = {{u"release"_s, TagContents{3, 584, std::nullopt}},
                                              {u"a.b[0]\"x\""_s, TagContents{Max, Max, u"dev"_s}},
                                              {Unicode, TagContents{}}},
                                     .pageToken = u"next"_s,
                                     .context = someContext()};
    QCOMPARE(roundTripProblem(tags), QString());
    QCOMPARE(roundTripProblem(ListTableTagsResponse{}), QString());
    QCOMPARE(roundTripProblem(GetTableTagVersionRequest{someTable(), Unicode, someContext()}),
             QString());
    QCOMPARE(roundTripProblem(GetTableTagVersionRequest{}), QString());
    QCOMPARE(roundTripProblem(GetTableTagVersionResponse{Max, u"dev"_s, someContext()}), QString());
    QCOMPARE(roundTripProblem(GetTableTagVersionResponse{}), QString());
    QCOMPARE(roundTripProblem(CreateTableTagRequest{.id = someTable(),
                                                    .tag = Unicode,
                                                    .version = Max,
                                                    .branch = u"dev"_s,
                                                    .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(CreateTableTagRequest{}), QString());
    QCOMPARE(roundTripProblem(UpdateTableTagRequest{.id = someTable(),
                                                    .tag = Unicode,
                                                    .version = 0,
                                                    .branch = u"dev"_s,
                                                    .context = someContext()}),
             QString());
    QCOMPARE(roundTripProblem(UpdateTableTagRequest{}), QString());
    QCOMPARE(roundTripProblem(DeleteTableTagRequest{someTable(), Unicode, someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DeleteTableTagRequest{}), QString());
    QCOMPARE(roundTripProblem(TableTagChangeResponse{u"tx"_s, someContext()}), QString());
    QCOMPARE(roundTripProblem(TableTagChangeResponse{}), QString());
}

void TestJsonCodec::decodesListNamespacesSample()
{
    const auto response = json::decode<ListNamespacesResponse>(
        TestData::read(u"json/list-namespaces-response.json"_s));
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->namespaces, QStringList({u"accounting"_s, u"credits"_s}));
    QCOMPARE(response->pageToken, std::nullopt);
    QVERIFY(response->context.isEmpty());
}

void TestJsonCodec::decodesCreateTableVersionSample()
{
    const QByteArray sample = TestData::read(u"json/create-table-version-request.json"_s);
    const auto request = json::decode<CreateTableVersionRequest>(sample);
    QVERIFY2(request, request ? "" : qPrintable(request.error().detail()));
    QCOMPARE(request->id, Identifier({u"newt"_s}));
    QCOMPARE(request->version, 1);
    QCOMPARE(request->manifestPath,
             u"srv/catalog/new.lance/_versions/"
             "18446744073709551614.manifest-398cd05a-d057-46ee-ac74-9f2cf2d1f933"_s);
    QCOMPARE(request->manifestSize, 372);
    QCOMPARE(request->eTag, u"a7866b-66164e4be0245-174"_s);
    QCOMPARE(request->namingScheme, ManifestNamingScheme::V2);
    QCOMPARE(request->branch, std::nullopt);
    QVERIFY(request->metadata.isEmpty());
    // Written back, it is the same document the Lance client sends.
    QCOMPARE(parsed(json::encode(*request)), parsed(sample));
}

void TestJsonCodec::decodesDescribeTableSample()
{
    const auto response = json::decode<DescribeTableResponse>(
        TestData::read(u"json/describe-table-response.json"_s));
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->table, u"orders"_s);
    QCOMPARE(response->namespacePath, QStringList{u"sales"_s});
    QCOMPARE(response->version, 2);
    QCOMPARE(response->location, u"file:///srv/catalog/a6c854b0_sales$orders"_s);
    QCOMPARE(response->tableUri, u"file:///srv/catalog/a6c854b0_sales$orders"_s);
    QCOMPARE(response->storageOptions.value(u"expires_at_millis"_s), u"1767225600000"_s);
    QCOMPARE(response->storageOptions.size(), 2);
    QVERIFY(response->stats == (TableBasicStats{0, 2}));
    QCOMPARE(response->metadata, (StringMap{{u"owner"_s, u"qa"_s}}));
    QCOMPARE(response->properties, (StringMap{{u"retention"_s, u"30d"_s}}));
    QCOMPARE(response->managedVersioning, true);
    QCOMPARE(response->isOnlyDeclared, false);

    QVERIFY(response->schema);
    const JsonArrowSchema &schema = *response->schema;
    QCOMPARE(schema.metadata, (StringMap{{u"lance:version"_s, u"2.1"_s}}));
    QCOMPARE(schema.fields.size(), 4u);
    QCOMPARE(schema.fields[0].name, u"id"_s);
    QCOMPARE(schema.fields[0].type.type, u"int64"_s);
    QCOMPARE(schema.fields[0].nullable, false);
    QCOMPARE(schema.fields[1].metadata.value(u"comment"_s), u"display name"_s);
    const JsonArrowDataType &list = schema.fields[2].type;
    QCOMPARE(list.type, u"list"_s);
    QCOMPARE(list.fields.size(), 1u);
    const JsonArrowDataType &item = list.fields[0].type;
    QCOMPARE(item.type, u"struct"_s);
    QCOMPARE(item.fields.size(), 2u);
    QCOMPARE(item.fields[1].name, u"quantity"_s);
    QCOMPARE(item.fields[1].type.type, u"int32"_s);
    QCOMPARE(schema.fields[3].type.length, 4);
    QCOMPARE(schema.fields[3].type.fields[0].type.type, u"float"_s);
}

void TestJsonCodec::decodesListTableVersionsSample()
{
    const auto response = json::decode<ListTableVersionsResponse>(
        TestData::read(u"json/list-table-versions-response.json"_s));
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->versions.size(), 3);
    const TableVersion &latest = response->versions[0];
    QCOMPARE(latest.version, 3);
    QCOMPARE(latest.manifestPath,
             u"srv/catalog/people.lance/_versions/18446744073709551612.manifest"_s);
    QCOMPARE(latest.manifestSize, 584);
    QCOMPARE(latest.eTag, u"\"a7866b-66164e4be0245-248\""_s);
    QCOMPARE(latest.timestampMillis, Q_INT64_C(1767225600123));
    QCOMPARE(response->versions[1].metadata, (StringMap{{u"total_rows"_s, u"3"_s}}));
    QCOMPARE(response->versions[1].eTag, std::nullopt);
    QCOMPARE(response->versions[2].eTag, std::nullopt); // null
    QCOMPARE(response->versions[2].version, 1);
    QCOMPARE(response->pageToken, std::nullopt);
}

void TestJsonCodec::decodesBatchCommitRequestSample()
{
    const auto request = json::decode<BatchCommitTablesRequest>(
        TestData::read(u"json/batch-commit-tables-request.json"_s));
    QVERIFY2(request, request ? "" : qPrintable(request.error().detail()));
    QCOMPARE(request->operations.size(), 4);
    QCOMPARE(request->context, (StringMap{{u"header.x-trace-id"_s, u"abc"_s}}));

    const auto *declare = std::get_if<DeclareTableRequest>(&request->operations[0]);
    QVERIFY(declare);
    QCOMPARE(declare->id, Identifier({u"sales"_s, u"returns"_s}));
    QCOMPARE(declare->location, u"s3://bucket/sales/returns.lance"_s);
    QCOMPARE(declare->properties, (StringMap{{u"owner"_s, u"qa"_s}}));

    const auto *create = std::get_if<CreateTableVersionRequest>(&request->operations[1]);
    QVERIFY(create);
    QCOMPARE(create->id, Identifier({u"sales"_s, u"orders"_s}));
    QCOMPARE(create->version, 3);
    QCOMPARE(create->manifestSize, 612);
    QCOMPARE(create->namingScheme, ManifestNamingScheme::V2);
    QCOMPARE(create->metadata.value(u"writer"_s), u"lance 8.0.0"_s);

    const auto *remove = std::get_if<BatchDeleteTableVersionsRequest>(&request->operations[2]);
    QVERIFY(remove);
    QCOMPARE(remove->ranges.size(), 2);
    QVERIFY(remove->ranges[0] == (VersionRange{0, 2}));
    QVERIFY(remove->ranges[1] == (VersionRange{5, VersionRange::ThroughLatest}));

    const auto *deregister = std::get_if<DeregisterTableRequest>(&request->operations[3]);
    QVERIFY(deregister);
    QCOMPARE(deregister->id, Identifier({u"sales"_s, u"archive"_s}));
}

void TestJsonCodec::decodesBatchCommitResponseSample()
{
    const auto response = json::decode<BatchCommitTablesResponse>(
        TestData::read(u"json/batch-commit-tables-response.json"_s));
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->results.size(), 4);
    QCOMPARE(response->transactionId, u"batch-42"_s);

    const auto *declared = std::get_if<DeclareTableResponse>(&response->results[0]);
    QVERIFY(declared);
    QCOMPARE(declared->transactionId, u"tx-1"_s);
    QCOMPARE(declared->properties, std::nullopt); // null: "not supported"
    QCOMPARE(declared->managedVersioning, true);

    const auto *created = std::get_if<CreateTableVersionResponse>(&response->results[1]);
    QVERIFY(created);
    QVERIFY(created->version);
    QCOMPARE(created->version->version, 3);
    QCOMPARE(created->version->manifestPath,
             u"bucket/sales/orders.lance/_versions/18446744073709551612.manifest"_s);

    const auto *deleted = std::get_if<BatchDeleteTableVersionsResponse>(&response->results[2]);
    QVERIFY(deleted);
    QCOMPARE(deleted->deletedCount, 3);

    const auto *deregistered = std::get_if<DeregisterTableResponse>(&response->results[3]);
    QVERIFY(deregistered);
    QCOMPARE(deregistered->id, Identifier({u"sales"_s, u"archive"_s}));
    QCOMPARE(deregistered->properties, StringMap()); // absent: {}
}

void TestJsonCodec::decodesListTableTagsSample()
{
    const auto response = json::decode<ListTableTagsResponse>(
        TestData::read(u"json/list-table-tags-response.json"_s));
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->tags.keys(), QStringList({u"nightly.2026-07-01"_s, u"release"_s}));
    QVERIFY(response->tags.value(u"release"_s) == (TagContents{3, 584, std::nullopt}));
    QVERIFY(response->tags.value(u"nightly.2026-07-01"_s) == (TagContents{2, 500, u"dev"_s}));
    const QJsonObject release = parsed(json::encode(*response))
                                    .value(u"tags"_s)
                                    .toObject()
                                    .value(u"release"_s)
                                    .toObject();
    QCOMPARE(sorted(release.keys()), QStringList({u"manifestSize"_s, u"version"_s}));
}

void TestJsonCodec::decodesErrorResponseSample()
{
    const auto error = json::decode<ErrorResponse>(TestData::read(u"json/error-response.json"_s));
    QVERIFY2(error, error ? "" : qPrintable(error.error().detail()));
    QCOMPARE(error->code, 14);
    QCOMPARE(error->error, u"Concurrent modification"_s);
    QCOMPARE(error->detail, u"version 3 of sales$orders already exists"_s);
    QCOMPARE(error->instance, u"/v1/table/batch-commit"_s);
    QVERIFY(error->context.isEmpty());
}

void TestJsonCodec::decodesDropNamespaceSample()
{
    const auto response = json::decode<DropNamespaceResponse>(
        TestData::read(u"json/drop-namespace-response.json"_s));
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->transactionId, QStringList({u"tx-7"_s, u"tx-8"_s}));
    QCOMPARE(response->properties, (StringMap{{u"owner"_s, u"qa"_s}}));
}

void TestJsonCodec::encodesWireNames()
{
    QCOMPARE(sorted(parsed(json::encode(fullCreateVersionRequest())).keys()),
             QStringList({u"branch"_s, u"context"_s, u"e_tag"_s, u"id"_s, u"manifest_path"_s,
                          u"manifest_size"_s, u"metadata"_s, u"naming_scheme"_s, u"version"_s}));
    QCOMPARE(sorted(parsed(json::encode(DescribeTableRequest{.id = someTable(),
                                                             .version = 1,
                                                             .tag = u"t"_s,
                                                             .branch = u"b"_s,
                                                             .withTableUri = true,
                                                             .loadDetailedMetadata = true,
                                                             .checkDeclared = true,
                                                             .vendCredentials = true,
                                                             .context = someContext()}))
                        .keys()),
             QStringList({u"branch"_s, u"check_declared"_s, u"context"_s, u"id"_s,
                          u"load_detailed_metadata"_s, u"tag"_s, u"vend_credentials"_s,
                          u"version"_s, u"with_table_uri"_s}));
    QCOMPARE(
        sorted(parsed(json::encode(ListTablesRequest{someTable(), u"p"_s, 5, true, {}})).keys()),
        QStringList({u"id"_s, u"include_declared"_s, u"limit"_s, u"page_token"_s}));
    QCOMPARE(
        sorted(parsed(json::encode(fullDeregisterResponse())).keys()),
        QStringList({u"context"_s, u"id"_s, u"location"_s, u"properties"_s, u"transaction_id"_s}));
    QCOMPARE(sorted(parsed(json::encode(fullDeleteVersionsResponse())).keys()),
             QStringList({u"context"_s, u"deleted_count"_s, u"transaction_id"_s}));

    const QJsonObject table
        = parsed(json::encode(DescribeTableResponse{.table = u"t"_s,
                                                    .namespacePath = QStringList{u"a"_s},
                                                    .version = 1,
                                                    .location = u"l"_s,
                                                    .tableUri = u"u"_s,
                                                    .schema = fullSchema(),
                                                    .storageOptions = someMap(),
                                                    .stats = TableBasicStats{1, 2},
                                                    .metadata = someMap(),
                                                    .properties = someMap(),
                                                    .managedVersioning = true,
                                                    .isOnlyDeclared = true,
                                                    .context = {}}));
    QCOMPARE(sorted(table.keys()),
             QStringList({u"is_only_declared"_s, u"location"_s, u"managed_versioning"_s,
                          u"metadata"_s, u"namespace"_s, u"properties"_s, u"schema"_s, u"stats"_s,
                          u"storage_options"_s, u"table"_s, u"table_uri"_s, u"version"_s}));
    QCOMPARE(sorted(table.value(u"stats"_s).toObject().keys()),
             QStringList({u"num_deleted_rows"_s, u"num_fragments"_s}));
    const QJsonObject field = table.value(u"schema"_s).toObject().value(u"fields"_s)[0].toObject();
    QCOMPARE(sorted(field.keys()), QStringList({u"name"_s, u"nullable"_s, u"type"_s}));
    QCOMPARE(sorted(field.value(u"type"_s).toObject().keys()),
             QStringList({u"fields"_s, u"length"_s, u"type"_s}));

    const QJsonObject operation
        = parsed(json::encode(BatchCommitTablesRequest{{fullDeleteVersionsRequest()}, {}}))
              .value(u"operations"_s)[0]
              .toObject();
    QCOMPARE(operation.keys(), QStringList{u"delete_table_versions"_s});
    QCOMPARE(sorted(operation.value(u"delete_table_versions"_s).toObject().keys()),
             QStringList({u"branch"_s, u"context"_s, u"id"_s, u"ranges"_s}));
    QCOMPARE(json::encode(DropNamespaceResponse{{}, {u"tx-1"_s}, {}}),
             QByteArray(R"({"transaction_id":["tx-1"]})"));
}

void TestJsonCodec::encodesCompactAndIndented()
{
    const ListNamespacesResponse response{{u"a"_s, u"é"_s}, u"a"_s, {}};
    QCOMPARE(json::encode(response), QByteArray(R"({"namespaces":["a","é"],"page_token":"a"})"));
    QCOMPARE(json::encode(response, Format::Indented),
             QByteArray("{\n  \"namespaces\": [\n    \"a\",\n    \"é\"\n  ],\n"
                        "  \"page_token\": \"a\"\n}"));
}

void TestJsonCodec::encodesRootIdAsEmptyList()
{
    QCOMPARE(json::encode(DescribeNamespaceRequest{}), QByteArray(R"({"id":[]})"));
    QCOMPARE(json::encode(ListNamespacesRequest{Identifier({u"a"_s, u"b"_s}), {}, {}, {}}),
             QByteArray(R"({"id":["a","b"]})"));
    const auto request = json::decode<DropTableRequest>("{}");
    QVERIFY(request);
    QVERIFY(request->id.isRoot());
}

void TestJsonCodec::omitsAbsentOptionalsAndEmptyMaps()
{
    CreateTableVersionRequest request;
    request.id = Identifier({u"t"_s});
    request.version = 1;
    request.manifestPath = u"p"_s;
    QCOMPARE(json::encode(request), QByteArray(R"({"id":["t"],"manifest_path":"p","version":1})"));
    QCOMPARE(json::encode(DescribeTableResponse{}), QByteArray(R"({"properties":{}})"));
    QCOMPARE(json::encode(DropNamespaceResponse{}), QByteArray("{}"));
    QCOMPARE(json::encode(ListTableTagsResponse{}), QByteArray(R"({"tags":{}})"));
    QCOMPARE(
        json::encode(JsonArrowSchema{{JsonArrowField{u"x"_s, {u"utf8"_s, {}, {}}, true, {}}}, {}}),
        QByteArray(R"({"fields":[{"name":"x","nullable":true,"type":{"type":"utf8"}}]})"));
}

void TestJsonCodec::encodesInt64Exactly()
{
    TableVersion version;
    version.version = Max;
    version.manifestPath = u"p"_s;
    version.timestampMillis = Min;
    QCOMPARE(json::encode(version),
             QByteArray(R"({"manifest_path":"p","timestamp_millis":-9223372036854775808,)"
                        R"("version":9223372036854775807})"));
    const auto decoded = json::decode<TableVersion>(
        R"({"version":9223372036854775807,"manifest_path":"p","manifest_size":9007199254740993})");
    QVERIFY(decoded);
    QCOMPARE(decoded->version, Max);
    QCOMPARE(decoded->manifestSize, Q_INT64_C(9007199254740993)); // not representable as double
}

void TestJsonCodec::acceptsVersionRangeBounds()
{
    const auto range
        = json::decode<VersionRange>(R"({"start_version":-9223372036854775808,"end_version":-1})");
    QVERIFY2(range, range ? "" : qPrintable(range.error().detail()));
    QCOMPARE(range->startVersion, Min);
    QCOMPARE(range->endVersion, VersionRange::ThroughLatest);
    const auto version = json::decode<TableVersion>(
        R"({"version":0,"manifest_path":"p","manifest_size":0,"timestamp_millis":-5})");
    QVERIFY2(version, version ? "" : qPrintable(version.error().detail()));
    QCOMPARE(version->timestampMillis, -5);
}

void TestJsonCodec::treatsNullAsAbsent()
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

void TestJsonCodec::keepsEmptyPageToken()
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

void TestJsonCodec::readsNullableProperties_data()
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

void TestJsonCodec::readsNullableProperties()
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

void TestJsonCodec::writesNullableProperties()
{
    QCOMPARE(json::encode(DescribeNamespaceResponse{std::nullopt, {}}),
             QByteArray(R"({"properties":null})"));
    QCOMPARE(json::encode(DescribeNamespaceResponse{}), QByteArray(R"({"properties":{}})"));
    DropTableResponse dropped;
    dropped.properties = std::nullopt;
    QCOMPARE(json::encode(dropped), QByteArray(R"({"properties":null})"));
}

void TestJsonCodec::readsResponseIds()
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

void TestJsonCodec::readsEnumsCaseInsensitively_data()
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

void TestJsonCodec::readsEnumsCaseInsensitively()
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

void TestJsonCodec::writesEnumsPascalCase()
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
    const QJsonObject drop = parsed(json::encode(DropNamespaceRequest{
        Identifier(), DropNamespaceMode::Fail, DropNamespaceBehavior::Restrict, {}}));
    QCOMPARE(drop.value(u"mode"_s).toString(), u"Fail"_s);
    QCOMPARE(drop.value(u"behavior"_s).toString(), u"Restrict"_s);
    QCOMPARE(parsed(json::encode(fullCreateVersionRequest())).value(u"naming_scheme"_s).toString(),
             u"V1"_s);
}

void TestJsonCodec::acceptsSchemaOf64Levels()
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

void TestJsonCodec::ignoresDeepUnknownFields()
{
    // Deeper than any limit of the codec, but ignored: must neither fail nor exhaust the stack.
    const QByteArray deep = QByteArray(100000, '[') + QByteArray(100000, ']');
    const auto response
        = json::decode<ListNamespacesResponse>(R"({"namespaces":["a"],"x":)" + deep + "}");
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->namespaces, QStringList{u"a"_s});
}

void TestJsonCodec::checksValidity()
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

void TestJsonCodec::reformatKeepsBigIntegersExact()
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

void TestJsonCodec::reformatRefusesInvalidAndTooDeep()
{
    QCOMPARE(json::reformat("{\"a\":", Format::Compact), std::nullopt);
    QCOMPARE(json::reformat("", Format::Indented), std::nullopt);
    QCOMPARE(json::reformat("[\"\xc3\x28\"]", Format::Compact), std::nullopt);
    const QByteArray deep = QByteArray(100000, '[') + QByteArray(100000, ']');
    QCOMPARE(json::reformat(deep, Format::Compact), std::nullopt);
    const QByteArray fine = QByteArray(100, '[') + QByteArray(100, ']');
    QCOMPARE(json::reformat(fine, Format::Compact), fine);
}

QTEST_GUILESS_MAIN(TestJsonCodec)
#include "TestJsonCodec.moc"
