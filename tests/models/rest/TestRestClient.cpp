// SPDX-License-Identifier: Apache-2.0
// RestClient over real sockets: what goes on the wire and how answers become results.
#include "MessageFactory.h"
#include "RestTestIds.h"
#include "ResultCatcher.h"
#include "ScriptedHttpServer.h"
#include "TestRegistry.h"
#include "rest/RestClient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::RestTestIds;
using namespace lance::api;
using namespace lance::rest;
using lance::test::MessageFactory;
using lance::test::RecordedRequest;
using lance::test::ResultCatcher;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;

namespace {

RestClientConfig configFor(const ScriptedHttpServer &server)
{
    RestClientConfig config;
    config.baseUrl = server.url();
    config.timeoutMs = 5000;
    return config;
}

QJsonObject jsonOf(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object();
}

} // namespace

Q_DECLARE_METATYPE(ScriptedResponse)

class TestRestClient : public QObject
{
    Q_OBJECT

private slots:
    void sendsTheApiKeyButNeverShowsIt();
    void sendsTheBearerToken();
    void encodesIdentifiersOnTheWire_data();
    void encodesIdentifiersOnTheWire();
    void carriesContextHeadersBothWays();
    void acceptsCreatedAndNoContent();
    void emptySuccessNeedsNoRequiredField();
    void answersExists();
    void readsJsonErrorBodies();
    void fallsBackToTheStatusForTextErrors();
    void recognisesUnsupportedAnswers_data();
    void recognisesUnsupportedAnswers();
    void recognisesConflicts();
    void namesTheOperationInDecodeErrors();
    void fallsBackToGetForTagLists();
    void refusesInvalidIdentifiersWithoutSending();
    void refusesEverythingWithABadConfiguration();
    void preparesWhatItSends();
};

void TestRestClient::sendsTheApiKeyButNeverShowsIt()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"POST /v1/namespace/sales/describe"_s,
                   ScriptedResponse::json(401, R"({"code":16,"error":"Bad credentials"})"));
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server);
    config.auth = AuthMethod::ApiKey;
    config.secret = u"sk-very-secret"_s;
    RestClient client(&network, config);

    ResultCatcher<DescribeNamespaceResponse> catcher;
    client.call(MessageFactory::withId<DescribeNamespaceRequest>(RestTestIds::Sales), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());

    QCOMPARE(server.requestCount(), 1);
    const RecordedRequest request = server.requests().first();
    QCOMPARE(request.method, QByteArray("POST"));
    QCOMPARE(request.target, QByteArray("/v1/namespace/sales/describe?delimiter=$"));
    QCOMPARE(request.header("x-api-key"), QByteArray("sk-very-secret"));
    QVERIFY(!request.hasHeader("Authorization"));
    QCOMPARE(request.header("Accept"), QByteArray("application/json"));
    QCOMPARE(request.header("Content-Type"), QByteArray("application/json"));
    QCOMPARE(jsonOf(request.body), (QJsonObject{{u"id"_s, QJsonArray{u"sales"_s}}}));

    QVERIFY(!catcher.succeeded());
    const ApiError &error = catcher.error();
    QCOMPARE(error.kind(), ApiError::Kind::Http);
    QCOMPARE(error.httpStatus(), 401);
    QVERIFY(error.isAuthError());
    QCOMPARE(error.userMessage(), u"DescribeNamespace failed: Bad credentials (HTTP 401, "
                                  "Unauthenticated)."_s);
    QVERIFY(!error.details().contains(u"sk-very-secret"_s));
    QVERIFY(!error.url().toString().contains(u"sk-very-secret"_s));
}

void TestRestClient::sendsTheBearerToken()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"GET /v1/namespace/sales/list"_s,
                   ScriptedResponse::json(200, R"({"namespaces":["eu","us"]})"));
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server);
    config.auth = AuthMethod::BearerToken;
    config.secret = u"t0k3n"_s;
    RestClient client(&network, config);

    ResultCatcher<ListNamespacesResponse> catcher;
    client.call(MessageFactory::withId<ListNamespacesRequest>(RestTestIds::Sales), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QCOMPARE(catcher.value().namespaces, (QStringList{u"eu"_s, u"us"_s}));
    QCOMPARE(catcher.value().pageToken, std::nullopt);

    const RecordedRequest request = server.requests().first();
    QCOMPARE(request.method, QByteArray("GET"));
    QCOMPARE(request.header("Authorization"), QByteArray("Bearer t0k3n"));
    QVERIFY(!request.hasHeader("x-api-key"));
    QVERIFY(!request.hasHeader("Content-Type"));
    QVERIFY(request.body.isEmpty());
}

