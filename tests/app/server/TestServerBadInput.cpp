// SPDX-License-Identifier: Apache-2.0
// Bad requests against the real lance-catalog-server: each one gets a 4xx with a spec error body
// and changes nothing, which is checked by reading the whole catalog before and after. In
// TestServerBadInputOnPostgres two servers share one PostgreSQL database: the catalog is
// seeded and read through one, the bad requests go to the other.
#include "AwaitCall.h"
#include "CatalogServerGroup.h"
#include "CatalogSnapshot.h"
#include "HttpProbe.h"
#include "MessageFactory.h"
#include "TestRegistry.h"
#include "rest/RestClient.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTcpSocket>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::test::awaitCall;
using lance::test::CatalogServerGroup;
using lance::test::CatalogSnapshot;
using lance::test::HttpProbe;
using lance::test::MessageFactory;
using lance::test::ProbeReply;
using lance::test::whyFailed;

namespace {

// The body of a row that sends none.
const QByteArray NoBody = QByteArrayLiteral("<no body>");

QByteArray nested(int depth, const QByteArray &open, const QByteArray &close)
{
    return open.repeated(depth) + close.repeated(depth);
}

} // namespace

class TestServerBadInput : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void refusesAndChangesNothing_data();
    void refusesAndChangesNothing();
    void refusesAHugeBodyAndStaysUsable();

private:
    void seed();

    CatalogServerGroup m_servers;
    QNetworkAccessManager m_network;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<HttpProbe> m_probe;
    QString m_baseline;
};

void TestServerBadInput::initTestCase()
{
    QVERIFY2(m_servers.start(), qPrintable(m_servers.error()));
    RestClientConfig config;
    config.baseUrl = m_servers.url(0);
    m_client = std::make_unique<RestClient>(&m_network, config);
    // The bad requests go to the last server (the only one, on SQLite).
    m_probe = std::make_unique<HttpProbe>(m_servers.url(m_servers.size() - 1));
    seed();
    m_baseline = CatalogSnapshot::take(*m_client);
    QVERIFY2(!m_baseline.startsWith(u"ERROR"_s), qPrintable(m_baseline));
    QVERIFY(m_baseline.contains(u"version 2 s3://bucket/orders/v2.manifest"_s));
}

void TestServerBadInput::cleanupTestCase()
{
    QCOMPARE(m_servers.stop(), std::optional<int>(0));
}

// A namespace with a property, a table with two versions and a tag: things a bad request could
// damage.
void TestServerBadInput::seed()
{
    const Identifier ns(QStringList{u"sales"_s});
    const Identifier table = ns.child(u"orders"_s);
    auto created = awaitCall(*m_client, MessageFactory::make<CreateNamespaceRequest>([&](auto &r) {
        r.id = ns;
        r.properties.insert(u"owner"_s, u"qa"_s);
    }));
    QVERIFY2(created, whyFailed(created));
    // On a store: its manifests are recorded as given (the servers read no file of it).
    auto declared = awaitCall(*m_client, MessageFactory::make<DeclareTableRequest>([&](auto &r) {
        r.id = table;
        r.location = u"s3://bucket/orders"_s;
    }));
    QVERIFY2(declared, whyFailed(declared));
    for (qint64 v : {1, 2}) {
        auto version
            = awaitCall(*m_client, MessageFactory::make<CreateTableVersionRequest>([&](auto &r) {
                  r.id = table;
                  r.version = v;
                  r.manifestPath = u"s3://bucket/orders/v%1.manifest"_s.arg(v);
                  r.manifestSize = 100 * v;
              }));
        QVERIFY2(version, whyFailed(version));
    }
    auto tag = awaitCall(*m_client, MessageFactory::make<CreateTableTagRequest>([&](auto &r) {
        r.id = table;
        r.tag = u"stable"_s;
        r.version = 1;
    }));
    QVERIFY2(tag, whyFailed(tag));
}

