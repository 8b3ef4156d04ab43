// SPDX-License-Identifier: Apache-2.0
// The real lance-catalog-server as an HTTP service and a process: spec error bodies for every
// refusal, credentials, start-up refusals, the access log and clean shutdown on signals.
#include "AwaitCall.h"
#include "CatalogServerProcess.h"
#include "HttpProbe.h"
#include "MessageFactory.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "rest/RestClient.h"

#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::test::awaitCall;
using lance::test::CatalogServerProcess;
using lance::test::HttpProbe;
using lance::test::MessageFactory;
using lance::test::ProbeReply;
using lance::test::whyFailed;

namespace {

constexpr auto ApiKey = "api-key-0123456789";
constexpr auto BearerToken = "bearer-token-abcdef";
constexpr auto ReadOnlyKey = "read-only-key-xyz";

// The spec ErrorResponse every refusal must carry.
bool isSpecError(const ProbeReply &reply, int code, const QByteArray &instance)
{
    const QJsonObject body = reply.json();
    return reply.header("Content-Type").startsWith("application/json")
           && body.value(u"code"_s).toInt(-1) == code && body.value(u"error"_s).isString()
           && !body.value(u"error"_s).toString().isEmpty()
           && body.value(u"instance"_s).toString() == QString::fromUtf8(instance);
}

} // namespace

class TestCatalogServerHttp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void unknownRoutesAre404WithCodeZero_data();
    void unknownRoutesAre404WithCodeZero();
    void wrongMethodsAre405WithAllow();
    void badRequestsAre400_data();
    void badRequestsAre400();
    void otherContentTypesAre415();
    void bodiesOverTheLimitAre413();
    void credentialsAreChecked();
    void refusesANonLoopbackHostWithoutCredentials();
    void refusesAnEmptyCredentialFile();
    void refusesAPortInUse();
    void logsEachRequestToStandardError();
    void exitsCleanlyOnSignals_data();
    void exitsCleanlyOnSignals();
    void restartKeepsTheCatalog();
    void compressesOnlyWhereItPays();

private:
    QString writeSecret(const QString &name, const QByteArray &content);

    std::unique_ptr<CatalogServerProcess> m_server;
    std::unique_ptr<HttpProbe> m_probe;
    QTemporaryDir m_files;
    QNetworkAccessManager m_network;
    std::vector<std::unique_ptr<RestClient>> m_clients;
};

void TestCatalogServerHttp::initTestCase()
{
    QVERIFY(m_files.isValid());
    m_server = std::make_unique<CatalogServerProcess>();
    QVERIFY2(m_server->start(), qPrintable(m_server->standardError()));
    m_probe = std::make_unique<HttpProbe>(m_server->url());
    QCOMPARE(m_probe->send("POST", "/v1/table/known/declare", QByteArray("{}")).status, 200);
}

void TestCatalogServerHttp::cleanupTestCase()
{
    m_clients.clear();
    QCOMPARE(m_server->stop(), std::optional<int>(0));
}

QString TestCatalogServerHttp::writeSecret(const QString &name, const QByteArray &content)
{
    return lance::test::TestFiles::write(m_files.filePath(name), content);
}

void TestCatalogServerHttp::unknownRoutesAre404WithCodeZero_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("no such object") << QByteArray("GET") << QByteArray("/v1/nothing/here");
    QTest::newRow("outside /v1") << QByteArray("GET") << QByteArray("/");
    QTest::newRow("AlterTransaction (not served)")
        << QByteArray("POST") << QByteArray("/v1/transaction/x/alter");
    QTest::newRow("unknown table action")
        << QByteArray("POST") << QByteArray("/v1/table/known/compact");
    QTest::newRow("PUT anywhere") << QByteArray("PUT") << QByteArray("/v1/elsewhere");
}

void TestCatalogServerHttp::unknownRoutesAre404WithCodeZero()
{
    QFETCH(QByteArray, method);
    QFETCH(QByteArray, path);
    const ProbeReply reply = m_probe->send(method, path, QByteArray("{}"));
    QCOMPARE(reply.status, 404);
    QVERIFY2(isSpecError(reply, 0, path), reply.body.constData());
}

void TestCatalogServerHttp::wrongMethodsAre405WithAllow()
{
    ProbeReply reply = m_probe->send("GET", "/v1/table/known/describe");
    QCOMPARE(reply.status, 405);
    QVERIFY2(isSpecError(reply, 0, "/v1/table/known/describe"), reply.body.constData());
    QCOMPARE(reply.header("Allow"), QByteArray("POST"));

    reply = m_probe->send("POST", "/v1/namespace/%24/list", QByteArray("{}"));
    QCOMPARE(reply.status, 405);
    QVERIFY2(isSpecError(reply, 0, "/v1/namespace/%24/list"), reply.body.constData());
    QCOMPARE(reply.header("Allow"), QByteArray("GET, HEAD"));

    reply = m_probe->send("DELETE", "/v1/table/known/drop");
    QCOMPARE(reply.status, 405);
    QVERIFY2(isSpecError(reply, 0, "/v1/table/known/drop"), reply.body.constData());
}

