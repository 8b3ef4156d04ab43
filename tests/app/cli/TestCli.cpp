// SPDX-License-Identifier: Apache-2.0
// Runs the real lance-catalog executable against a real HTTP server on 127.0.0.1 and checks
// what it prints and its exit codes.
#include "CliRun.h"
#include "JsonText.h"
#include "ScriptedHttpServer.h"
#include "TestData.h"
#include "TestFiles.h"
#include "TestRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::JsonText;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;

namespace {

using Run = lance::test::CliRun;

// The operations of a BatchCommitTablesRequest, to compare what was sent with the file.
} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void helpDocumentsEveryCommandAndOption();
    void usageErrorsExitWithOne_data();
    void usageErrorsExitWithOne();
    void listsNamespacesOverThreePages();
    void listsTablesWithoutDeclaredAsJson();
    void describesATable();
    void listsVersionsNewestFirstUpToTheLimit();
    void sendsCredentialsFromTheEnvironmentOnly();
    void serverErrorsExitWithTwo();
    void garbageAnswersExitWithTwo();
    void unsupportedBatchCommitIsSaidPlainly();
    void commitsABatch();
    void conflictsExitWithThree();
    void dryRunPrintsTheExactRequestWithoutSending();
    void invalidCommitFilesExitWithOne_data();
    void invalidCommitFilesExitWithOne();
    void readsTheBatchFromStandardInput();
    void networkFailuresExitWithFour();
    void timeoutsExitWithFour();

private:
    Run run(const QStringList &arguments, const QProcessEnvironment &environment = {},
            const QByteArray &input = {});
    QStringList withUrl(QStringList arguments) const;
    QString writeFile(const QString &name, const QByteArray &content);

    std::unique_ptr<ScriptedHttpServer> m_server;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestCli::init()
{
    m_server = std::make_unique<ScriptedHttpServer>();
    QVERIFY(m_server->start());
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestCli::cleanup()
{
    m_server.reset();
    m_dir.reset();
}

Run TestCli::run(const QStringList &arguments, const QProcessEnvironment &environment,
                 const QByteArray &input)
{
    return lance::test::CliRun::run(arguments, environment, input);
}

QStringList TestCli::withUrl(QStringList arguments) const
{
    return QStringList{u"--url"_s, m_server->url().toString()} + arguments;
}

QString TestCli::writeFile(const QString &name, const QByteArray &content)
{
    return lance::test::TestFiles::write(m_dir->filePath(name), content);
}

void TestCli::helpDocumentsEveryCommandAndOption()
{
    const Run help = run({u"--help"_s});
    QCOMPARE(help.exitCode, 0);
    for (const QString &word :
         {u"namespaces [NS]"_s, u"tables [NS]"_s, u"describe TABLE"_s, u"versions TABLE"_s,
          u"commit FILE"_s, u"--no-declared"_s, u"--limit N"_s, u"--dry-run"_s, u"--url URL"_s,
          u"--api-key-env VAR"_s, u"--bearer-env VAR"_s, u"--header K:V"_s, u"--delimiter D"_s,
          u"--json"_s, u"--ca-file FILE"_s, u"--timeout SECONDS"_s, u"Exit codes:"_s,
          u"3  conflict (HTTP 409)"_s, u"4  no answer"_s}) {
        QVERIFY2(help.out.contains(word), qPrintable(word));
    }
    const Run commandHelp = run({u"versions"_s, u"--help"_s});
    QCOMPARE(commandHelp.exitCode, 0);
    QVERIFY(commandHelp.out.contains(u"--limit N"_s));
    QVERIFY(!commandHelp.out.contains(u"--dry-run"_s));
    const Run version = run({u"--version"_s});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith(u"lance-catalog "_s));
}