void TestRestClient::encodesIdentifiersOnTheWire_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QString>("path");
    QTest::newRow("root") << QStringList() << QByteArray("/v1/namespace/%24/list?delimiter=$")
                          << u"/v1/namespace/$/list"_s;
    QTest::newRow("nested") << QStringList{u"qa"_s, u"events"_s}
                            << QByteArray("/v1/namespace/qa%24events/list?delimiter=$")
                            << u"/v1/namespace/qa$events/list"_s;
    QTest::newRow("slash") << QStringList{u"a/b"_s}
                           << QByteArray("/v1/namespace/a%2Fb/list?delimiter=$")
                           << u"/v1/namespace/a/b/list"_s;
    QTest::newRow("unicode") << QStringList{u"\u00fcber"_s}
                             << QByteArray("/v1/namespace/%C3%BCber/list?delimiter=$")
                             << u"/v1/namespace/\u00fcber/list"_s;
}

void TestRestClient::encodesIdentifiersOnTheWire()
{
    QFETCH(QStringList, names);
    QFETCH(QByteArray, target);
    QFETCH(QString, path);
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.setDefault(u"GET /v1/namespace/*/list"_s,
                      ScriptedResponse::json(200, R"({"namespaces":[]})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<ListNamespacesResponse> catcher;
    client.call(MessageFactory::withId<ListNamespacesRequest>(Identifier(names)), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    const RecordedRequest request = server.requests().first();
    QCOMPARE(request.target, target);
    QCOMPARE(request.path, path);
    QCOMPARE(request.queryValue(u"delimiter"_s), u"$"_s);
}

void TestRestClient::carriesContextHeadersBothWays()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"POST /v1/table/sales%24orders/describe"_s,
                   ScriptedResponse::json(200, R"({"location":"s3://b/orders.lance",)"
                                               R"("context":{"shard":"7"}})")
                       .withHeader("X-Request-Id", "req-42"));
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server);
    config.extraHeaders = {{"X-Tenant", "acme"}};
    RestClient client(&network, config);

    DescribeTableRequest describe
        = MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders);
    describe.context = {{u"header.x-trace-id"_s, u"trace-1"_s},
                        {u"headers.x-client"_s, u"lcb"_s},
                        {u"purpose"_s, u"test"_s}};
    ResultCatcher<DescribeTableResponse> catcher;
    client.call(describe, this, catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());

    const RecordedRequest request = server.requests().first();
    QCOMPARE(request.header("x-trace-id"), QByteArray("trace-1"));
    QCOMPARE(request.header("x-client"), QByteArray("lcb"));
    QCOMPARE(request.header("X-Tenant"), QByteArray("acme"));
    QCOMPARE(jsonOf(request.body).value(u"context"_s).toObject(),
             (QJsonObject{{u"purpose"_s, u"test"_s}}));

    const DescribeTableResponse &response = catcher.value();
    QCOMPARE(response.location, u"s3://b/orders.lance"_s);
    QCOMPARE(response.context.value(u"header.x-request-id"_s), u"req-42"_s);
    QCOMPARE(response.context.value(u"header.content-type"_s), u"application/json"_s);
    QCOMPARE(response.context.value(u"shard"_s), u"7"_s);
}