void TestCatalogServerHttp::badRequestsAre400_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("malformed JSON")
        << QByteArray("/v1/table/known/describe") << QByteArray("{\"version\":");
    QTest::newRow("wrong type") << QByteArray("/v1/table/known/describe")
                                << QByteArray(R"({"version":"three"})");
    QTest::newRow("missing required field")
        << QByteArray("/v1/table/known/tags/create") << QByteArray(R"({"version":1})");
    QTest::newRow("limit not a number")
        << QByteArray("/v1/table/known/version/list?limit=ten") << QByteArray();
    QTest::newRow("boolean misspelt")
        << QByteArray("/v1/table/known/version/list?descending=yes") << QByteArray();
    QTest::newRow("empty name in the id")
        << QByteArray("/v1/table/a%24%24b/describe") << QByteArray("{}");
    QTest::newRow("root as a table") << QByteArray("/v1/table/%24/describe") << QByteArray("{}");
    QTest::newRow("body id not the path's")
        << QByteArray("/v1/table/known/describe") << QByteArray(R"({"id":["other"]})");
}

void TestCatalogServerHttp::badRequestsAre400()
{
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, body);
    const ProbeReply reply = m_probe->send("POST", path, body);
    QCOMPARE(reply.status, 400);
    QVERIFY2(
        isSpecError(reply, 13, path.left(path.indexOf('?') < 0 ? path.size() : path.indexOf('?'))),
        reply.body.constData());
}

void TestCatalogServerHttp::otherContentTypesAre415()
{
    const ProbeReply reply = m_probe->send("POST", "/v1/table/known/describe", QByteArray("{}"),
                                           {{"Content-Type", "text/plain"}});
    QCOMPARE(reply.status, 415);
    QVERIFY2(isSpecError(reply, 13, "/v1/table/known/describe"), reply.body.constData());
    // Parameters are fine.
    QCOMPARE(m_probe
                 ->send("POST", "/v1/table/known/describe", QByteArray("{}"),
                        {{"Content-Type", "application/json; charset=utf-8"}})
                 .status,
             200);
}

void TestCatalogServerHttp::bodiesOverTheLimitAre413()
{
    CatalogServerProcess small;
    QVERIFY2(small.start({}, {u"--max-body-bytes"_s, u"1024"_s}),
             qPrintable(small.standardError()));
    HttpProbe probe(small.url());
    const QByteArray body = R"({"properties":{"filler":")" + QByteArray(4096, 'x') + R"("}})";
    const ProbeReply reply = probe.send("POST", "/v1/namespace/big/create", body);
    QCOMPARE(reply.status, 413);
    QVERIFY2(isSpecError(reply, 13, "/v1/namespace/big/create"), reply.body.constData());
    // The connection and the server are fine afterwards, and nothing was created.
    const ProbeReply exists = probe.send("POST", "/v1/namespace/big/exists", QByteArray("{}"));
    QCOMPARE(exists.status, 404);
    QCOMPARE(small.stop(), std::optional<int>(0));
}