void TestCli::usageErrorsExitWithOne_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("addUrl");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList() << true << u"No command given"_s;
    QTest::newRow("unknown command")
        << QStringList{u"drop"_s} << true << u"Unknown command \"drop\""_s;
    QTest::newRow("unknown option")
        << QStringList{u"tables"_s, u"--fast"_s} << true << u"Unknown option 'fast'"_s;
    QTest::newRow("missing url") << QStringList{u"tables"_s} << false
                                 << u"--url or --local is required"_s;
    QTest::newRow("bad url scheme")
        << QStringList{u"--url"_s, u"ftp://h/"_s, u"tables"_s} << false << u"ftp"_s;
    QTest::newRow("missing table")
        << QStringList{u"describe"_s} << true << u"Wrong number of arguments"_s;
    QTest::newRow("extra argument")
        << QStringList{u"tables"_s, u"a"_s, u"b"_s} << true << u"Wrong number of arguments"_s;
    QTest::newRow("limit zero") << QStringList{u"versions"_s, u"t"_s, u"--limit"_s, u"0"_s} << true
                                << u"--limit: \"0\""_s;
    QTest::newRow("limit text") << QStringList{u"versions"_s, u"t"_s, u"--limit"_s, u"ten"_s}
                                << true << u"--limit: \"ten\""_s;
    QTest::newRow("option of another command")
        << QStringList{u"tables"_s, u"--dry-run"_s} << true
        << u"--dry-run only applies to these commands: commit, cleanup"_s;
    QTest::newRow("empty name") << QStringList{u"describe"_s, u"sales$$orders"_s} << true
                                << u"a name is empty"_s;
    QTest::newRow("root as a table")
        << QStringList{u"describe"_s, u"$"_s} << true << u"not the root namespace"_s;
    QTest::newRow("unset key variable")
        << QStringList{u"--api-key-env"_s, u"LCB_TEST_SURELY_UNSET"_s, u"tables"_s} << true
        << u"LCB_TEST_SURELY_UNSET is not set"_s;
    QTest::newRow("both credentials")
        << QStringList{u"--api-key-env"_s, u"A"_s, u"--bearer-env"_s, u"B"_s, u"tables"_s} << true
        << u"cannot be used together"_s;
    QTest::newRow("credential header")
        << QStringList{u"--header"_s, u"Authorization:Bearer abc"_s, u"tables"_s} << true
        << u"Authorization carries a credential"_s;
    QTest::newRow("malformed header") << QStringList{u"--header"_s, u"novalue"_s, u"tables"_s}
                                      << true << u"not of the form Name:Value"_s;
    QTest::newRow("bad timeout") << QStringList{u"--timeout"_s, u"-1"_s, u"tables"_s} << true
                                 << u"--timeout"_s;
    QTest::newRow("missing CA file")
        << QStringList{u"--ca-file"_s, u"/nonexistent/ca.pem"_s, u"tables"_s} << true
        << u"/nonexistent/ca.pem"_s;
}

void TestCli::usageErrorsExitWithOne()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, addUrl);
    QFETCH(QString, message);
    const Run result = run(addUrl ? withUrl(arguments) : arguments);
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY2(!result.err.contains(u"abc"_s), "a credential was echoed");
    QCOMPARE(m_server->requestCount(), 0);
}

void TestCli::listsNamespacesOverThreePages()
{
    const QString route = u"GET /v1/namespace/%24/list"_s;
    m_server->enqueue(
        route, ScriptedResponse::json(200, R"({"namespaces":["alpha","beta"],"page_token":"p2"})"));
    m_server->enqueue(route,
                      ScriptedResponse::json(200, R"({"namespaces":["gamma"],"page_token":"p3"})"));
    m_server->enqueue(route, ScriptedResponse::json(200, R"({"namespaces":["delta"]})"));
    const Run result = run(withUrl({u"namespaces"_s}));
    QCOMPARE(result.exitCode, 0);
    const QStringList lines = result.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    QVERIFY(lines.at(0).startsWith(u"NAME"_s));
    QVERIFY(lines.at(3).startsWith(u"gamma"_s));
    const auto requests = m_server->requests();
    QCOMPARE(requests.size(), 3);
    QVERIFY(!requests.at(0).query.contains(u"page_token"_s));
    QCOMPARE(requests.at(1).queryValue(u"page_token"_s), u"p2"_s);
    QCOMPARE(requests.at(2).queryValue(u"page_token"_s), u"p3"_s);
    QCOMPARE(requests.at(0).queryValue(u"delimiter"_s), u"$"_s);
}