void TestRestClient::acceptsCreatedAndNoContent()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(
        u"POST /v1/table/sales%24orders/declare"_s,
        ScriptedResponse::json(201, R"({"location":"s3://b/o","managed_versioning":true})"));
    server.enqueue(u"POST /v1/table/sales%24orders/drop"_s, ScriptedResponse::empty(204));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<DeclareTableResponse> declared;
    client.call(MessageFactory::withId<DeclareTableRequest>(RestTestIds::Orders), this,
                declared.callback());
    ResultCatcher<DropTableResponse> dropped;
    client.call(MessageFactory::withId<DropTableRequest>(RestTestIds::Orders), this,
                dropped.callback());
    QTRY_VERIFY(declared.done() && dropped.done());
    QVERIFY(declared.succeeded());
    QCOMPARE(declared.value().location, u"s3://b/o"_s);
    QCOMPARE(declared.value().managedVersioning, true);
    QVERIFY(dropped.succeeded());
    QCOMPARE(dropped.value().transactionId, std::nullopt);

    // DropTable has no body on the wire, but a length, so the server does not wait for one.
    const QList<RecordedRequest> requests = server.requests();
    QCOMPARE(requests.size(), 2);
    for (const RecordedRequest &request : requests) {
        if (request.rawPath.endsWith("/drop")) {
            QVERIFY(request.body.isEmpty());
            QCOMPARE(request.header("Content-Length"), QByteArray("0"));
            QVERIFY(!request.hasHeader("Content-Type"));
        }
    }
}

void TestRestClient::emptySuccessNeedsNoRequiredField()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"GET /v1/namespace/sales/list"_s, ScriptedResponse::empty(204));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<ListNamespacesResponse> catcher;
    client.call(MessageFactory::withId<ListNamespacesRequest>(RestTestIds::Sales), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(!catcher.succeeded());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Decode);
    QCOMPARE(catcher.error().operation(), u"ListNamespaces"_s);
    QVERIFY(catcher.error().detail().startsWith(u"namespaces"_s));
}

void TestRestClient::answersExists()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"POST /v1/namespace/sales/exists"_s,
                   ScriptedResponse::empty(204).withHeader("X-Request-Id", "r1"));
    server.enqueue(u"POST /v1/table/sales%24orders/exists"_s,
                   ScriptedResponse::json(404, R"({"code":4,"error":"Table not found"})"));
    server.enqueue(u"POST /v1/table/sales%24orders/exists"_s, ScriptedResponse::empty(404));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<ExistsResponse> namespaceExists;
    client.call(MessageFactory::withId<NamespaceExistsRequest>(RestTestIds::Sales), this,
                namespaceExists.callback());
    QTRY_VERIFY(namespaceExists.done());
    QVERIFY(namespaceExists.succeeded());
    QCOMPARE(namespaceExists.value().exists, true);
    QCOMPARE(namespaceExists.value().context.value(u"header.x-request-id"_s), u"r1"_s);

    ResultCatcher<ExistsResponse> tableMissing;
    client.call(MessageFactory::withId<TableExistsRequest>(RestTestIds::Orders), this,
                tableMissing.callback());
    QTRY_VERIFY(tableMissing.done());
    QVERIFY(tableMissing.succeeded());
    QCOMPARE(tableMissing.value().exists, false);

    // A 404 without the spec's error body is a missing route, not a missing table.
    ResultCatcher<ExistsResponse> noRoute;
    client.call(MessageFactory::withId<TableExistsRequest>(RestTestIds::Orders), this,
                noRoute.callback());
    QTRY_VERIFY(noRoute.done());
    QVERIFY(!noRoute.succeeded());
    QVERIFY(noRoute.error().isUnsupported());
    QCOMPARE(noRoute.error().operation(), u"TableExists"_s);
}

void TestRestClient::readsJsonErrorBodies()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"POST /v1/table/sales%24orders/describe"_s,
                   ScriptedResponse::json(404,
                                          R"({"code":4,"error":"Table sales$orders not found",)"
                                          R"("detail":"no such row","instance":"/x/1"})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(!catcher.succeeded());
    const ApiError &error = catcher.error();
    QCOMPARE(error.kind(), ApiError::Kind::Http);
    QCOMPARE(error.operation(), u"DescribeTable"_s);
    QCOMPARE(error.httpStatus(), 404);
    QCOMPARE(error.serverCode(), std::optional<int>(4));
    QCOMPARE(error.serverError(), u"Table sales$orders not found"_s);
    QCOMPARE(error.serverDetail(), u"no such row"_s);
    QCOMPARE(error.serverInstance(), u"/x/1"_s);
    QVERIFY(error.isNotFound());
    QVERIFY(!error.isUnsupported());
    QCOMPARE(error.url().path(QUrl::FullyEncoded), u"/v1/table/sales%24orders/describe"_s);
}