void TestCatalogServerHttp::credentialsAreChecked()
{
    CatalogServerProcess secured;
    QVERIFY2(secured.start({}, {u"--api-key-file"_s, writeSecret(u"api"_s, ApiKey + "\n"_ba),
                                u"--bearer-token-file"_s,
                                writeSecret(u"bearer"_s, "  "_ba + BearerToken + "\n"_ba),
                                u"--read-only-key-file"_s, writeSecret(u"ro"_s, ReadOnlyKey)}),
             qPrintable(secured.standardError()));
    RestClientConfig base;
    base.baseUrl = secured.url();
    base.retry.maxAttempts = 1;
    const auto clientFor = [&](AuthMethod auth, const char *secret) {
        RestClientConfig config = base;
        config.auth = auth;
        config.secret = QString::fromLatin1(secret);
        m_clients.push_back(std::make_unique<RestClient>(&m_network, config));
        return m_clients.back().get();
    };
    const auto list = MessageFactory::withId<ListNamespacesRequest>(Identifier());
    const auto create = MessageFactory::withId<CreateNamespaceRequest>(Identifier({u"ns"_s}));

    const auto anonymous = awaitCall(*clientFor(AuthMethod::None, ""), list);
    QVERIFY(!anonymous);
    QCOMPARE(anonymous.error().httpStatus(), 401);
    QCOMPARE(anonymous.error().serverCode(), std::optional<int>(16));
    const auto wrong = awaitCall(*clientFor(AuthMethod::ApiKey, "not-the-key"), list);
    QVERIFY(!wrong);
    QCOMPARE(wrong.error().httpStatus(), 401);
    // The bearer token is only good as a bearer token.
    const auto misplaced = awaitCall(*clientFor(AuthMethod::ApiKey, BearerToken), list);
    QCOMPARE(misplaced.error().httpStatus(), 401);

    const auto byKey = awaitCall(*clientFor(AuthMethod::ApiKey, ApiKey), create);
    QVERIFY2(byKey, whyFailed(byKey));
    const auto byToken = awaitCall(*clientFor(AuthMethod::BearerToken, BearerToken), list);
    QVERIFY2(byToken, whyFailed(byToken));
    QCOMPARE(byToken->namespaces, QStringList{u"ns"_s});

    for (const AuthMethod auth : {AuthMethod::ApiKey, AuthMethod::BearerToken}) {
        RestClient *readOnly = clientFor(auth, ReadOnlyKey);
        const auto read = awaitCall(*readOnly, list);
        QVERIFY2(read, whyFailed(read));
        const auto write = awaitCall(
            *readOnly, MessageFactory::withId<DropNamespaceRequest>(Identifier({u"ns"_s})));
        QVERIFY(!write);
        QCOMPARE(write.error().httpStatus(), 403);
        QCOMPARE(write.error().serverCode(), std::optional<int>(15));
    }
    // Unknown routes do not tell an anonymous client anything either.
    HttpProbe probe(secured.url());
    QCOMPARE(probe.send("GET", "/v1/nothing").status, 401);
    QCOMPARE(
        probe.send("GET", "/v1/namespace/%24/list", std::nullopt, {{"x-api-key", ApiKey}}).status,
        200);
    QCOMPARE(secured.stop(), std::optional<int>(0));
    QVERIFY(!secured.standardError().contains(QString::fromLatin1(ApiKey)));
}

void TestCatalogServerHttp::refusesANonLoopbackHostWithoutCredentials()
{
    CatalogServerProcess exposed;
    QVERIFY(!exposed.start({}, {u"--host"_s, u"0.0.0.0"_s}));
    QCOMPARE(exposed.exitCode(), std::optional<int>(1));
    QVERIFY2(exposed.standardError().contains(u"Refusing to listen on 0.0.0.0"_s),
             qPrintable(exposed.standardError()));
    QVERIFY(exposed.url().isEmpty());
}

void TestCatalogServerHttp::refusesAnEmptyCredentialFile()
{
    CatalogServerProcess server;
    const QString empty = writeSecret(u"empty"_s, "\n  \n");
    QVERIFY(!server.start({}, {u"--api-key-file"_s, empty}));
    QCOMPARE(server.exitCode(), std::optional<int>(1));
    QVERIFY2(server.standardError().contains(empty), qPrintable(server.standardError()));
    QVERIFY(!server.start({}, {u"--bearer-token-file"_s, m_files.filePath(u"missing"_s)}));
    QCOMPARE(server.exitCode(), std::optional<int>(1));
}

void TestCatalogServerHttp::refusesAPortInUse()
{
    // httplib's default SO_REUSEPORT would let this second server share the port silently.
    CatalogServerProcess second;
    QVERIFY(!second.start({}, {u"--port"_s, QString::number(m_server->url().port())}));
    QCOMPARE(second.exitCode(), std::optional<int>(1));
    QVERIFY2(second.standardError().contains(u"Cannot listen on 127.0.0.1 port"_s),
             qPrintable(second.standardError()));
}

void TestCatalogServerHttp::logsEachRequestToStandardError()
{
    QCOMPARE(m_probe->send("GET", "/v1/namespace/%24/list?limit=1000").status, 200);
    QTRY_VERIFY_WITH_TIMEOUT(
        m_server->standardError().contains(u"GET /v1/namespace/%24/list 200 "_s), 5000);
    QVERIFY(!m_server->standardError().contains(u"limit=1000"_s)); // never the query
}

void TestCatalogServerHttp::exitsCleanlyOnSignals_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM") << SIGTERM;
    QTest::newRow("SIGINT") << SIGINT;
}

void TestCatalogServerHttp::exitsCleanlyOnSignals()
{
    QFETCH(int, signal);
    CatalogServerProcess server;
    QVERIFY2(server.start(), qPrintable(server.standardError()));
    // An open keep-alive connection must not keep it alive.
    HttpProbe probe(server.url());
    QCOMPARE(probe.send("GET", "/v1/namespace/%24/list").status, 200);
    QCOMPARE(::kill(pid_t(server.processId()), signal), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!server.isRunning(), 10000);
    QCOMPARE(server.exitCode(), std::optional<int>(0));
}

