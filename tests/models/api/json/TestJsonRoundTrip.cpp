// SPDX-License-Identifier: Apache-2.0
#include "SampleMessages.h"
#include "TestRegistry.h"
#include "api/JsonCodec.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using json::Format;
using lance::test::SampleMessages;

namespace {

const QString Unicode = SampleMessages::unicode();

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

} // namespace

/// Every message type survives encode -> decode, fully populated and with default values: the
/// codec's writer and reader agree on every field. What the text looks like is
/// TestJsonWireFormat's business; documents written by others are TestJsonSamples'.
class TestJsonRoundTrip : public QObject
{
    Q_OBJECT

private slots:
    void roundTripsCommonTypes();
    void roundTripsNamespaceMessages();
    void roundTripsTableMessages();
    void roundTripsVersionMessages();
    void roundTripsBatchMessages();
    void roundTripsTagMessages();
};

void TestJsonRoundTrip::roundTripsCommonTypes()
{
    QCOMPARE(roundTripProblem(SampleMessages::fullTableVersion()), QString());
    QCOMPARE(roundTripProblem(TableVersion{}), QString());
    QCOMPARE(roundTripProblem(VersionRange{SampleMessages::Min, SampleMessages::Max}), QString());
    QCOMPARE(roundTripProblem(VersionRange{}), QString());
    QCOMPARE(roundTripProblem(TagContents{
                 .version = SampleMessages::Max, .manifestSize = 584, .branch = Unicode}),
             QString());
    QCOMPARE(roundTripProblem(TagContents{}), QString());
    QCOMPARE(roundTripProblem(SampleMessages::fullSchema()), QString());
    QCOMPARE(roundTripProblem(JsonArrowSchema{}), QString());
    QCOMPARE(
        roundTripProblem(TableBasicStats{.numDeletedRows = SampleMessages::Max, .numFragments = 7}),
        QString());
    QCOMPARE(roundTripProblem(TableBasicStats{}), QString());
    QCOMPARE(roundTripProblem(ErrorResponse{.code = 14,
                                            .error = Unicode,
                                            .detail = u"line 1\nline 2\t\"quoted\""_s,
                                            .instance = u"/v1/table/batch-commit"_s,
                                            .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ErrorResponse{}), QString());
}

void TestJsonRoundTrip::roundTripsNamespaceMessages()
{
    QCOMPARE(roundTripProblem(ListNamespacesRequest{.id = SampleMessages::someTable(),
                                                    .pageToken = Unicode,
                                                    .limit = SampleMessages::Max,
                                                    .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListNamespacesRequest{}), QString());
    QCOMPARE(roundTripProblem(ListNamespacesResponse{.namespaces = {u"a"_s, Unicode},
                                                     .pageToken = u"a"_s,
                                                     .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListNamespacesResponse{}), QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceRequest{SampleMessages::someTable(),
                                                       SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceRequest{}), QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceResponse{SampleMessages::someMap(),
                                                        SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceResponse{std::nullopt, {}}), QString());
    QCOMPARE(roundTripProblem(DescribeNamespaceResponse{}), QString());
    QCOMPARE(roundTripProblem(CreateNamespaceRequest{.id = SampleMessages::someTable(),
                                                     .mode = CreateNamespaceMode::ExistOk,
                                                     .properties = SampleMessages::someMap(),
                                                     .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(CreateNamespaceRequest{}), QString());
    QCOMPARE(roundTripProblem(CreateNamespaceResponse{u"tx"_s, SampleMessages::someMap(),
                                                      SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(CreateNamespaceResponse{}), QString());
    QCOMPARE(roundTripProblem(DropNamespaceRequest{.id = SampleMessages::someTable(),
                                                   .mode = DropNamespaceMode::Skip,
                                                   .behavior = DropNamespaceBehavior::Cascade,
                                                   .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DropNamespaceRequest{}), QString());
    QCOMPARE(roundTripProblem(DropNamespaceResponse{
                 SampleMessages::someMap(), {u"tx-1"_s, Unicode}, SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DropNamespaceResponse{}), QString());
    QCOMPARE(roundTripProblem(NamespaceExistsRequest{SampleMessages::someTable(),
                                                     SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(NamespaceExistsRequest{}), QString());
}

void TestJsonRoundTrip::roundTripsTableMessages()
{
    QCOMPARE(roundTripProblem(ListTablesRequest{.id = SampleMessages::someTable(),
                                                .pageToken = u"t"_s,
                                                .limit = 0,
                                                .includeDeclared = false,
                                                .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTablesRequest{}), QString());
    QCOMPARE(roundTripProblem(
                 ListTablesResponse{{u"a"_s, Unicode}, u"next"_s, SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTablesResponse{}), QString());
    QCOMPARE(roundTripProblem(DescribeTableRequest{.id = SampleMessages::someTable(),
                                                   .version = SampleMessages::Max,
                                                   .tag = u"release"_s,
                                                   .branch = Unicode,
                                                   .withTableUri = true,
                                                   .loadDetailedMetadata = false,
                                                   .checkDeclared = true,
                                                   .vendCredentials = false,
                                                   .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DescribeTableRequest{}), QString());
    QCOMPARE(
        roundTripProblem(DescribeTableResponse{.table = Unicode,
                                               .namespacePath = QStringList{u"sales"_s},
                                               .version = SampleMessages::Max,
                                               .location = u"s3://bucket/t"_s,
                                               .tableUri = u"s3://bucket/t"_s,
                                               .schema = SampleMessages::fullSchema(),
                                               .storageOptions = SampleMessages::someMap(),
                                               .stats = TableBasicStats{1, SampleMessages::Max},
                                               .metadata = SampleMessages::someMap(),
                                               .properties = std::nullopt,
                                               .managedVersioning = true,
                                               .isOnlyDeclared = false,
                                               .context = SampleMessages::someContext()}),
        QString());
    DescribeTableResponse emptyLists;
    emptyLists.namespacePath = QStringList();
    emptyLists.schema = JsonArrowSchema{};
    QCOMPARE(roundTripProblem(emptyLists), QString());
    QCOMPARE(roundTripProblem(DescribeTableResponse{}), QString());
    QCOMPARE(roundTripProblem(
                 TableExistsRequest{SampleMessages::someTable(), 0, SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(TableExistsRequest{}), QString());
    QCOMPARE(roundTripProblem(RegisterTableRequest{.id = SampleMessages::someTable(),
                                                   .location = Unicode,
                                                   .mode = RegisterTableMode::Overwrite,
                                                   .properties = SampleMessages::someMap(),
                                                   .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(RegisterTableRequest{}), QString());
    QCOMPARE(roundTripProblem(RegisterTableResponse{u"tx"_s, Unicode, SampleMessages::someMap(),
                                                    SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(RegisterTableResponse{}), QString());
    QCOMPARE(roundTripProblem(SampleMessages::fullDeclareRequest()), QString());
    QCOMPARE(roundTripProblem(DeclareTableRequest{}), QString());
    QCOMPARE(roundTripProblem(SampleMessages::fullDeclareResponse()), QString());
    QCOMPARE(roundTripProblem(DeclareTableResponse{}), QString());
    QCOMPARE(roundTripProblem(DeregisterTableRequest{SampleMessages::someTable(),
                                                     SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DeregisterTableRequest{}), QString());
    QCOMPARE(roundTripProblem(SampleMessages::fullDeregisterResponse()), QString());
    QCOMPARE(roundTripProblem(DeregisterTableResponse{}), QString());
    QCOMPARE(roundTripProblem(
                 DropTableRequest{SampleMessages::someTable(), SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DropTableRequest{}), QString());
    QCOMPARE(roundTripProblem(DropTableResponse{.transactionId = u"tx"_s,
                                                .id = Identifier(),
                                                .location = Unicode,
                                                .properties = StringMap(),
                                                .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DropTableResponse{}), QString());
}

void TestJsonRoundTrip::roundTripsVersionMessages()
{
    QCOMPARE(roundTripProblem(ListTableVersionsRequest{.id = SampleMessages::someTable(),
                                                       .branch = u"dev"_s,
                                                       .pageToken = Unicode,
                                                       .limit = 1,
                                                       .descending = true,
                                                       .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTableVersionsRequest{}), QString());
    QCOMPARE(roundTripProblem(
                 ListTableVersionsResponse{{SampleMessages::fullTableVersion(), TableVersion{}},
                                           u"next"_s,
                                           SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTableVersionsResponse{}), QString());
    QCOMPARE(roundTripProblem(SampleMessages::fullCreateVersionRequest()), QString());
    QCOMPARE(roundTripProblem(CreateTableVersionRequest{}), QString());
    QCOMPARE(roundTripProblem(SampleMessages::fullCreateVersionResponse()), QString());
    QCOMPARE(roundTripProblem(CreateTableVersionResponse{}), QString());
    QCOMPARE(roundTripProblem(DescribeTableVersionRequest{SampleMessages::someTable(), 3, u"dev"_s,
                                                          SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DescribeTableVersionRequest{}), QString());
    QCOMPARE(roundTripProblem(DescribeTableVersionResponse{SampleMessages::fullTableVersion(),
                                                           SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DescribeTableVersionResponse{}), QString());
    QCOMPARE(roundTripProblem(SampleMessages::fullDeleteVersionsRequest()), QString());
    QCOMPARE(roundTripProblem(BatchDeleteTableVersionsRequest{}), QString());
    QCOMPARE(roundTripProblem(SampleMessages::fullDeleteVersionsResponse()), QString());
    QCOMPARE(roundTripProblem(BatchDeleteTableVersionsResponse{}), QString());
    const CreateTableVersionEntry entry{.id = SampleMessages::someTable(),
                                        .version = SampleMessages::Max,
                                        .manifestPath = Unicode,
                                        .manifestSize = 0,
                                        .eTag = u"e"_s,
                                        .metadata = SampleMessages::someMap(),
                                        .namingScheme = ManifestNamingScheme::V2,
                                        .branch = u"main"_s};
    QCOMPARE(roundTripProblem(entry), QString());
    QCOMPARE(roundTripProblem(CreateTableVersionEntry{}), QString());
    QCOMPARE(roundTripProblem(
                 BatchCreateTableVersionsRequest{{entry, {}}, SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(BatchCreateTableVersionsRequest{}), QString());
    QCOMPARE(roundTripProblem(BatchCreateTableVersionsResponse{
                 {SampleMessages::fullTableVersion()}, u"tx"_s, SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(BatchCreateTableVersionsResponse{}), QString());
}

void TestJsonRoundTrip::roundTripsBatchMessages()
{
    const BatchCommitTablesRequest request{
        .operations
        = {SampleMessages::fullDeclareRequest(), SampleMessages::fullCreateVersionRequest(),
           SampleMessages::fullDeleteVersionsRequest(),
           DeregisterTableRequest{SampleMessages::someTable(), {}}, DeclareTableRequest{}},
        .context = SampleMessages::someContext()};
    QCOMPARE(roundTripProblem(request), QString());
    QCOMPARE(roundTripProblem(BatchCommitTablesRequest{}), QString());

    DeclareTableResponse unsupportedProperties;
    unsupportedProperties.properties = std::nullopt;
    const BatchCommitTablesResponse response{
        .results
        = {SampleMessages::fullDeclareResponse(), SampleMessages::fullCreateVersionResponse(),
           SampleMessages::fullDeleteVersionsResponse(), SampleMessages::fullDeregisterResponse(),
           unsupportedProperties, CreateTableVersionResponse{}},
        .transactionId = u"batch-42"_s,
        .context = SampleMessages::someContext()};
    QCOMPARE(roundTripProblem(response), QString());
    QCOMPARE(roundTripProblem(BatchCommitTablesResponse{}), QString());
}

void TestJsonRoundTrip::roundTripsTagMessages()
{
    QCOMPARE(roundTripProblem(ListTableTagsRequest{SampleMessages::someTable(), u"p"_s, 10,
                                                   SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(ListTableTagsRequest{}), QString());
    const ListTableTagsResponse tags{
        .tags
        = {{u"release"_s, TagContents{3, 584, std::nullopt}},
           {u"a.b[0]\"x\""_s, TagContents{SampleMessages::Max, SampleMessages::Max, u"dev"_s}},
           {Unicode, TagContents{}}},
        .pageToken = u"next"_s,
        .context = SampleMessages::someContext()};
    QCOMPARE(roundTripProblem(tags), QString());
    QCOMPARE(roundTripProblem(ListTableTagsResponse{}), QString());
    QCOMPARE(roundTripProblem(GetTableTagVersionRequest{SampleMessages::someTable(), Unicode,
                                                        SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(GetTableTagVersionRequest{}), QString());
    QCOMPARE(roundTripProblem(GetTableTagVersionResponse{SampleMessages::Max, u"dev"_s,
                                                         SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(GetTableTagVersionResponse{}), QString());
    QCOMPARE(roundTripProblem(CreateTableTagRequest{.id = SampleMessages::someTable(),
                                                    .tag = Unicode,
                                                    .version = SampleMessages::Max,
                                                    .branch = u"dev"_s,
                                                    .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(CreateTableTagRequest{}), QString());
    QCOMPARE(roundTripProblem(UpdateTableTagRequest{.id = SampleMessages::someTable(),
                                                    .tag = Unicode,
                                                    .version = 0,
                                                    .branch = u"dev"_s,
                                                    .context = SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(UpdateTableTagRequest{}), QString());
    QCOMPARE(roundTripProblem(DeleteTableTagRequest{SampleMessages::someTable(), Unicode,
                                                    SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(DeleteTableTagRequest{}), QString());
    QCOMPARE(roundTripProblem(TableTagChangeResponse{u"tx"_s, SampleMessages::someContext()}),
             QString());
    QCOMPARE(roundTripProblem(TableTagChangeResponse{}), QString());
}

LCB_TEST_GUILESS_MAIN(TestJsonRoundTrip)
#include "TestJsonRoundTrip.moc"
