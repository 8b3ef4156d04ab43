// SPDX-License-Identifier: Apache-2.0
// PageCollector over RestClient and a real server: following page tokens to the end.
#include "MessageFactory.h"
#include "ResultCatcher.h"
#include "ScriptedHttpServer.h"
#include "TestRegistry.h"
#include "client/PageCollector.h"
#include "rest/RestClient.h"

#include <QNetworkAccessManager>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::client;
using namespace lance::rest;
using lance::test::MessageFactory;
using lance::test::RecordedRequest;
using lance::test::ResultCatcher;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;

namespace {

const Identifier Sales{QStringList{u"sales"_s}};
const Identifier Orders{QStringList{u"sales"_s, u"orders"_s}};
const QString ListTables = u"GET /v1/namespace/sales/table/list"_s;
const QString ListVersions = u"POST /v1/table/sales%24orders/version/list"_s;

template <typename T> T withId(const Identifier &id)
{
    return MessageFactory::withId<T>(id);
}

RestClientConfig configFor(const ScriptedHttpServer &server)
{
    RestClientConfig config;
    config.baseUrl = server.url();
    config.timeoutMs = 5000;
    return config;
}

QByteArray versionsPage(std::initializer_list<int> versions, const char *token)
{
    QByteArray items;
    for (const int version : versions) {
        if (!items.isEmpty()) {
            items += ',';
        }
        const QByteArray number = QByteArray::number(version);
        items += R"({"version":)" + number + R"(,"manifest_path":"m/)" + number + R"("})";
    }
    const QByteArray next = token ? '"' + QByteArray(token) + '"' : QByteArray("null");
    return R"({"versions":[)" + items + R"(],"page_token":)" + next + '}';
}

QStringList pageTokensSent(const ScriptedHttpServer &server)
{
    QStringList tokens;
    for (const RecordedRequest &request : server.requests()) {
        tokens.append(request.query.contains(u"page_token"_s) ? request.queryValue(u"page_token"_s)
                                                              : u"-"_s);
    }
    return tokens;
}

} // namespace

class TestRestPaging : public QObject
{
    Q_OBJECT

private slots:
    void followsThreePages();
    void stopsAtTheMaximum();
    void endsOnAnEmptyToken();
    void refusesARepeatedToken();
    void reportsAFailingPage();
    void cancelsBetweenPages();
    void mergesTagMaps();
    void staysQuietWhenTheContextDies();
    void refusesANonPositiveMaximum();
};

