// SPDX-License-Identifier: Apache-2.0
#include "JsonText.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "api/JsonCodec.h"

#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::test::JsonText;
using lance::test::TestData;

/// Decodes the documents in tests/data/json, as the Lance client and the reference server write
/// them: a round trip alone would not catch a field name both sides of the codec get wrong.
class TestJsonSamples : public QObject
{
    Q_OBJECT

private slots:
    void decodesListNamespacesSample();
    void decodesCreateTableVersionSample();
    void decodesDescribeTableSample();
    void decodesListTableVersionsSample();
    void decodesBatchCommitRequestSample();
    void decodesBatchCommitResponseSample();
    void decodesListTableTagsSample();
    void decodesErrorResponseSample();
    void decodesDropNamespaceSample();
};

void TestJsonSamples::decodesListNamespacesSample()
{
    const auto response = json::decode<ListNamespacesResponse>(
        TestData::read(u"json/list-namespaces-response.json"_s));
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->namespaces, QStringList({u"accounting"_s, u"credits"_s}));
    QCOMPARE(response->pageToken, std::nullopt);
    QVERIFY(response->context.isEmpty());
}

void TestJsonSamples::decodesCreateTableVersionSample()
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
    QCOMPARE(JsonText::parsed(json::encode(*request)), JsonText::parsed(sample));
}

void TestJsonSamples::decodesDescribeTableSample()
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

void TestJsonSamples::decodesListTableVersionsSample()
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

void TestJsonSamples::decodesBatchCommitRequestSample()
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

void TestJsonSamples::decodesBatchCommitResponseSample()
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

void TestJsonSamples::decodesListTableTagsSample()
{
    const auto response = json::decode<ListTableTagsResponse>(
        TestData::read(u"json/list-table-tags-response.json"_s));
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->tags.keys(), QStringList({u"nightly.2026-07-01"_s, u"release"_s}));
    QVERIFY(response->tags.value(u"release"_s) == (TagContents{3, 584, std::nullopt}));
    QVERIFY(response->tags.value(u"nightly.2026-07-01"_s) == (TagContents{2, 500, u"dev"_s}));
    const QJsonObject release = JsonText::parsed(json::encode(*response))
                                    .value(u"tags"_s)
                                    .toObject()
                                    .value(u"release"_s)
                                    .toObject();
    QCOMPARE(JsonText::sortedKeys(release), QStringList({u"manifestSize"_s, u"version"_s}));
}

void TestJsonSamples::decodesErrorResponseSample()
{
    const auto error = json::decode<ErrorResponse>(TestData::read(u"json/error-response.json"_s));
    QVERIFY2(error, error ? "" : qPrintable(error.error().detail()));
    QCOMPARE(error->code, 14);
    QCOMPARE(error->error, u"Concurrent modification"_s);
    QCOMPARE(error->detail, u"version 3 of sales$orders already exists"_s);
    QCOMPARE(error->instance, u"/v1/table/batch-commit"_s);
    QVERIFY(error->context.isEmpty());
}

void TestJsonSamples::decodesDropNamespaceSample()
{
    const auto response = json::decode<DropNamespaceResponse>(
        TestData::read(u"json/drop-namespace-response.json"_s));
    QVERIFY2(response, response ? "" : qPrintable(response.error().detail()));
    QCOMPARE(response->transactionId, QStringList({u"tx-7"_s, u"tx-8"_s}));
    QCOMPARE(response->properties, (StringMap{{u"owner"_s, u"qa"_s}}));
}

LCB_TEST_GUILESS_MAIN(TestJsonSamples)
#include "TestJsonSamples.moc"