void TestCli::listsTablesWithoutDeclaredAsJson()
{
    m_server->enqueue(u"GET /v1/namespace/sales%24eu/table/list"_s,
                      ScriptedResponse::json(200, R"({"tables":["orders","refunds"]})"));
    const Run result = run(withUrl({u"--json"_s, u"tables"_s, u"sales$eu"_s, u"--no-declared"_s}));
    QCOMPARE(result.exitCode, 0);
    const QJsonObject answer = QJsonDocument::fromJson(result.out.toUtf8()).object();
    QCOMPARE(answer.value(u"tables"_s).toArray().size(), 2);
    QCOMPARE(answer.value(u"tables"_s).toArray().at(1).toString(), u"refunds"_s);
    // Response headers become context entries inside the client; they are not the server's JSON.
    QVERIFY(!answer.contains(u"context"_s));
    QCOMPARE(m_server->requests().at(0).queryValue(u"include_declared"_s), u"false"_s);
}

void TestCli::describesATable()
{
    m_server->enqueue(u"POST /v1/table/sales%24orders/describe"_s,
                      ScriptedResponse::json(200, lance::test::TestData::read(
                                                      u"json/describe-table-response.json"_s)));
    const Run result = run(withUrl({u"describe"_s, u"sales$orders"_s}));
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(u"Location"_s), qPrintable(result.out));
    QVERIFY(result.out.contains(u"Managed versioning"_s));
    const auto request = m_server->requests().at(0);
    QCOMPARE(request.queryValue(u"with_table_uri"_s), u"true"_s);
    QCOMPARE(QJsonDocument::fromJson(request.body).object().value(u"id"_s).toArray().size(), 2);
}

void TestCli::listsVersionsNewestFirstUpToTheLimit()
{
    m_server->enqueue(u"POST /v1/table/people/version/list"_s,
                      ScriptedResponse::json(200, R"({"versions":[
        {"version":3,"manifest_path":"root/people.lance/_versions/18446744073709551612.manifest",
         "manifest_size":584,"timestamp_millis":1755000000000},
        {"version":2,"manifest_path":"root/people.lance/_versions/18446744073709551613.manifest",
         "manifest_size":500}],"page_token":"more"})"));
    const Run result = run(withUrl({u"versions"_s, u"people"_s, u"--limit"_s, u"2"_s}));
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    const QStringList lines = result.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines.at(1).startsWith(u"3 "_s));
    QVERIFY(lines.at(1).contains(u"2025-08-12T12:00:00.000Z"_s));
    QVERIFY(lines.at(2).startsWith(u"2 "_s));
    // Two versions arrived, so the second page is not fetched.
    QCOMPARE(m_server->requestCount(), 1);
    const auto request = m_server->requests().at(0);
    QCOMPARE(request.queryValue(u"descending"_s), u"true"_s);
    QCOMPARE(request.queryValue(u"limit"_s), u"2"_s);
}

void TestCli::sendsCredentialsFromTheEnvironmentOnly()
{
    const QString secret = u"s3cr3t-key-value"_s;
    QProcessEnvironment env;
    env.insert(u"LCB_TEST_KEY"_s, secret);
    m_server->enqueue(u"GET /v1/namespace/%24/table/list"_s,
                      ScriptedResponse::json(401, R"({"code":16,"error":"bad key"})"));
    const Run refused = run(withUrl({u"--api-key-env"_s, u"LCB_TEST_KEY"_s, u"tables"_s}), env);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY(refused.err.contains(u"Unauthenticated"_s));
    QVERIFY(!refused.err.contains(secret) && !refused.out.contains(secret));
    QCOMPARE(m_server->requests().at(0).header("x-api-key"), secret.toUtf8());

    m_server->enqueue(u"GET /v1/namespace/%24/table/list"_s,
                      ScriptedResponse::json(200, R"({"tables":[]})"));
    const Run bearer = run(withUrl({u"--bearer-env"_s, u"LCB_TEST_KEY"_s, u"--header"_s,
                                    u"x-trace-id: t-1"_s, u"tables"_s}),
                           env);
    QCOMPARE(bearer.exitCode, 0);
    QVERIFY(bearer.err.contains(u"No tables in $."_s));
    const auto request = m_server->requests().at(1);
    QCOMPARE(request.header("authorization"), (u"Bearer "_s + secret).toUtf8());
    QCOMPARE(request.header("x-trace-id"), QByteArray("t-1"));
    QVERIFY(!request.hasHeader("x-api-key"));
}