void TestServerBadInput::refusesAndChangesNothing_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("code");

    const auto row
        = [](const char *name, const char *method, const char *target, const QByteArray &body,
             int status, int code, const QByteArray &contentType = "application/json") {
              QTest::newRow(name) << QByteArray(method) << QByteArray(target) << body << contentType
                                  << status << code;
          };
    const QByteArray version = "/v1/table/sales%24orders/version/create";
    const QByteArray batch = "/v1/table/batch-commit";

    // Malformed JSON
    row("truncated object", "POST", "/v1/table/sales%24new/declare", "{", 400, 13);
    row("not JSON at all", "POST", "/v1/table/sales%24new/declare", "declare please", 400, 13);
    row("top-level array", "POST", "/v1/table/sales%24new/declare", "[]", 400, 13);
    row("top-level string", "POST", "/v1/namespace/x/create", "\"x\"", 400, 13);
    row("invalid UTF-8", "POST", "/v1/table/sales%24new/declare", "{\"location\":\"\xff\xfe\"}",
        400, 13);
    row("trailing garbage", "POST", "/v1/namespace/x/create", "{} {}", 400, 13);
    row("empty body on a JSON route", "POST", "/v1/namespace/x/create", "", 400, 13);
    // Wrong types
    row("location is a number", "POST", "/v1/table/sales%24new/declare", R"({"location":5})", 400,
        13);
    row("version is a string", "POST", version,
        R"({"version":"3","manifest_path":"s3://b/3.manifest"})", 400, 13);
    row("version is fractional", "POST", version,
        R"({"version":3.5,"manifest_path":"s3://b/3.manifest"})", 400, 13);
    row("version in exponent form", "POST", version,
        R"({"version":3e0,"manifest_path":"s3://b/3.manifest"})", 400, 13);
    row("version beyond int64", "POST", version,
        R"({"version":9223372036854775808,"manifest_path":"s3://b/x.manifest"})", 400, 13);
    row("negative version", "POST", version, R"({"version":-1,"manifest_path":"s3://b/x"})", 400,
        13);
    row("negative manifest size", "POST", version,
        R"({"version":3,"manifest_path":"s3://b/x","manifest_size":-5})", 400, 13);
    row("manifest path is a number", "POST", version, R"({"version":3,"manifest_path":7})", 400,
        13);
    row("metadata value is a number", "POST", version,
        R"({"version":3,"manifest_path":"s3://b/x","metadata":{"a":1}})", 400, 13);
    row("unknown naming scheme", "POST", version,
        R"({"version":3,"manifest_path":"s3://b/x","naming_scheme":"V9"})", 400, 13);
    row("properties is a list", "POST", "/v1/namespace/x/create", R"({"properties":["a"]})", 400,
        13);
    row("unknown create mode", "POST", "/v1/namespace/x/create", R"({"mode":"Sometimes"})", 400,
        13);
    row("unknown drop behaviour", "POST", "/v1/namespace/sales/drop", R"({"behavior":"Explode"})",
        400, 13);
    row("ranges is a string", "POST", "/v1/table/sales%24orders/version/delete",
        R"({"ranges":"all"})", 400, 13);
    // Missing required fields
    row("register without location", "POST", "/v1/table/sales%24new/register", "{}", 400, 13);
    row("create version without manifest path", "POST", version, R"({"version":3})", 400, 13);
    row("create version without version", "POST", version, R"({"manifest_path":"s3://b/x"})", 400,
        13);
    row("delete without ranges", "POST", "/v1/table/sales%24orders/version/delete", "{}", 400, 13);
    row("range without start", "POST", "/v1/table/sales%24orders/version/delete",
        R"({"ranges":[{"end_version":2}]})", 400, 13);
    row("tag create without tag", "POST", "/v1/table/sales%24orders/tags/create",
        R"({"version":1})", 400, 13);
    // Ranges
    row("range ending before it starts", "POST", "/v1/table/sales%24orders/version/delete",
        R"({"ranges":[{"start_version":2,"end_version":1}]})", 400, 13);
    row("range ending below -1", "POST", "/v1/table/sales%24orders/version/delete",
        R"({"ranges":[{"start_version":0,"end_version":-7}]})", 400, 13);
    // Query parameters
    row("limit not a number", "GET", "/v1/namespace/sales/table/list?limit=ten", NoBody, 400, 13);
    row("negative limit", "GET", "/v1/namespace/sales/table/list?limit=-5", NoBody, 400, 13);
    row("include_declared misspelt", "GET", "/v1/namespace/sales/table/list?include_declared=maybe",
        NoBody, 400, 13);
    row("descending misspelt", "POST", "/v1/table/sales%24orders/version/list?descending=yes",
        NoBody, 400, 13);
    row("forged page token", "GET", "/v1/namespace/%24/list?page_token=%25%25not-ours", NoBody, 400,
        13);
    // Identifiers
    row("empty name in the path", "POST", "/v1/table/sales%24%24orders/describe", "{}", 400, 13);
    row("slash inside a name", "POST", "/v1/table/sales%24a%2Fb/declare", "{}", 400, 13);
    row("dot-dot as a name", "POST", batch,
        R"({"operations":[{"declare_table":{"id":["sales",".."]}}]})", 400, 13);
    row("slash in a batch name", "POST", batch,
        R"({"operations":[{"declare_table":{"id":["sales","a/b"]}}]})", 400, 13);
    row("delimiter inside a batch name", "POST", batch,
        R"({"operations":[{"declare_table":{"id":["sales$new"]}}]})", 400, 13);
    row("control character in a name", "POST", "/v1/namespace/bad%0Aname/create", "{}", 400, 13);
    row("body id not the path's", "POST", "/v1/table/sales%24orders/deregister",
        R"({"id":["sales","other"]})", 400, 13);
    row("root as a table", "POST", "/v1/table/%24/declare", "{}", 400, 13);
    row("root created", "POST", "/v1/namespace/%24/create", "{}", 409, 2);
    row("name longer than a folder name", "POST", batch,
        QByteArray(R"({"operations":[{"declare_table":{"id":["sales",")") + QByteArray(300, 'n')
            + R"("]}}]})",
        400, 13);
    // Batch structure
    row("batch without operations", "POST", batch, R"({"operations":[]})", 400, 13);
    row("batch operations not a list", "POST", batch, R"({"operations":"x"})", 400, 13);
    row("operation of no kind", "POST", batch, R"({"operations":[{}]})", 400, 13);
    row("operation of two kinds", "POST", batch,
        R"({"operations":[{"declare_table":{"id":["sales","a"]},)"
        R"("deregister_table":{"id":["sales","orders"]}}]})",
        400, 13);
    row("operation of an unknown kind", "POST", batch,
        R"({"operations":[{"rename_table":{"id":["sales","orders"]}}]})", 400, 13);
    row("nested operation without id", "POST", batch, R"({"operations":[{"deregister_table":{}}]})",
        400, 13);
    row("valid operation then a broken one", "POST", batch,
        R"({"operations":[{"declare_table":{"id":["sales","fresh"]}},)"
        R"({"create_table_version":{"id":["sales","orders"],"version":"x","manifest_path":"m"}}]})",
        400, 13);
    row("batch creating one version twice", "POST", batch,
        R"({"operations":[{"create_table_version":{"id":["sales","orders"],"version":7,)"
        R"("manifest_path":"s3://b/7a"}},{"create_table_version":{"id":["sales","orders"],)"
        R"("version":7,"manifest_path":"s3://b/7b"}}]})",
        400, 13);
    row("batch whose last operation conflicts", "POST", batch,
        R"({"operations":[{"declare_table":{"id":["sales","fresh"]}},)"
        R"({"create_table_version":{"id":["sales","orders"],"version":2,"manifest_path":"m"}}]})",
        409, 14);
    row("batch on a missing table", "POST", batch,
        R"({"operations":[{"declare_table":{"id":["sales","fresh"]}},)"
        R"({"deregister_table":{"id":["sales","ghost"]}}]})",
        404, 4);
    row("batch-create without entries", "POST", "/v1/table/version/batch-create", "{}", 400, 13);
    // Deep nesting
    row("deeply nested body", "POST", "/v1/namespace/x/create", nested(100000, "[", "]"), 400, 13);
    row("deeply nested properties", "POST", "/v1/namespace/x/create",
        "{\"properties\":" + nested(100000, "[", "]") + "}", 400, 13);
    // Routes, methods and content types
    row("unknown route", "GET", "/v1/unknown", NoBody, 404, 0);
    row("unknown table action", "POST", "/v1/table/sales%24orders/frobnicate", "{}", 404, 0);
    row("other API version", "GET", "/v2/namespace/%24/list", NoBody, 404, 0);
    row("describe with GET", "GET", "/v1/table/sales%24orders/describe", NoBody, 405, 0);
    row("drop with DELETE", "DELETE", "/v1/namespace/sales/drop", NoBody, 405, 0);
    row("plain text body", "POST", "/v1/table/sales%24new/declare", "{}", 415, 13, "text/plain");
    // Objects that are not there, or already are
    row("declare in a missing namespace", "POST", "/v1/table/ghost%24t/declare", "{}", 404, 1);
    row("version of a missing table", "POST", "/v1/table/sales%24ghost/version/create",
        R"({"version":1,"manifest_path":"s3://b/1"})", 404, 4);
    row("drop a missing namespace", "POST", "/v1/namespace/ghost/drop", "{}", 404, 1);
    row("describe a missing version", "POST", "/v1/table/sales%24orders/version/describe",
        R"({"version":99})", 404, 11);
    row("tag a missing version", "POST", "/v1/table/sales%24orders/tags/create",
        R"({"tag":"future","version":99})", 404, 11);
    row("empty tag name", "POST", "/v1/table/sales%24orders/tags/create",
        R"({"tag":"","version":1})", 400, 13);
    row("declare an existing table", "POST", "/v1/table/sales%24orders/declare", "{}", 409, 5);
    row("create an existing namespace", "POST", "/v1/namespace/sales/create", "{}", 409, 2);
    row("create an existing version", "POST", version,
        R"({"version":1,"manifest_path":"s3://b/other"})", 409, 14);
    row("create an existing tag", "POST", "/v1/table/sales%24orders/tags/create",
        R"({"tag":"stable","version":2})", 409, 9);
    row("drop a namespace that is not empty", "POST", "/v1/namespace/sales/drop", "{}", 409, 3);
}

void TestServerBadInput::refusesAndChangesNothing()
{
    QFETCH(QByteArray, method);
    QFETCH(QByteArray, target);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, contentType);
    QFETCH(int, status);
    QFETCH(int, code);

    const std::optional<QByteArray> sent
        = body == NoBody ? std::nullopt : std::optional<QByteArray>(body);
    const ProbeReply reply = m_probe->send(method, target, sent, {{"Content-Type", contentType}});
    QCOMPARE(reply.status, status);
    const QJsonObject error = reply.json();
    QVERIFY2(reply.header("Content-Type").startsWith("application/json"), reply.body.constData());
    QVERIFY2(error.value(u"code"_s).isDouble(), reply.body.constData());
    QCOMPARE(error.value(u"code"_s).toInt(), code);
    QVERIFY2(!error.value(u"error"_s).toString().isEmpty(), reply.body.constData());
    QCOMPARE(CatalogSnapshot::take(*m_client), m_baseline);
}

void TestServerBadInput::refusesAHugeBodyAndStaysUsable()
{
    // 40 MiB, over the server's default limit of 32 MiB. A careful client announces a large body
    // with `Expect: 100-continue` and waits, so the server can refuse before a byte of it is
    // sent; QNetworkAccessManager cannot wait, so this speaks HTTP/1.1 over a plain socket.
    const qint64 length = qint64{40} * 1024 * 1024;
    QTcpSocket socket;
    const QUrl url = m_servers.url(m_servers.size() - 1);
    socket.connectToHost(url.host(), static_cast<quint16>(url.port()));
    QVERIFY(socket.waitForConnected(5000));
    socket.write("POST /v1/namespace/huge/create?delimiter=%24 HTTP/1.1\r\n"
                 "Host: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 "Expect: 100-continue\r\nContent-Length: "
                 + QByteArray::number(length) + "\r\n\r\n");
    QByteArray answer;
    QTRY_VERIFY_WITH_TIMEOUT((answer += socket.readAll()).contains("}"), 10000);
    QVERIFY2(answer.startsWith("HTTP/1.1 413 "), answer.constData());
    const QByteArray body = answer.mid(answer.indexOf("\r\n\r\n") + 4);
    QCOMPARE(QJsonDocument::fromJson(body).object().value(u"code"_s).toInt(-1), 13);
    socket.abort();
    QCOMPARE(CatalogSnapshot::take(*m_client), m_baseline);
}

LCB_TEST_GUILESS_MAIN(TestServerBadInput)
#include "TestServerBadInput.moc"
