// SPDX-License-Identifier: Apache-2.0
// The transport under RestClient: timeouts, cancelling, retries, resets, TLS, lifetimes.
#include "DroppingTcpServer.h"
#include "MessageFactory.h"
#include "RestTestIds.h"
#include "ResultCatcher.h"
#include "ScriptedHttpServer.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "rest/RestClient.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QSslError>
#include <QSslSocket>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::RestTestIds;
using namespace lance::api;
using namespace lance::rest;
using lance::test::DroppingTcpServer;
using lance::test::MessageFactory;
using lance::test::ResultCatcher;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;
using lance::test::TestData;

namespace {

const QString Describe = u"POST /v1/table/sales%24orders/describe"_s;
const QByteArray DescribeBody = R"({"location":"s3://b/orders.lance"})";

// Short timeouts and backoffs keep the suite fast; each test states what it relies on.
RestClientConfig configFor(const QUrl &url)
{
    RestClientConfig config;
    config.baseUrl = url;
    config.timeoutMs = 3000;
    config.retry.initialDelayMs = 10;
    config.retry.maxDelayMs = 40;
    return config;
}

ScriptedResponse unavailable(int status, QByteArray retryAfter)
{
    ScriptedResponse response = ScriptedResponse::json(status, R"({"code":17,"error":"busy"})");
    if (!retryAfter.isNull()) {
        response.withHeader("Retry-After", retryAfter);
    }
    return response;
}

} // namespace

class TestRestCall : public QObject
{
    Q_OBJECT

private slots:
    void waitsForASlowAnswer();
    void timesOut();
    void cancels();
    void cancellingTwiceReportsOnce();
    void staysQuietWhenTheContextDies();
    void retriesReadsOn503();
    void retriesReadsOn429();
    void backsOffWithoutRetryAfter();
    void givesUpAfterTheLastAttempt();
    void reportsALongRetryAfter();
    void honoursAnHttpDateRetryAfter();
    void neverRetriesWrites();
    void retriesReadsOnAResetConnection();
    void neverRetriesWritesOnAResetConnection();
    void reportsARefusedConnection();
    void rejectsAnUnknownCertificateAuthority();
    void trustsTheConfiguredCaFile();
};

void TestRestCall::waitsForASlowAnswer()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    ScriptedResponse slow = ScriptedResponse::json(200, DescribeBody);
    slow.delayMs = 150;
    server.enqueue(Describe, slow);
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server.url());
    config.timeoutMs = 2000;
    RestClient client(&network, config);

    QElapsedTimer clock;
    clock.start();
    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QVERIFY(clock.elapsed() >= 150);
    QCOMPARE(server.requestCount(), 1);
}

void TestRestCall::timesOut()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    ScriptedResponse held = ScriptedResponse::json(200, DescribeBody);
    held.hold = true;
    server.enqueue(Describe, held);
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server.url());
    config.timeoutMs = 300;
    RestClient client(&network, config);

    QElapsedTimer clock;
    clock.start();
    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(clock.elapsed() >= 300);
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Timeout);
    QCOMPARE(catcher.error().operation(), u"DescribeTable"_s);
    QCOMPARE(catcher.error().userMessage(),
             u"127.0.0.1:%1 did not answer DescribeTable within 0.3 seconds."_s.arg(
                 server.url().port()));
    QCOMPARE(server.requestCount(), 1); // a timeout is not retried
    server.releaseHeld();
}

void TestRestCall::cancels()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    ScriptedResponse held = ScriptedResponse::json(200, DescribeBody);
    held.hold = true;
    server.enqueue(Describe, held);
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<DescribeTableResponse> catcher;
    RequestHandle handle
        = client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                      catcher.callback());
    QTRY_COMPARE(server.heldCount(), 1); // the server has the request
    handle.cancel();
    QVERIFY(!catcher.done()); // reported from the event loop, not inside cancel()
    QTRY_VERIFY(catcher.done());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Cancelled);
    QCOMPARE(catcher.error().userMessage(), u"DescribeTable was cancelled."_s);
    QTRY_VERIFY(!handle.isRunning());
    server.releaseHeld();
    QCOMPARE(catcher.calls(), 1);
    QCOMPARE(server.requestCount(), 1);
}

