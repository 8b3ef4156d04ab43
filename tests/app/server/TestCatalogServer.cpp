// SPDX-License-Identifier: Apache-2.0
// Every operation of the real lance-catalog-server, end to end: the executable on 127.0.0.1,
// driven by the product's own RestClient (and, for what RestClient never sends, by raw HTTP).
#include "AwaitCall.h"
#include "CatalogServerProcess.h"
#include "HttpProbe.h"
#include "LanceFixture.h"
#include "MessageFactory.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "client/PageCollector.h"
#include "rest/RestClient.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::client;
using namespace lance::rest;
using lance::test::awaitCall;
using lance::test::CatalogServerProcess;
using lance::test::HttpProbe;
using lance::test::MessageFactory;
using lance::test::ResultCatcher;
using lance::test::whyFailed;

namespace {

Identifier id(const QString &text)
{
    return Identifier::parse(text).value();
}

} // namespace

class TestCatalogServer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void namespaces();
    void tables();
    void versions();
    void batchCreateTableVersions();
    void batchCommitAppliesEveryOperation();
    void failingBatchNamesTheOperationAndAppliesNothing();
    void tags();
    void tagListAnswersGetAndPost();
    void branchesOfATableLanceBranched();
    void pagesFollowRealTokens();
    void acceptsWhatTheLanceClientSends();
    void refusesABodyIdThatIsNotThePathId();
    void recordsEveryExchange();

private:
    template <typename Request> Result<ResponseOf<Request>> call(const Request &request)
    {
        return awaitCall(*m_client, request);
    }
    void declare(const QString &table);
    // A manifest written where a Lance writer stages it: `_versions/<n>.manifest-<uuid>`.
    QString stagedManifest(const QString &table, qint64 version);
    CreateTableVersionRequest versionRequest(const QString &table, qint64 version);

    std::unique_ptr<CatalogServerProcess> m_server;
    QNetworkAccessManager m_network;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<HttpProbe> m_probe;
};

void TestCatalogServer::initTestCase()
{
    m_server = std::make_unique<CatalogServerProcess>();
    QVERIFY2(m_server->start(), qPrintable(m_server->standardError()));
    RestClientConfig config;
    config.baseUrl = m_server->url();
    config.timeoutMs = 10000;
    config.retry.maxAttempts = 1; // a retry would hide a failure these tests must see
    m_client = std::make_unique<RestClient>(&m_network, config);
    QVERIFY(m_client->configCheck().hasValue());
    m_probe = std::make_unique<HttpProbe>(m_server->url());
}

void TestCatalogServer::cleanupTestCase()
{
    m_client.reset();
    QCOMPARE(m_server->stop(), std::optional<int>(0));
}

void TestCatalogServer::declare(const QString &table)
{
    const auto declared = call(MessageFactory::withId<DeclareTableRequest>(id(table)));
    QVERIFY2(declared, whyFailed(declared));
}

QString TestCatalogServer::stagedManifest(const QString &table, qint64 version)
{
    const QString folder
        = QDir(m_server->root()).filePath(id(table).names().join(u'/') + u".lance/_versions"_s);
    QDir().mkpath(folder);
    QString path = u"%1/%2.manifest-%3"_s.arg(folder).arg(version).arg(
        QUuid::createUuid().toString(QUuid::WithoutBraces));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(lance::test::TestFiles::manifest(version, 64 + version)) < 0) {
        qWarning("cannot stage %s", qPrintable(path));
    }
    return path;
}

CreateTableVersionRequest TestCatalogServer::versionRequest(const QString &table, qint64 version)
{
    auto request = MessageFactory::withId<CreateTableVersionRequest>(id(table));
    request.version = version;
    request.manifestPath = stagedManifest(table, version);
    request.manifestSize = 64 + version;
    request.namingScheme = ManifestNamingScheme::V2;
    return request;
}