void TestCli::serverErrorsExitWithTwo()
{
    m_server->enqueue(u"POST /v1/table/ghost/describe"_s,
                      ScriptedResponse::json(404, R"({"code":4,"error":"Table ghost not found",)"
                                                  R"("detail":"no such row"})"));
    const Run missing = run(withUrl({u"describe"_s, u"ghost"_s}));
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains(u"Table ghost not found (HTTP 404, TableNotFound)"_s),
             qPrintable(missing.err));
    QVERIFY(missing.err.contains(u"Server detail: no such row"_s));

    m_server->enqueue(u"GET /v1/namespace/%24/list"_s,
                      ScriptedResponse::text(500, "upstream exploded"));
    const Run failed = run(withUrl({u"namespaces"_s}));
    QCOMPARE(failed.exitCode, 2);
    QVERIFY2(failed.err.contains(u"upstream exploded (HTTP 500)"_s), qPrintable(failed.err));
}

void TestCli::garbageAnswersExitWithTwo()
{
    m_server->enqueue(u"GET /v1/namespace/%24/list"_s,
                      ScriptedResponse::json(200, R"({"namespaces":"not a list"})"));
    const Run result = run(withUrl({u"namespaces"_s}));
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(u"namespaces: expected array"_s), qPrintable(result.err));
}

void TestCli::unsupportedBatchCommitIsSaidPlainly()
{
    // The Lance reference server has no batch-commit route: a plain 404 without JSON.
    m_server->enqueue(u"POST /v1/table/batch-commit"_s, ScriptedResponse::empty(404));
    const QString file = writeFile(
        u"batch.json"_s, lance::test::TestData::read(u"json/batch-commit-tables-request.json"_s));
    const Run result = run(withUrl({u"commit"_s, file}));
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(u"does not support BatchCommitTables"_s), qPrintable(result.err));
}

void TestCli::commitsABatch()
{
    m_server->enqueue(
        u"POST /v1/table/batch-commit"_s,
        ScriptedResponse::json(
            200, lance::test::TestData::read(u"json/batch-commit-tables-response.json"_s)));
    const QByteArray body = lance::test::TestData::read(u"json/batch-commit-tables-request.json"_s);
    const Run result = run(withUrl({u"commit"_s, writeFile(u"batch.json"_s, body)}));
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(u"create_table_version"_s), qPrintable(result.out));
    QVERIFY(result.err.contains(u"Committed atomically"_s));
    const auto request = m_server->requests().at(0);
    QCOMPARE(request.header("content-type"), QByteArray("application/json"));
    QCOMPARE(JsonText::operationsOf(request.body), JsonText::operationsOf(body));
    // The file's `header.x-trace-id` context entry travels as an HTTP header.
    QCOMPARE(request.header("x-trace-id"), QByteArray("abc"));
}

void TestCli::conflictsExitWithThree()
{
    m_server->enqueue(u"POST /v1/table/batch-commit"_s,
                      ScriptedResponse::json(409, R"({"code":14,"error":"version 3 of people )"
                                                  R"(already exists"})"));
    const QString file = writeFile(
        u"batch.json"_s, lance::test::TestData::read(u"json/batch-commit-tables-request.json"_s));
    const Run result = run(withUrl({u"commit"_s, file}));
    QCOMPARE(result.exitCode, 3);
    QVERIFY2(result.err.contains(u"ConcurrentModification"_s), qPrintable(result.err));
    QVERIFY(result.err.contains(u"Nothing was applied"_s));
}