void TestRestClient::fallsBackToTheStatusForTextErrors()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"POST /v1/table/sales%24orders/register"_s,
                   ScriptedResponse::text(422, "Failed to deserialize the JSON body"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    RegisterTableRequest registration
        = MessageFactory::withId<RegisterTableRequest>(RestTestIds::Orders);
    registration.location = u"s3://b/o.lance"_s;
    ResultCatcher<RegisterTableResponse> catcher;
    client.call(registration, this, catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(!catcher.succeeded());
    const ApiError &error = catcher.error();
    QCOMPARE(error.httpStatus(), 422);
    QCOMPARE(error.serverCode(), std::nullopt);
    QVERIFY(!error.hasErrorBody());
    QCOMPARE(error.detail(), u"Failed to deserialize the JSON body"_s);
    QCOMPARE(error.userMessage(),
             u"RegisterTable failed: Failed to deserialize the JSON body (HTTP 422)."_s);
}

void TestRestClient::recognisesUnsupportedAnswers_data()
{
    QTest::addColumn<ScriptedResponse>("answer");
    QTest::newRow("404 without body") << ScriptedResponse::empty(404);
    QTest::newRow("405") << ScriptedResponse::text(405, "Method Not Allowed");
    QTest::newRow("406 code 0") << ScriptedResponse::json(
        406, R"({"code":0,"error":"batch commit not supported"})");
    QTest::newRow("501") << ScriptedResponse::empty(501);
}

void TestRestClient::recognisesUnsupportedAnswers()
{
    QFETCH(ScriptedResponse, answer);
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"POST /v1/table/batch-commit"_s, answer);
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    BatchCommitTablesRequest batch;
    batch.operations.append(MessageFactory::withId<DeregisterTableRequest>(RestTestIds::Orders));
    ResultCatcher<BatchCommitTablesResponse> catcher;
    client.call(batch, this, catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(!catcher.succeeded());
    QCOMPARE(catcher.error().httpStatus(), answer.status);
    QVERIFY(catcher.error().isUnsupported());
    QVERIFY(!catcher.error().isConflict());
    QCOMPARE(server.requestCount(), 1); // a write: never retried
}

void TestRestClient::recognisesConflicts()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"POST /v1/table/sales%24orders/version/create"_s,
                   ScriptedResponse::json(409, R"({"code":14,"error":"Version 3 exists"})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    CreateTableVersionRequest create
        = MessageFactory::withId<CreateTableVersionRequest>(RestTestIds::Orders);
    create.version = 3;
    create.manifestPath = u"b/o.lance/_versions/3.manifest-tmp"_s;
    ResultCatcher<CreateTableVersionResponse> catcher;
    client.call(create, this, catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(!catcher.succeeded());
    QVERIFY(catcher.error().isConflict());
    QCOMPARE(catcher.error().serverCode(), std::optional<int>(14));
    QCOMPARE(catcher.error().serverCodeName(), u"ConcurrentModification"_s);
    const QJsonObject body = jsonOf(server.requests().first().body);
    QCOMPARE(body.value(u"version"_s).toInteger(), 3);
    QCOMPARE(body.value(u"manifest_path"_s).toString(), u"b/o.lance/_versions/3.manifest-tmp"_s);
}

void TestRestClient::namesTheOperationInDecodeErrors()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"POST /v1/table/sales%24orders/version/describe"_s,
                   ScriptedResponse::json(200, R"({"version":{"version":"seven"}})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<DescribeTableVersionResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableVersionRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(!catcher.succeeded());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Decode);
    QCOMPARE(catcher.error().operation(), u"DescribeTableVersion"_s);
    QVERIFY(catcher.error().detail().startsWith(u"version.version"_s));
}

void TestRestClient::fallsBackToGetForTagLists()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.setDefault(u"POST /v1/table/sales%24orders/tags/list"_s,
                      ScriptedResponse::text(405, "Method Not Allowed"));
    server.setDefault(u"GET /v1/table/sales%24orders/tags/list"_s,
                      ScriptedResponse::json(200, R"({"tags":{"v1":{"version":1,)"
                                                  R"("manifestSize":512}}})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));
    QCOMPARE(
        client.prepare(MessageFactory::withId<ListTableTagsRequest>(RestTestIds::Orders))->method,
        QByteArray("POST"));

    ResultCatcher<ListTableTagsResponse> first;
    client.call(MessageFactory::withId<ListTableTagsRequest>(RestTestIds::Orders), this,
                first.callback());
    QTRY_VERIFY(first.done());
    QVERIFY(first.succeeded());
    QCOMPARE(first.value().tags.value(u"v1"_s).version, 1);
    QCOMPARE(first.value().tags.value(u"v1"_s).manifestSize, 512);
    QCOMPARE(server.requestCount(), 2);
    QCOMPARE(server.requests().at(0).method, QByteArray("POST"));
    QCOMPARE(server.requests().at(1).method, QByteArray("GET"));
    QCOMPARE(server.requests().at(1).target,
             QByteArray("/v1/table/sales%24orders/tags/list?delimiter=$"));

    // Remembered: the next call goes straight to GET.
    ResultCatcher<ListTableTagsResponse> second;
    client.call(MessageFactory::withId<ListTableTagsRequest>(RestTestIds::Orders), this,
                second.callback());
    QTRY_VERIFY(second.done());
    QVERIFY(second.succeeded());
    QCOMPARE(server.requestCount(), 3);
    QCOMPARE(server.requests().at(2).method, QByteArray("GET"));
    QCOMPARE(
        client.prepare(MessageFactory::withId<ListTableTagsRequest>(RestTestIds::Orders))->method,
        QByteArray("GET"));
}

void TestRestClient::refusesInvalidIdentifiersWithoutSending()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<DescribeTableResponse> catcher;
    const RequestHandle handle = client.call(
        MessageFactory::withId<DescribeTableRequest>(Identifier({u"sales"_s, u"a$b"_s})), this,
        catcher.callback());
    QVERIFY(!catcher.done()); // never inside the call
    QVERIFY(handle.isRunning());
    QTRY_VERIFY(catcher.done());
    QCOMPARE(catcher.calls(), 1);
    QCOMPARE(catcher.error().kind(), ApiError::Kind::InvalidInput);
    QCOMPARE(catcher.error().userMessage(),
             u"The table identifier [\"sales\", \"a$b\"] is not valid: the name \"a$b\" contains "
             "the delimiter \"$\"."_s);
    QTRY_VERIFY(!handle.isRunning());
    QCOMPARE(server.requestCount(), 0);
}

void TestRestClient::refusesEverythingWithABadConfiguration()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server);
    config.auth = AuthMethod::BearerToken; // but no token
    RestClient client(&network, config);
    QVERIFY(!client.configCheck().hasValue());
    QCOMPARE(client.configCheck().error().userMessage(),
             u"The bearer token is empty, but the connection is set to authenticate with one."_s);

    ResultCatcher<ListNamespacesResponse> catcher;
    client.call(MessageFactory::withId<ListNamespacesRequest>(Identifier()), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::InvalidInput);
    QCOMPARE(catcher.error().userMessage(), client.configCheck().error().userMessage());
    QCOMPARE(server.requestCount(), 0);
}

