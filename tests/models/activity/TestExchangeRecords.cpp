// SPDX-License-Identifier: Apache-2.0
// The request log: RestClient and LocalCatalogService report every exchange (masked headers, the
// status, the time), and RequestLog shows a bounded list of them and saves it as JSON lines in
// which no secret appears.
#include "AwaitCall.h"
#include "MessageFactory.h"
#include "ScriptedHttpServer.h"
#include "TestRegistry.h"
#include "activity/RequestLog.h"
#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"

#include <QAbstractItemModelTester>
#include <QBuffer>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::activity::RequestLog;
using lance::api::ExchangeRecord;
using lance::local::LocalCatalogService;
using lance::test::awaitCall;
using lance::test::MessageFactory;
using lance::test::ResultCatcher;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;

namespace {

const QString Secret = u"sk-exchange-91c4d7e2"_s;
const Identifier Sales{QStringList{u"sales"_s}};
const QString Describe = u"POST /v1/namespace/sales/describe"_s;

RestClientConfig configFor(const QUrl &url, AuthMethod auth)
{
    RestClientConfig config;
    config.baseUrl = url;
    config.auth = auth;
    config.secret = Secret;
    config.timeoutMs = 5000;
    config.retry.initialDelayMs = 10;
    config.extraHeaders = {{"x-tenant", "analytics"}};
    return config;
}

QList<ExchangeRecord> recordsOf(const QSignalSpy &spy)
{
    QList<ExchangeRecord> records;
    for (const QList<QVariant> &arguments : spy) {
        records.append(arguments.first().value<ExchangeRecord>());
    }
    return records;
}

// Everything a record shows, as one text, to look for secrets in.
QByteArray allText(const ExchangeRecord &record)
{
    QByteArray text
        = record.method + record.url.toUtf8() + record.operation.toUtf8() + record.error.toUtf8();
    for (const auto &[name, value] : record.headers) {
        text += name + value;
    }
    return text;
}

ExchangeRecord record(int status, const QString &operation = u"ListTables"_s)
{
    ExchangeRecord made;
    made.startedAt = QDateTime::currentDateTime();
    made.operation = operation;
    made.method = "GET";
    made.url = u"http://127.0.0.1:1/v1/namespace/sales/table/list"_s;
    made.status = status;
    made.elapsedMs = 12;
    return made;
}

} // namespace

class TestExchangeRecords : public QObject
{
    Q_OBJECT

private slots:
    void restReportsEveryAttemptMasked();
    void restMasksTheBearerToken();
    void restReportsFailuresButNotRefusals();
    void localReportsWhatAServerWouldAnswer();
    void requestLogIsABoundedModel();
    void savedJsonLinesHoldNoSecret();
};

void TestExchangeRecords::restReportsEveryAttemptMasked()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.enqueue(Describe, ScriptedResponse::json(503, R"({"code":17,"error":"busy"})")
                                 .withHeader("Retry-After", "0"));
    server.enqueue(Describe, ScriptedResponse::json(200, R"({"properties":{}})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url(), AuthMethod::ApiKey));
    QSignalSpy exchanges(&client, &RestClient::exchangeFinished);

    const QDateTime before = QDateTime::currentDateTime();
    const auto described
        = awaitCall(client, MessageFactory::withId<DescribeNamespaceRequest>(Sales));
    QVERIFY(described);
    // One record per attempt, the retried 503 included, each before the callback ran.
    const QList<ExchangeRecord> records = recordsOf(exchanges);
    QCOMPARE(records.size(), 2);
    QCOMPARE(records.at(0).status, 503);
    QCOMPARE(records.at(0).error,
             u"DescribeNamespace failed: busy (HTTP 503, ServiceUnavailable)."_s);
    QCOMPARE(records.at(1).status, 200);
    QVERIFY(records.at(1).error.isEmpty());
    for (const ExchangeRecord &exchange : records) {
        QCOMPARE(exchange.operation, u"DescribeNamespace"_s);
        QCOMPARE(exchange.method, QByteArray("POST"));
        QCOMPARE(exchange.url,
                 server.url().toString() + u"/v1/namespace/sales/describe?delimiter=$"_s);
        QVERIFY(exchange.headers.contains({"x-api-key", "***"}));
        QVERIFY(exchange.headers.contains({"x-tenant", "analytics"}));
        QVERIFY(exchange.startedAt >= before.addMSecs(-1));
        QVERIFY(exchange.elapsedMs >= 0 && exchange.elapsedMs < 5000);
        QVERIFY(!allText(exchange).contains(Secret.toUtf8()));
    }
    // The server did get the real key: only the record is masked.
    QCOMPARE(server.requests().first().header("x-api-key"), Secret.toUtf8());
}

void TestExchangeRecords::restMasksTheBearerToken()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.setDefault(Describe, ScriptedResponse::json(401, R"({"code":16,"error":"no"})"));
    QNetworkAccessManager network;
    RestClient client(&network, configFor(server.url(), AuthMethod::BearerToken));
    QSignalSpy exchanges(&client, &RestClient::exchangeFinished);
    QVERIFY(!awaitCall(client, MessageFactory::withId<DescribeNamespaceRequest>(Sales)));
    const QList<ExchangeRecord> records = recordsOf(exchanges);
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.first().status, 401);
    QVERIFY(records.first().headers.contains({"Authorization", "***"}));
    QVERIFY(!allText(records.first()).contains(Secret.toUtf8()));
}