void TestCatalogServer::namespaces()
{
    auto create = MessageFactory::withId<CreateNamespaceRequest>(id(u"sales"_s));
    create.properties = {{u"owner"_s, u"qa"_s}};
    const auto created = call(create);
    QVERIFY2(created, whyFailed(created));
    const auto nested = call(MessageFactory::withId<CreateNamespaceRequest>(id(u"sales$eu"_s)));
    QVERIFY2(nested, whyFailed(nested));
    const auto again = call(create);
    QVERIFY(!again);
    QCOMPARE(again.error().httpStatus(), 409);
    QCOMPARE(again.error().serverCode(), std::optional<int>(2));

    const auto children = call(MessageFactory::withId<ListNamespacesRequest>(id(u"sales"_s)));
    QVERIFY2(children, whyFailed(children));
    QCOMPARE(children->namespaces, QStringList{u"eu"_s});
    const auto described = call(MessageFactory::withId<DescribeNamespaceRequest>(id(u"sales"_s)));
    QVERIFY2(described, whyFailed(described));
    QCOMPARE(described->properties.value_or(StringMap()).value(u"owner"_s), u"qa"_s);

    auto update = MessageFactory::withId<UpdateNamespacePropertiesRequest>(id(u"sales"_s));
    update.updates = {{u"region"_s, u"eu"_s}};
    update.removals = {u"owner"_s};
    const auto updated = call(update);
    QVERIFY2(updated, whyFailed(updated));
    QCOMPARE(updated->properties, (StringMap{{u"region"_s, u"eu"_s}}));
    update.id = id(u"nowhere"_s);
    const auto notThere = call(update);
    QVERIFY(!notThere);
    QCOMPARE(notThere.error().httpStatus(), 404);

    const auto exists = call(MessageFactory::withId<NamespaceExistsRequest>(id(u"sales$eu"_s)));
    QVERIFY2(exists, whyFailed(exists));
    QVERIFY(exists->exists);
    const auto missing = call(MessageFactory::withId<NamespaceExistsRequest>(id(u"nowhere"_s)));
    QVERIFY2(missing, whyFailed(missing));
    QVERIFY(!missing->exists);

    const auto notEmpty = call(MessageFactory::withId<DropNamespaceRequest>(id(u"sales"_s)));
    QVERIFY(!notEmpty);
    QCOMPARE(notEmpty.error().serverCode(), std::optional<int>(3));
    const auto dropped = call(MessageFactory::withId<DropNamespaceRequest>(id(u"sales$eu"_s)));
    QVERIFY2(dropped, whyFailed(dropped));
    const auto gone = call(MessageFactory::withId<NamespaceExistsRequest>(id(u"sales$eu"_s)));
    QVERIFY2(gone, whyFailed(gone));
    QVERIFY(!gone->exists);
}

void TestCatalogServer::tables()
{
    declare(u"orders"_s);
    auto describe = MessageFactory::withId<DescribeTableRequest>(id(u"orders"_s));
    describe.checkDeclared = true;
    describe.withTableUri = true;
    const auto described = call(describe);
    QVERIFY2(described, whyFailed(described));
    QVERIFY(described->location.value_or(QString()).endsWith(u"/orders.lance"_s));
    QCOMPARE(described->managedVersioning, std::optional<bool>(true));
    QCOMPARE(described->isOnlyDeclared, std::optional<bool>(true));
    QVERIFY(described->tableUri.has_value());

    auto list = MessageFactory::withId<ListTablesRequest>(Identifier());
    auto listed = call(list);
    QVERIFY2(listed, whyFailed(listed));
    QVERIFY(listed->tables.contains(u"orders"_s));
    list.includeDeclared = false;
    listed = call(list);
    QVERIFY2(listed, whyFailed(listed));
    QVERIFY(!listed->tables.contains(u"orders"_s));

    const auto exists = call(MessageFactory::withId<TableExistsRequest>(id(u"orders"_s)));
    QVERIFY2(exists && exists->exists, whyFailed(exists));
    const auto deregistered = call(MessageFactory::withId<DeregisterTableRequest>(id(u"orders"_s)));
    QVERIFY2(deregistered, whyFailed(deregistered));
    const auto hidden = call(MessageFactory::withId<TableExistsRequest>(id(u"orders"_s)));
    QVERIFY2(hidden, whyFailed(hidden));
    QVERIFY(!hidden->exists);

    auto reRegister = MessageFactory::withId<RegisterTableRequest>(id(u"orders"_s));
    reRegister.location = *described->location;
    QVERIFY(QDir().mkpath(reRegister.location)); // as a Lance writer would have made it
    const auto registered = call(reRegister);
    QVERIFY2(registered, whyFailed(registered));
    const auto dropped = call(MessageFactory::withId<DropTableRequest>(id(u"orders"_s)));
    QVERIFY2(dropped, whyFailed(dropped));
    const auto missing = call(MessageFactory::withId<DescribeTableRequest>(id(u"orders"_s)));
    QVERIFY(!missing);
    QCOMPARE(missing.error().httpStatus(), 404);
    QCOMPARE(missing.error().serverCode(), std::optional<int>(4));
}