void TestRestClient::preparesWhatItSends()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(u"POST /v1/table/batch-commit"_s,
                   ScriptedResponse::json(200, R"({"results":[{"deregister_table":{}}],)"
                                               R"("transaction_id":"tx-9"})"));
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server);
    config.auth = AuthMethod::ApiKey;
    config.secret = u"key"_s;
    RestClient client(&network, config);

    BatchCommitTablesRequest batch;
    batch.operations.append(MessageFactory::withId<DeregisterTableRequest>(RestTestIds::Orders));
    const Result<PreparedRequest> prepared = client.prepare(batch);
    QVERIFY(prepared);
    ResultCatcher<BatchCommitTablesResponse> catcher;
    client.call(batch, this, catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QCOMPARE(catcher.value().transactionId, u"tx-9"_s);
    QCOMPARE(catcher.value().results.size(), 1);
    QCOMPARE(catcher.value().results.first().index(), std::size_t(3)); // deregister_table

    const RecordedRequest sent = server.requests().first();
    QCOMPARE(prepared->url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority), sent.target);
    QCOMPARE(prepared->body, sent.body);
    QCOMPARE(jsonOf(sent.body).value(u"operations"_s).toArray().first().toObject(),
             (QJsonObject{{u"deregister_table"_s,
                           QJsonObject{{u"id"_s, QJsonArray{u"sales"_s, u"orders"_s}}}}}));
    for (const auto &[name, value] : prepared->headers) {
        QCOMPARE(sent.header(name), value);
    }
}

LCB_TEST_GUILESS_MAIN(TestRestClient)
#include "TestRestClient.moc"