void TestRestPaging::followsThreePages()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(ListTables,
                   ScriptedResponse::json(200, R"({"tables":["a","b"],"page_token":"t1"})"));
    server.enqueue(ListTables,
                   ScriptedResponse::json(200, R"({"tables":["c","d"],"page_token":"t 2"})"));
    server.enqueue(ListTables, ScriptedResponse::json(200, R"({"tables":["e"],"page_token":null})")
                                   .withHeader("X-Page", "3"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ListTablesRequest request = withId<ListTablesRequest>(Sales);
    request.limit = 2;
    request.includeDeclared = false;
    ResultCatcher<ListTablesResponse> catcher;
    PageCollector::collectAll(client, request, this, catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QCOMPARE(catcher.value().tables, (QStringList{u"a"_s, u"b"_s, u"c"_s, u"d"_s, u"e"_s}));
    QCOMPARE(catcher.value().pageToken, std::nullopt);
    QCOMPARE(catcher.value().context.value(u"header.x-page"_s), u"3"_s);
    QCOMPARE(catcher.calls(), 1);

    QCOMPARE(pageTokensSent(server), (QStringList{u"-"_s, u"t1"_s, u"t 2"_s}));
    const QList<RecordedRequest> requests = server.requests();
    QCOMPARE(requests.at(2).target,
             QByteArray("/v1/namespace/sales/table/list?delimiter=$&page_token=t%202&limit=2"
                        "&include_declared=false"));
}

void TestRestPaging::stopsAtTheMaximum()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(ListVersions, ScriptedResponse::json(200, versionsPage({9, 8}, "p2")));
    server.enqueue(ListVersions, ScriptedResponse::json(200, versionsPage({7, 6}, "p3")));
    server.setDefault(ListVersions, ScriptedResponse::json(200, versionsPage({1}, nullptr)));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ListTableVersionsRequest request = withId<ListTableVersionsRequest>(Orders);
    request.descending = true;
    request.limit = 2;
    ResultCatcher<ListTableVersionsResponse> catcher;
    PageCollector::collectAll(client, request, this, catcher.callback(), 3);
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QList<qint64> versions;
    for (const TableVersion &version : catcher.value().versions) {
        versions.append(version.version);
    }
    QCOMPARE(versions, (QList<qint64>{9, 8, 7}));
    QCOMPARE(catcher.value().pageToken, u"p3"_s); // where the listing would go on
    QCOMPARE(server.requestCount(), 2);
    // The second request asks only for what is still missing.
    QCOMPARE(server.requests().at(0).queryValue(u"limit"_s), u"2"_s);
    QCOMPARE(server.requests().at(1).queryValue(u"limit"_s), u"1"_s);
    QCOMPARE(server.requests().at(1).queryValue(u"descending"_s), u"true"_s);
    QVERIFY(server.requests().at(1).body.isEmpty());
}

void TestRestPaging::endsOnAnEmptyToken()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    const QString route = u"GET /v1/namespace/%24/list"_s;
    server.enqueue(route, ScriptedResponse::json(200, R"({"namespaces":["a"],"page_token":"x"})"));
    server.enqueue(route, ScriptedResponse::json(200, R"({"namespaces":["b"],"page_token":""})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<ListNamespacesResponse> catcher;
    PageCollector::collectAll(client, withId<ListNamespacesRequest>(Identifier()), this,
                              catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QCOMPARE(catcher.value().namespaces, (QStringList{u"a"_s, u"b"_s}));
    QCOMPARE(catcher.value().pageToken, std::nullopt);
    QCOMPARE(server.requestCount(), 2);
}

void TestRestPaging::refusesARepeatedToken()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(ListTables,
                   ScriptedResponse::json(200, R"({"tables":["a"],"page_token":"t1"})"));
    server.enqueue(ListTables,
                   ScriptedResponse::json(200, R"({"tables":["b"],"page_token":"t2"})"));
    server.setDefault(ListTables,
                      ScriptedResponse::json(200, R"({"tables":["a"],"page_token":"t1"})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<ListTablesResponse> catcher;
    PageCollector::collectAll(client, withId<ListTablesRequest>(Sales), this, catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(!catcher.succeeded());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Decode);
    QCOMPARE(catcher.error().operation(), u"ListTables"_s);
    QCOMPARE(catcher.error().userMessage(),
             u"The server's answer to ListTables could not be read: page_token: the server sent "
             "the page token \"t1\" a second time, so the listing would never end."_s);
    QCOMPARE(server.requestCount(), 3);
}

void TestRestPaging::reportsAFailingPage()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(ListTables,
                   ScriptedResponse::json(200, R"({"tables":["a"],"page_token":"t1"})"));
    server.enqueue(ListTables, ScriptedResponse::json(404, R"({"code":1,"error":"gone"})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<ListTablesResponse> catcher;
    PageCollector::collectAll(client, withId<ListTablesRequest>(Sales), this, catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(!catcher.succeeded());
    QCOMPARE(catcher.error().httpStatus(), 404);
    QCOMPARE(catcher.error().serverCodeName(), u"NamespaceNotFound"_s);
    QCOMPARE(server.requestCount(), 2);
}

void TestRestPaging::cancelsBetweenPages()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(ListTables,
                   ScriptedResponse::json(200, R"({"tables":["a"],"page_token":"t1"})"));
    ScriptedResponse held = ScriptedResponse::json(200, R"({"tables":["b"]})");
    held.hold = true;
    server.enqueue(ListTables, held);
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<ListTablesResponse> catcher;
    RequestHandle handle = PageCollector::collectAll(client, withId<ListTablesRequest>(Sales), this,
                                                     catcher.callback());
    QTRY_COMPARE(server.heldCount(), 1); // the second page is on its way
    handle.cancel();
    handle.cancel();
    QVERIFY(!catcher.done());
    QTRY_VERIFY(!handle.isRunning());
    QCOMPARE(catcher.calls(), 1);
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Cancelled);
    QCOMPARE(catcher.error().userMessage(), u"ListTables was cancelled."_s);
    server.releaseHeld();
    QCOMPARE(server.requestCount(), 2);
}

void TestRestPaging::mergesTagMaps()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    const QString route = u"POST /v1/table/sales%24orders/tags/list"_s;
    server.enqueue(route,
                   ScriptedResponse::json(200, R"({"tags":{"b":{"version":2,"manifestSize":1},)"
                                               R"("a":{"version":1,"manifestSize":1}},)"
                                               R"("page_token":"n"})"));
    server.enqueue(route, ScriptedResponse::json(200, R"({"tags":{"c":{"version":3,)"
                                                      R"("manifestSize":1,"branch":"dev"}}})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<ListTableTagsResponse> all;
    PageCollector::collectAll(client, withId<ListTableTagsRequest>(Orders), this, all.callback());
    QTRY_VERIFY(all.done());
    QVERIFY(all.succeeded());
    QCOMPARE(all.value().tags.keys(), (QStringList{u"a"_s, u"b"_s, u"c"_s}));
    QCOMPARE(all.value().tags.value(u"c"_s).branch, u"dev"_s);
    QCOMPARE(server.requestCount(), 2);
}

void TestRestPaging::staysQuietWhenTheContextDies()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(ListTables,
                   ScriptedResponse::json(200, R"({"tables":["a"],"page_token":"t1"})"));
    ScriptedResponse held = ScriptedResponse::json(200, R"({"tables":["b"]})");
    held.hold = true;
    server.enqueue(ListTables, held);
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    auto *context = new QObject;
    ResultCatcher<ListTablesResponse> catcher;
    RequestHandle handle = PageCollector::collectAll(client, withId<ListTablesRequest>(Sales),
                                                     context, catcher.callback());
    QTRY_COMPARE(server.heldCount(), 1);
    delete context;
    server.releaseHeld();
    QTRY_VERIFY(!handle.isRunning());
    QCOMPARE(catcher.calls(), 0);
    QCOMPARE(server.requestCount(), 2);
}

void TestRestPaging::refusesANonPositiveMaximum()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server));

    ResultCatcher<ListTablesResponse> catcher;
    PageCollector::collectAll(client, withId<ListTablesRequest>(Sales), this, catcher.callback(),
                              0);
    QVERIFY(!catcher.done());
    QTRY_VERIFY(catcher.done());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::InvalidInput);
    QCOMPARE(catcher.error().userMessage(),
             u"The maximum number of items must be at least 1 (it is 0)."_s);
    QCOMPARE(server.requestCount(), 0);
}

LCB_TEST_GUILESS_MAIN(TestRestPaging)
#include "TestRestPaging.moc"