void TestCatalogServer::versions()
{
    declare(u"events"_s);
    for (qint64 version = 1; version <= 3; ++version) {
        const auto created = call(versionRequest(u"events"_s, version));
        QVERIFY2(created, whyFailed(created));
        QCOMPARE(created->version.value_or(TableVersion()).version, version);
    }
    const auto conflict = call(versionRequest(u"events"_s, 2));
    QVERIFY(!conflict);
    QCOMPARE(conflict.error().httpStatus(), 409);
    QCOMPARE(conflict.error().serverCode(), std::optional<int>(14));

    auto list = MessageFactory::withId<ListTableVersionsRequest>(id(u"events"_s));
    list.descending = true;
    const auto listed = call(list);
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(listed->versions.size(), 3);
    QCOMPARE(listed->versions.first().version, 3);
    QVERIFY(listed->versions.first().manifestPath.endsWith(u"18446744073709551612.manifest"_s));

    const auto latest = call(MessageFactory::withId<DescribeTableVersionRequest>(id(u"events"_s)));
    QVERIFY2(latest, whyFailed(latest));
    QCOMPARE(latest->version.version, 3);

    auto remove = MessageFactory::withId<BatchDeleteTableVersionsRequest>(id(u"events"_s));
    remove.ranges = {VersionRange{1, 3}};
    const auto deleted = call(remove);
    QVERIFY2(deleted, whyFailed(deleted));
    QCOMPARE(deleted->deletedCount, std::optional<qint64>(2));
    auto second = MessageFactory::withId<DescribeTableVersionRequest>(id(u"events"_s));
    second.version = 2;
    const auto gone = call(second);
    QVERIFY(!gone);
    QCOMPARE(gone.error().serverCode(), std::optional<int>(11));
}

void TestCatalogServer::batchCreateTableVersions()
{
    declare(u"left"_s);
    declare(u"right"_s);
    BatchCreateTableVersionsRequest batch;
    for (const QString &table : {u"left"_s, u"right"_s}) {
        const CreateTableVersionRequest one = versionRequest(table, 1);
        CreateTableVersionEntry entry;
        entry.id = one.id;
        entry.version = one.version;
        entry.manifestPath = one.manifestPath;
        entry.namingScheme = one.namingScheme;
        batch.entries.append(entry);
    }
    const auto created = call(batch);
    QVERIFY2(created, whyFailed(created));
    QCOMPARE(created->versions.size(), 2);
    QVERIFY(created->versions.at(1).manifestPath.contains(u"right.lance"_s));
}