void TestExchangeRecords::restReportsFailuresButNotRefusals()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    ScriptedResponse held = ScriptedResponse::json(200, R"({"properties":{}})");
    held.hold = true;
    server.setDefault(Describe, held);
    QNetworkAccessManager network;
    RestClientConfig config = configFor(server.url(), AuthMethod::ApiKey);
    config.timeoutMs = 200;
    RestClient client(&network, config);
    QSignalSpy exchanges(&client, &RestClient::exchangeFinished);

    // A timeout.
    QVERIFY(!awaitCall(client, MessageFactory::withId<DescribeNamespaceRequest>(Sales)));
    QCOMPARE(exchanges.count(), 1);
    ExchangeRecord last = recordsOf(exchanges).last();
    QCOMPARE(last.status, 0);
    QVERIFY2(last.error.contains(u"did not answer DescribeNamespace within 0.2 seconds"_s),
             qPrintable(last.error));
    QVERIFY(last.elapsedMs >= 190); // a coarse timer may fire up to 5% early

    // A cancelled request.
    ResultCatcher<DescribeNamespaceResponse> catcher;
    RequestHandle handle = client.call(MessageFactory::withId<DescribeNamespaceRequest>(Sales),
                                       this, catcher.callback());
    QTRY_COMPARE(server.heldCount(), 2);
    handle.cancel();
    QTRY_VERIFY(catcher.done());
    QCOMPARE(exchanges.count(), 2);
    QCOMPARE(recordsOf(exchanges).last().error, u"DescribeNamespace was cancelled."_s);

    // Refused before sending: nothing went out, so nothing is logged.
    QVERIFY(!awaitCall(client, MessageFactory::withId<DescribeNamespaceRequest>(
                                   Identifier(QStringList{QString()}))));
    QCOMPARE(exchanges.count(), 2);
    server.stop();
}

void TestExchangeRecords::localReportsWhatAServerWouldAnswer()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    LocalCatalogService service(dir.path());
    QSignalSpy exchanges(&service, &LocalCatalogService::exchangeFinished);
    const auto create = MessageFactory::withId<CreateNamespaceRequest>(Sales);
    QVERIFY(awaitCall(service, create));
    QVERIFY(!awaitCall(service, create));
    const Identifier missing(QStringList{u"missing"_s});
    QVERIFY(awaitCall(service, MessageFactory::withId<NamespaceExistsRequest>(missing)));
    QVERIFY(!awaitCall(service, MessageFactory::withId<DescribeNamespaceRequest>(missing)));
    // Refused before running, as RestClient refuses before sending: not logged.
    QVERIFY(!awaitCall(service, MessageFactory::withId<DescribeNamespaceRequest>(
                                    Identifier(QStringList{QString()}))));

    const QList<ExchangeRecord> records = recordsOf(exchanges);
    QCOMPARE(records.size(), 4);
    const QString root = u"local:"_s + QDir(dir.path()).absolutePath();
    const QList<std::pair<QString, int>> expected{{u"CreateNamespace"_s, 200},
                                                  {u"CreateNamespace"_s, 409},
                                                  {u"NamespaceExists"_s, 404},
                                                  {u"DescribeNamespace"_s, 404}};
    for (qsizetype i = 0; i < records.size(); ++i) {
        const ExchangeRecord &exchange = records.at(i);
        QCOMPARE(exchange.method, QByteArray("LOCAL"));
        QCOMPARE(exchange.operation, expected.at(i).first);
        QCOMPARE(exchange.url, root + u'/' + expected.at(i).first);
        QCOMPARE(exchange.status, expected.at(i).second);
        QVERIFY(exchange.headers.isEmpty());
        QVERIFY(exchange.startedAt.isValid());
    }
    QVERIFY(records.at(0).error.isEmpty());
    QVERIFY(!records.at(1).error.isEmpty());
    QVERIFY(records.at(2).error.isEmpty()); // "does not exist" is an answer, not a failure
    QVERIFY(!records.at(3).error.isEmpty());
}