void TestCatalogServerHttp::restartKeepsTheCatalog()
{
    CatalogServerProcess server;
    QVERIFY2(server.start(), qPrintable(server.standardError()));
    QCOMPARE(
        HttpProbe(server.url()).send("POST", "/v1/namespace/kept/create", QByteArray("{}")).status,
        200);
    server.kill();
    QVERIFY(!server.exitCode()); // killed, not exited
    QVERIFY2(server.restart(), qPrintable(server.standardError()));
    QCOMPARE(
        HttpProbe(server.url()).send("POST", "/v1/namespace/kept/exists", QByteArray("{}")).status,
        200);
    QCOMPARE(server.stop(), std::optional<int>(0));
}

LCB_TEST_GUILESS_MAIN(TestCatalogServerHttp)
// Loopback answers go uncompressed (what the README's benchmarks measure); `--compression
// always` compresses them, and the product's own client (Qt's network stack, which asks for
// br) reads the brotli answers back exactly.
void TestCatalogServerHttp::compressesOnlyWhereItPays()
{
    const QByteArray qtAsks = "gzip, deflate, br";
    QByteArray declares = "{\"operations\":[";
    QStringList names;
    for (int i = 0; i < 300; ++i) {
        const QString name = u"compressed_%1"_s.arg(i, 3, 10, QChar(u'0'));
        names.append(name);
        declares += QByteArray(i > 0 ? "," : "") + R"({"declare_table":{"id":["zip",")"
                    + name.toUtf8() + R"("]}})";
    }
    declares += "]}";

    CatalogServerProcess plain;
    QVERIFY2(plain.start(), qPrintable(plain.standardError()));
    HttpProbe plainProbe(plain.url());
    QCOMPARE(plainProbe.send("POST", "/v1/namespace/zip/create", "{}").status, 200);
    QCOMPARE(plainProbe.send("POST", "/v1/table/batch-commit", declares).status, 200);
    const ProbeReply loopback = plainProbe.send("GET", "/v1/namespace/zip/table/list", std::nullopt,
                                                {{"Accept-Encoding", qtAsks}});
    QCOMPARE(loopback.status, 200);
    QCOMPARE(loopback.header("Content-Encoding"), QByteArray());
    QVERIFY(loopback.body.size() > 1024);
    QCOMPARE(loopback.header("Vary"), QByteArray("Accept-Encoding"));

    CatalogServerProcess always;
    QVERIFY2(always.start(plain.root(), {u"--compression"_s, u"always"_s}),
             qPrintable(always.standardError()));
    QCOMPARE(plain.stop(), std::optional<int>(0));
    HttpProbe probe(always.url());
    const ProbeReply brotli = probe.send("GET", "/v1/namespace/zip/table/list", std::nullopt,
                                         {{"Accept-Encoding", qtAsks}});
    QCOMPARE(brotli.header("Content-Encoding"), QByteArray("br"));
    QVERIFY2(brotli.body.size() < loopback.body.size() / 4,
             qPrintable(u"%1 of %2 bytes"_s.arg(brotli.body.size()).arg(loopback.body.size())));
    const ProbeReply gzip = probe.send("GET", "/v1/namespace/zip/table/list", std::nullopt,
                                       {{"Accept-Encoding", "gzip"}});
    QCOMPARE(gzip.header("Content-Encoding"), QByteArray("gzip"));
    // A small answer is never compressed.
    const ProbeReply small
        = probe.send("GET", "/v1/namespace/%24/list", std::nullopt, {{"Accept-Encoding", qtAsks}});
    QCOMPARE(small.status, 200);
    QCOMPARE(small.header("Content-Encoding"), QByteArray());
    // An unknown mode is refused at start.
    CatalogServerProcess wrong;
    QVERIFY(!wrong.start({}, {u"--compression"_s, u"fast"_s}));
    QVERIFY2(wrong.standardError().contains(u"--compression needs auto, always or never"_s),
             qPrintable(wrong.standardError()));

    // The product's client over Qt's network stack: brotli answers decode to every name.
    RestClientConfig config;
    config.baseUrl = always.url();
    config.retry.maxAttempts = 1;
    RestClient client(&m_network, config);
    ListTablesRequest request;
    request.id = Identifier::parse(u"zip"_s).value();
    const auto listed = awaitCall(client, request);
    QVERIFY2(listed, whyFailed(listed).constData());
    QCOMPARE(listed->tables, names);
    QCOMPARE(always.stop(), std::optional<int>(0));
}

#include "TestCatalogServerHttp.moc"