void TestCatalogServer::batchCommitAppliesEveryOperation()
{
    declare(u"ledger"_s);
    QVERIFY(call(versionRequest(u"ledger"_s, 1)));
    BatchCommitTablesRequest batch;
    batch.operations.append(MessageFactory::withId<DeclareTableRequest>(id(u"journal"_s)));
    batch.operations.append(versionRequest(u"ledger"_s, 2));
    auto remove = MessageFactory::withId<BatchDeleteTableVersionsRequest>(id(u"ledger"_s));
    remove.ranges = {VersionRange{1, 2}};
    batch.operations.append(remove);
    const auto committed = call(batch);
    QVERIFY2(committed, whyFailed(committed));
    QCOMPARE(committed->results.size(), 3);
    QCOMPARE(commitResultKey(committed->results.at(0)), u"declare_table"_s);
    QCOMPARE(commitResultKey(committed->results.at(1)), u"create_table_version"_s);
    QCOMPARE(commitResultKey(committed->results.at(2)), u"delete_table_versions"_s);

    const auto journal = call(MessageFactory::withId<TableExistsRequest>(id(u"journal"_s)));
    QVERIFY2(journal && journal->exists, whyFailed(journal));
    const auto versions = call(MessageFactory::withId<ListTableVersionsRequest>(id(u"ledger"_s)));
    QVERIFY2(versions, whyFailed(versions));
    QCOMPARE(versions->versions.size(), 1);
    QCOMPARE(versions->versions.first().version, 2);
}

void TestCatalogServer::failingBatchNamesTheOperationAndAppliesNothing()
{
    BatchCommitTablesRequest batch;
    batch.operations.append(MessageFactory::withId<DeclareTableRequest>(id(u"phantom"_s)));
    batch.operations.append(versionRequest(u"no_such_table"_s, 1));
    const auto failed = call(batch);
    QVERIFY(!failed);
    QCOMPARE(failed.error().httpStatus(), 404);
    QCOMPARE(failed.error().serverCode(), std::optional<int>(4));
    QCOMPARE(failed.error().context().value(u"failed_operation_index"_s), u"1"_s);
    QCOMPARE(failed.error().context().value(u"failed_operation_kind"_s), u"create_table_version"_s);

    const auto phantom = call(MessageFactory::withId<TableExistsRequest>(id(u"phantom"_s)));
    QVERIFY2(phantom, whyFailed(phantom));
    QVERIFY(!phantom->exists); // the declare before the failure was rolled back
}

void TestCatalogServer::tags()
{
    declare(u"tagged"_s);
    QVERIFY(call(versionRequest(u"tagged"_s, 1)));
    QVERIFY(call(versionRequest(u"tagged"_s, 2)));
    auto create = MessageFactory::withId<CreateTableTagRequest>(id(u"tagged"_s));
    create.tag = u"release"_s;
    create.version = 1;
    const auto created = call(create);
    QVERIFY2(created, whyFailed(created));
    QCOMPARE(call(create).error().serverCode(), std::optional<int>(9));

    auto update = MessageFactory::withId<UpdateTableTagRequest>(id(u"tagged"_s));
    update.tag = u"release"_s;
    update.version = 2;
    const auto updated = call(update);
    QVERIFY2(updated, whyFailed(updated));
    auto get = MessageFactory::withId<GetTableTagVersionRequest>(id(u"tagged"_s));
    get.tag = u"release"_s;
    const auto version = call(get);
    QVERIFY2(version, whyFailed(version));
    QCOMPARE(version->version, 2);

    const auto listed = call(MessageFactory::withId<ListTableTagsRequest>(id(u"tagged"_s)));
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(listed->tags.keys(), QStringList{u"release"_s});
    QCOMPARE(listed->tags.value(u"release"_s).version, 2);

    auto remove = MessageFactory::withId<DeleteTableTagRequest>(id(u"tagged"_s));
    remove.tag = u"release"_s;
    const auto deleted = call(remove);
    QVERIFY2(deleted, whyFailed(deleted));
    const auto missing = call(get);
    QVERIFY(!missing);
    QCOMPARE(missing.error().serverCode(), std::optional<int>(8));
}