void TestCli::dryRunPrintsTheExactRequestWithoutSending()
{
    const QByteArray body = lance::test::TestData::read(u"json/batch-commit-tables-request.json"_s);
    QProcessEnvironment env;
    env.insert(u"LCB_TEST_KEY"_s, u"dry-run-secret"_s);
    const Run result = run(withUrl({u"--api-key-env"_s, u"LCB_TEST_KEY"_s, u"commit"_s,
                                    writeFile(u"batch.json"_s, body), u"--dry-run"_s}),
                           env);
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(m_server->requestCount(), 0);
    const QStringList lines = result.out.split(u'\n');
    QCOMPARE(lines.at(0),
             u"POST %1/v1/table/batch-commit?delimiter=$"_s.arg(m_server->url().toString()));
    QVERIFY(lines.contains(u"x-api-key: ***"_s));
    QVERIFY(lines.contains(u"Content-Type: application/json"_s));
    QVERIFY(lines.contains(u"x-trace-id: abc"_s));
    QVERIFY(!result.out.contains(u"dry-run-secret"_s));
    const qsizetype blank = lines.indexOf(QString());
    QVERIFY(blank > 0);
    QCOMPARE(JsonText::operationsOf(lines.at(blank + 1).toUtf8()), JsonText::operationsOf(body));
}

void TestCli::invalidCommitFilesExitWithOne_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("not JSON") << QByteArray("{oops") << u"invalid JSON at byte"_s;
    QTest::newRow("wrong type")
        << QByteArray(R"({"operations":[{"declare_table":{"id":["a"]}},{"declare_table":)"
                      R"({"id":["b"]}},{"create_table_version":{"id":["t"],"version":"3",)"
                      R"("manifest_path":"m"}}]})")
        << u"operations[2].create_table_version.version: expected integer"_s;
    QTest::newRow("two kinds in one operation")
        << QByteArray(R"({"operations":[{"declare_table":{"id":["a"]},)"
                      R"("deregister_table":{"id":["a"]}}]})")
        << u"operations[0]: expected exactly one of"_s;
    QTest::newRow("nested id missing") << QByteArray(R"({"operations":[{"deregister_table":{}}]})")
                                       << u"operations[0].deregister_table.id"_s;
    QTest::newRow("range backwards")
        << QByteArray(R"({"operations":[{"delete_table_versions":{"id":["t"],)"
                      R"("ranges":[{"start_version":4,"end_version":2}]}}]})")
        << u"ranges[0] ends at 2, not after its start 4"_s;
    QTest::newRow("empty batch") << QByteArray(R"({"operations":[]})")
                                 << u"The batch has no operations."_s;
}

void TestCli::invalidCommitFilesExitWithOne()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    const Run result = run(withUrl({u"commit"_s, writeFile(u"bad.json"_s, content)}));
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QCOMPARE(m_server->requestCount(), 0);
}

void TestCli::readsTheBatchFromStandardInput()
{
    const QByteArray body = lance::test::TestData::read(u"json/batch-commit-tables-request.json"_s);
    const Run result = run(withUrl({u"--json"_s, u"commit"_s, u"-"_s, u"--dry-run"_s}), {}, body);
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(JsonText::operationsOf(result.out.toUtf8()), JsonText::operationsOf(body));
    const Run missing = run(withUrl({u"commit"_s, m_dir->filePath(u"absent.json"_s)}));
    QCOMPARE(missing.exitCode, 1);
    QVERIFY(missing.err.contains(u"Cannot read"_s));
}

void TestCli::networkFailuresExitWithFour()
{
    const QUrl url = m_server->url();
    m_server->stop(); // nothing listens on that port any more
    const Run result = run({u"--url"_s, url.toString(), u"namespaces"_s});
    QCOMPARE(result.exitCode, 4);
    QVERIFY2(result.err.contains(u"Could not reach 127.0.0.1"_s), qPrintable(result.err));
}

void TestCli::timeoutsExitWithFour()
{
    ScriptedResponse held = ScriptedResponse::json(200, R"({"namespaces":[]})");
    held.hold = true;
    m_server->enqueue(u"GET /v1/namespace/%24/list"_s, held);
    const Run result = run(withUrl({u"--timeout"_s, u"0.3"_s, u"namespaces"_s}));
    QCOMPARE(result.exitCode, 4);
    QVERIFY2(result.err.contains(u"did not answer ListNamespaces within 0.3 seconds"_s),
             qPrintable(result.err));
}

LCB_TEST_GUILESS_MAIN(TestCli)
#include "TestCli.moc"