void TestExchangeRecords::requestLogIsABoundedModel()
{
    RequestLog log;
    QAbstractItemModelTester tester(&log, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(log.capacity(), RequestLog::DefaultCapacity);
    log.setCapacity(3);
    for (int i = 0; i < 5; ++i) {
        log.append(record(200 + i, u"Op%1"_s.arg(i)));
    }
    QCOMPARE(log.rowCount(), 3);
    QCOMPARE(log.columnCount(), int(RequestLog::ColumnCount));
    QCOMPARE(log.record(0).operation, u"Op2"_s); // the oldest went first
    QCOMPARE(log.index(2, RequestLog::OperationColumn).data().toString(), u"Op4"_s);
    QCOMPARE(log.index(2, RequestLog::MethodColumn).data().toString(), u"GET"_s);
    QCOMPARE(log.index(2, RequestLog::StatusColumn).data().toInt(), 204);
    QCOMPARE(log.index(2, RequestLog::ElapsedColumn).data().toLongLong(), 12);
    QCOMPARE(log.headerData(RequestLog::UrlColumn, Qt::Horizontal).toString(), u"URL"_s);

    log.append(record(0));
    log.append(record(500));
    QCOMPARE(log.index(1, 0).data(RequestLog::FailedRole).toBool(), true);
    QCOMPARE(log.index(2, 0).data(RequestLog::FailedRole).toBool(), true);
    QCOMPARE(log.index(0, 0).data(RequestLog::FailedRole).toBool(), false);
    QCOMPARE(log.index(1, RequestLog::StatusColumn).data().toString(), u"—"_s);

    log.setCapacity(1);
    QCOMPARE(log.rowCount(), 1);
    QCOMPARE(log.record(0).status, 500);
    log.clear();
    QCOMPARE(log.rowCount(), 0);
}

void TestExchangeRecords::savedJsonLinesHoldNoSecret()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.setDefault(Describe, ScriptedResponse::json(200, R"({"properties":{}})"));
    QNetworkAccessManager network;
    RestClient apiKeyClient(&network, configFor(server.url(), AuthMethod::ApiKey));
    RestClient bearerClient(&network, configFor(server.url(), AuthMethod::BearerToken));
    RequestLog log;
    connect(&apiKeyClient, &RestClient::exchangeFinished, &log, &RequestLog::append);
    connect(&bearerClient, &RestClient::exchangeFinished, &log, &RequestLog::append);
    const auto request = MessageFactory::withId<DescribeNamespaceRequest>(Sales);
    QVERIFY(awaitCall(apiKeyClient, request));
    QVERIFY(awaitCall(bearerClient, request));

    // A record from elsewhere that was not masked: the log masks it on the way in.
    ExchangeRecord careless = record(200);
    careless.url = u"https://steward:"_s + Secret + u"@catalog.example.com/v1/namespace/%24/list"_s;
    careless.headers = {{"Authorization", "Bearer " + Secret.toUtf8()},
                        {"X-Api-Key", Secret.toUtf8()},
                        {"x-session-token", Secret.toUtf8()},
                        {"Accept", "application/json"}};
    log.append(careless);
    QCOMPARE(log.rowCount(), 3);

    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::WriteOnly));
    QVERIFY(log.saveJsonLines(buffer));
    const QByteArray bytes = buffer.data();
    QVERIFY2(!bytes.contains(Secret.toUtf8()), bytes.constData());
    QVERIFY(!bytes.contains("sk-exchange"));
    QVERIFY(!bytes.contains("steward"));

    const QList<QByteArray> lines = bytes.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    for (const QByteArray &line : lines) {
        QJsonParseError error;
        const QJsonObject object = QJsonDocument::fromJson(line, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        for (const QString &field : {u"time"_s, u"operation"_s, u"method"_s, u"url"_s, u"status"_s,
                                     u"elapsedMs"_s, u"headers"_s}) {
            QVERIFY2(object.contains(field), qPrintable(field));
        }
    }
    const QJsonObject first = QJsonDocument::fromJson(lines.at(0)).object();
    QCOMPARE(first.value(u"status"_s).toInt(), 200);
    QCOMPARE(first.value(u"method"_s).toString(), u"POST"_s);
    QVERIFY(first.value(u"headers"_s).toArray().contains(QJsonArray{u"x-api-key"_s, u"***"_s}));
    const QJsonObject second = QJsonDocument::fromJson(lines.at(1)).object();
    QVERIFY(
        second.value(u"headers"_s).toArray().contains(QJsonArray{u"Authorization"_s, u"***"_s}));
    const QJsonObject third = QJsonDocument::fromJson(lines.at(2)).object();
    QCOMPARE(third.value(u"url"_s).toString(),
             u"https://catalog.example.com/v1/namespace/%24/list"_s);
    QVERIFY(third.value(u"headers"_s)
                .toArray()
                .contains(QJsonArray{u"Accept"_s, u"application/json"_s}));
}

LCB_TEST_GUILESS_MAIN(TestExchangeRecords)
#include "TestExchangeRecords.moc"