void TestCatalogServer::tagListAnswersGetAndPost()
{
    declare(u"both"_s);
    QVERIFY(call(versionRequest(u"both"_s, 1)));
    auto create = MessageFactory::withId<CreateTableTagRequest>(id(u"both"_s));
    create.tag = u"v1"_s;
    create.version = 1;
    QVERIFY(call(create));

    for (const QByteArray &method : {QByteArray("GET"), QByteArray("POST")}) {
        const auto reply
            = m_probe->send(method, "/v1/table/both/tags/list?delimiter=$",
                            method == "POST" ? std::optional<QByteArray>("{}") : std::nullopt);
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.json().value(u"tags"_s).toObject().value(u"v1"_s)[u"version"_s].toInt(), 1);
    }
}

void TestCatalogServer::branchesOfATableLanceBranched()
{
    QVERIFY(lance::test::LanceFixture::copyInto(u"branches/orders.lance"_s, m_server->root(),
                                                u"branched.lance"_s));
    auto registration = MessageFactory::withId<RegisterTableRequest>(id(u"branched"_s));
    registration.location = QDir(m_server->root()).filePath(u"branched.lance"_s);
    const auto registered = call(registration);
    QVERIFY2(registered, whyFailed(registered));

    // Page by page over the wire (the exchanges are checked against the spec's schemas).
    auto list = MessageFactory::withId<ListTableBranchesRequest>(id(u"branched"_s));
    list.limit = 1;
    const auto first = call(list);
    QVERIFY2(first, whyFailed(first));
    QCOMPARE(first->branches.keys(), QStringList{u"dev"_s});
    QCOMPARE(first->branches.value(u"dev"_s).parentVersion, 2);
    QVERIFY(first->pageToken);
    list.pageToken = first->pageToken;
    const auto second = call(list);
    QVERIFY2(second, whyFailed(second));
    QCOMPARE(second->branches.keys(), QStringList{u"dev/fix"_s});
    QCOMPARE(second->branches.value(u"dev/fix"_s).parentBranch, std::optional(u"dev"_s));
    QVERIFY(!second->pageToken);

    const auto missing = call(MessageFactory::withId<ListTableBranchesRequest>(id(u"nope"_s)));
    QVERIFY(!missing);
    QCOMPARE(missing.error().httpStatus(), 404);
}

void TestCatalogServer::pagesFollowRealTokens()
{
    QVERIFY(call(MessageFactory::withId<CreateNamespaceRequest>(id(u"paged"_s))));
    const QStringList names{u"p1"_s, u"p2"_s, u"p3"_s, u"p4"_s, u"p5"_s, u"p6"_s, u"p7"_s};
    for (const QString &name : names) {
        QVERIFY(call(MessageFactory::withId<CreateNamespaceRequest>(id(u"paged$"_s + name))));
    }
    auto first = MessageFactory::withId<ListNamespacesRequest>(id(u"paged"_s));
    first.limit = 3;
    const auto page = call(first);
    QVERIFY2(page, whyFailed(page));
    QCOMPARE(page->namespaces.size(), 3);
    QVERIFY(!page->pageToken.value_or(QString()).isEmpty());

    ResultCatcher<ListNamespacesResponse> all;
    PageCollector::collectAll(*m_client, first, this, all.callback());
    QTRY_VERIFY_WITH_TIMEOUT(all.done(), 10000);
    QVERIFY2(all.succeeded(), qPrintable(all.result() ? QString() : all.error().details()));
    QCOMPARE(all.value().namespaces, names);
}