void TestRestCall::cancellingTwiceReportsOnce()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    ScriptedResponse held = ScriptedResponse::json(200, R"({"namespaces":[]})");
    held.hold = true;
    server.setDefault(u"GET /v1/namespace/%24/list"_s, held);
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<ListNamespacesResponse> catcher;
    RequestHandle handle = client.call(MessageFactory::withId<ListNamespacesRequest>(Identifier()),
                                       this, catcher.callback());
    QTRY_COMPARE(server.heldCount(), 1);
    handle.cancel();
    handle.cancel();
    QTRY_VERIFY(!handle.isRunning()); // gone: nothing can call back any more
    handle.cancel();
    QCOMPARE(catcher.calls(), 1);
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Cancelled);
    server.releaseHeld();
}

void TestRestCall::staysQuietWhenTheContextDies()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    ScriptedResponse held = ScriptedResponse::json(200, DescribeBody);
    held.hold = true;
    server.enqueue(Describe, held);
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    auto *context = new QObject;
    ResultCatcher<DescribeTableResponse> catcher;
    RequestHandle handle
        = client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), context,
                      catcher.callback());
    QTRY_COMPARE(server.heldCount(), 1);
    delete context;
    server.releaseHeld();
    QTRY_VERIFY(!handle.isRunning());
    QCOMPARE(catcher.calls(), 0);
}

void TestRestCall::retriesReadsOn503()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(Describe, unavailable(503, "0"));
    server.enqueue(Describe, ScriptedResponse::json(200, DescribeBody));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QCOMPARE(catcher.value().location, u"s3://b/orders.lance"_s);
    QCOMPARE(server.requestCount(), 2);
    QCOMPARE(server.requests().at(1).body, server.requests().at(0).body);
}

void TestRestCall::retriesReadsOn429()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    const QString route = u"GET /v1/namespace/%24/table/list"_s;
    server.enqueue(route, unavailable(429, "0"));
    server.enqueue(route, ScriptedResponse::json(200, R"({"tables":["orders"]})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<ListTablesResponse> catcher;
    client.call(MessageFactory::withId<ListTablesRequest>(Identifier()), this, catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QCOMPARE(catcher.value().tables, QStringList{u"orders"_s});
    QCOMPARE(server.requestCount(), 2);
}

void TestRestCall::backsOffWithoutRetryAfter()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(Describe, unavailable(503, {}));
    server.enqueue(Describe, unavailable(503, {}));
    server.enqueue(Describe, ScriptedResponse::json(200, DescribeBody));
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server.url());
    config.retry.initialDelayMs = 60; // then 120: at least 180 ms in all
    config.retry.maxDelayMs = 1000;
    RestClient client(&network, config);

    QElapsedTimer clock;
    clock.start();
    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QVERIFY2(clock.elapsed() >= 180, QByteArray::number(clock.elapsed()).constData());
    QCOMPARE(server.requestCount(), 3);
}

void TestRestCall::givesUpAfterTheLastAttempt()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.setDefault(Describe, unavailable(503, "0"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QCOMPARE(catcher.error().httpStatus(), 503);
    QCOMPARE(catcher.error().serverCode(), std::optional<int>(17));
    QVERIFY(catcher.error().isTransient());
    QCOMPARE(server.requestCount(), RetryPolicy().maxAttempts);
}

void TestRestCall::reportsALongRetryAfter()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(Describe, unavailable(503, "120"));
    server.enqueue(Describe, ScriptedResponse::json(200, DescribeBody));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url())); // maxRetryAfterMs: 30 s

    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QCOMPARE(catcher.error().httpStatus(), 503);
    QCOMPARE(catcher.error().context().value(u"header.retry-after"_s), u"120"_s);
    QCOMPARE(server.requestCount(), 1);
}

void TestRestCall::honoursAnHttpDateRetryAfter()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    const QByteArray past = QLocale::c()
                                .toString(QDateTime::currentDateTimeUtc().addSecs(-60),
                                          u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_s)
                                .toLatin1();
    const QByteArray farFuture = QLocale::c()
                                     .toString(QDateTime::currentDateTimeUtc().addSecs(3600),
                                               u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_s)
                                     .toLatin1();
    server.enqueue(Describe, unavailable(503, past));
    server.enqueue(Describe, unavailable(503, farFuture));
    server.enqueue(Describe, ScriptedResponse::json(200, DescribeBody));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    // A date in the past: retried at once. An hour from now: longer than we wait, reported.
    QCOMPARE(server.requestCount(), 2);
    QCOMPARE(catcher.error().httpStatus(), 503);
    QCOMPARE(catcher.error().context().value(u"header.retry-after"_s),
             QString::fromLatin1(farFuture));
}