void TestCatalogServer::acceptsWhatTheLanceClientSends()
{
    declare(u"lance"_s);
    QVERIFY(call(versionRequest(u"lance"_s, 1)));
    // Recorded from @lancedb/lancedb 0.31.0 (notes §10.2): `%24` for the root, a JSON null on
    // version/list, the id repeated in a DropTable body the spec does not define.
    auto reply = m_probe->send("GET", "/v1/namespace/%24/table/list?delimiter=$");
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.json().value(u"tables"_s).toArray().contains(u"lance"_s));
    reply
        = m_probe->send("POST", "/v1/table/lance/version/list?delimiter=$&limit=1&descending=true",
                        QByteArray("null"));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json().value(u"versions"_s).toArray().size(), 1);
    reply = m_probe->send("POST", "/v1/table/lance/describe?delimiter=$",
                          QByteArray(R"({"id":["lance"]})"));
    QCOMPARE(reply.status, 200);
    reply = m_probe->send("POST", "/v1/table/lance/drop?delimiter=$",
                          QByteArray(R"({"id":["lance"]})"));
    QCOMPARE(reply.status, 200);
    reply = m_probe->send("POST", "/v1/table/lance/exists?delimiter=$", QByteArray("{}"));
    QCOMPARE(reply.status, 404);
    QCOMPARE(reply.json().value(u"code"_s).toInt(), 4);
    // Another delimiter, and `$` sent literally.
    QVERIFY(call(MessageFactory::withId<CreateNamespaceRequest>(id(u"dotted"_s))));
    reply
        = m_probe->send("POST", "/v1/namespace/dotted.inner/create?delimiter=.", QByteArray("{}"));
    QCOMPARE(reply.status, 200);
    reply = m_probe->send("POST", "/v1/namespace/dotted$inner/exists", QByteArray("{}"));
    QCOMPARE(reply.status, 200);
}

void TestCatalogServer::refusesABodyIdThatIsNotThePathId()
{
    declare(u"mine"_s);
    const auto reply = m_probe->send("POST", "/v1/table/mine/describe?delimiter=$",
                                     QByteArray(R"({"id":["theirs"]})"));
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.json().value(u"code"_s).toInt(), 13);
    QCOMPARE(reply.json().value(u"instance"_s).toString(), u"/v1/table/mine/describe"_s);
    // An empty list is no id at all: the path's is used.
    QCOMPARE(m_probe->send("POST", "/v1/table/mine/describe", QByteArray(R"({"id":[]})")).status,
             200);
}

void TestCatalogServer::recordsEveryExchange()
{
    QTemporaryDir logDir;
    const QString logPath = logDir.filePath(u"exchanges.jsonl"_s);
    CatalogServerProcess server;
    QVERIFY2(server.start({}, {u"--exchange-log"_s, logPath, u"--quiet"_s}),
             qPrintable(server.standardError()));
    HttpProbe probe(server.url());
    QCOMPARE(probe.send("POST", "/v1/namespace/logged/create", QByteArray("{}")).status, 200);
    QCOMPARE(probe.send("GET", "/v1/namespace/%24/list").status, 200);
    QCOMPARE(probe.send("GET", "/v1/nothing/here").status, 404);
    QCOMPARE(server.stop(), std::optional<int>(0));
    QVERIFY(server.standardError().isEmpty()); // --quiet: no access log

    QFile file(logPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    const QJsonObject create = QJsonDocument::fromJson(lines.at(0)).object();
    QCOMPARE(create.value(u"operation"_s).toString(), u"CreateNamespace"_s);
    QCOMPARE(create.value(u"method"_s).toString(), u"POST"_s);
    QCOMPARE(create.value(u"path"_s).toString(), u"/v1/namespace/logged/create"_s);
    QCOMPARE(create.value(u"status"_s).toInt(), 200);
    QVERIFY(create.value(u"request"_s).isObject());
    QVERIFY(create.value(u"response"_s).isObject());
    const QJsonObject list = QJsonDocument::fromJson(lines.at(1)).object();
    QCOMPARE(list.value(u"operation"_s).toString(), u"ListNamespaces"_s);
    QVERIFY(list.value(u"request"_s).isNull());
    QVERIFY(list.value(u"response"_s)
                .toObject()
                .value(u"namespaces"_s)
                .toArray()
                .contains(u"logged"_s));
    const QJsonObject unknown = QJsonDocument::fromJson(lines.at(2)).object();
    QVERIFY(unknown.value(u"operation"_s).isNull());
    QCOMPARE(unknown.value(u"response"_s).toObject().value(u"code"_s).toInt(), 0);
}

LCB_TEST_GUILESS_MAIN(TestCatalogServer)
#include "TestCatalogServer.moc"