void TestRestCall::neverRetriesWrites()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.setDefault(u"POST /v1/table/sales%24orders/declare"_s, unavailable(503, "0"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<DeclareTableResponse> catcher;
    client.call(MessageFactory::withId<DeclareTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QCOMPARE(catcher.error().httpStatus(), 503);
    QCOMPARE(server.requestCount(), 1);
}

void TestRestCall::retriesReadsOnAResetConnection()
{
    // DescribeTable is a read sent as POST: Qt itself re-sends only idempotent methods, so any
    // second connection here is the client's own retry.
    DroppingTcpServer server(1, DroppingTcpServer::httpResponse(200, DescribeBody));
    QVERIFY(server.start());
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QVERIFY(catcher.succeeded());
    QCOMPARE(catcher.value().location, u"s3://b/orders.lance"_s);
    QCOMPARE(server.droppedCount(), 1);
    QCOMPARE(server.connectionCount(), 2);
}

void TestRestCall::neverRetriesWritesOnAResetConnection()
{
    DroppingTcpServer server(1, DroppingTcpServer::httpResponse(201, "{}"));
    QVERIFY(server.start());
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<DeclareTableResponse> catcher;
    client.call(MessageFactory::withId<DeclareTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QCOMPARE(server.connectionCount(), 1);
    QVERIFY(!catcher.succeeded());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Network);
    QVERIFY(catcher.error().isConnectionReset());
    QCOMPARE(catcher.error().detail(), u"the connection was closed before the server answered"_s);
    QCOMPARE(server.connectionCount(), 1);
}

void TestRestCall::reportsARefusedConnection()
{
    QUrl url;
    {
        ScriptedHttpServer server; // a port that was just free, and is again
        QVERIFY(server.start());
        url = server.url();
    }
    QNetworkAccessManager network;
    RestClient client(&network, configFor(url));

    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Network);
    QVERIFY(!catcher.error().isConnectionReset());
    QCOMPARE(catcher.error().userMessage(),
             u"Could not reach 127.0.0.1:%1: Connection refused."_s.arg(url.port()));
}

void TestRestCall::rejectsAnUnknownCertificateAuthority()
{
    // Never skipped: without a TLS backend the product cannot reach an HTTPS catalog.
    QVERIFY2(QSslSocket::supportsSsl(), "Qt has no TLS backend here; install libssl3 and Qt's "
                                        "OpenSSL plugin (libqt6network6)");
    ScriptedHttpServer server(
        {TestData::path(u"tls/server.pem"_s), TestData::path(u"tls/server.key"_s)});
    QVERIFY(server.start());
    server.setDefault(Describe, ScriptedResponse::json(200, DescribeBody));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url()));

    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Tls);
    const QString problem = QSslError(QSslError::UnableToGetLocalIssuerCertificate).errorString()
                            + u"; "_s
                            + QSslError(QSslError::UnableToVerifyFirstCertificate).errorString();
    QCOMPARE(catcher.error().detail(), problem);
    QCOMPARE(catcher.error().userMessage(),
             u"The secure connection to 127.0.0.1:%1 failed: %2. Check the server certificate "
             "or the CA file of the connection."_s.arg(server.url().port())
                 .arg(problem));
    QCOMPARE(server.requestCount(), 0); // nothing got past the handshake
}

void TestRestCall::trustsTheConfiguredCaFile()
{
    // Never skipped: without a TLS backend the product cannot reach an HTTPS catalog.
    QVERIFY2(QSslSocket::supportsSsl(), "Qt has no TLS backend here; install libssl3 and Qt's "
                                        "OpenSSL plugin (libqt6network6)");
    ScriptedHttpServer server(
        {TestData::path(u"tls/server.pem"_s), TestData::path(u"tls/server.key"_s)});
    QVERIFY(server.start());
    server.setDefault(Describe, ScriptedResponse::json(200, DescribeBody));
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server.url());
    config.caFile = TestData::path(u"tls/ca.pem"_s);
    RestClient client(&network, config);
    QVERIFY(client.configCheck().hasValue());

    ResultCatcher<DescribeTableResponse> catcher;
    client.call(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders), this,
                catcher.callback());
    QTRY_VERIFY(catcher.done());
    if (!catcher.succeeded()) {
        QFAIL(qPrintable(catcher.error().userMessage()));
    }
    QCOMPARE(catcher.value().location, u"s3://b/orders.lance"_s);
    QCOMPARE(server.requestCount(), 1);
    QCOMPARE(server.requests().first().target,
             QByteArray("/v1/table/sales%24orders/describe?delimiter=$"));
}

LCB_TEST_GUILESS_MAIN(TestRestCall)
#include "TestRestCall.moc"
