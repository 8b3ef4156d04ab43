// SPDX-License-Identifier: Apache-2.0
#include "TestRegistry.h"
#include "api/ApiError.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;

class TestApiError : public QObject
{
    Q_OBJECT

private slots:
    void namesEveryErrorCode();
    void readsTheSpecErrorBody();
    void fallsBackToTheStatusForTextBodies();
    void recognisesUnsupportedOperations_data();
    void recognisesUnsupportedOperations();
    void classifiesConflictsAuthAndNotFound();
    void classifiesTransientFailures();
    void explainsTransportFailures();
    void neverKeepsCredentialsFromTheUrl();
    void describesDecodeErrorsByPath();
};

void TestApiError::namesEveryErrorCode()
{
    const QStringList expected = {
        u"Unsupported"_s,
        u"NamespaceNotFound"_s,
        u"NamespaceAlreadyExists"_s,
        u"NamespaceNotEmpty"_s,
        u"TableNotFound"_s,
        u"TableAlreadyExists"_s,
        u"TableIndexNotFound"_s,
        u"TableIndexAlreadyExists"_s,
        u"TableTagNotFound"_s,
        u"TableTagAlreadyExists"_s,
        u"TransactionNotFound"_s,
        u"TableVersionNotFound"_s,
        u"TableColumnNotFound"_s,
        u"InvalidInput"_s,
        u"ConcurrentModification"_s,
        u"PermissionDenied"_s,
        u"Unauthenticated"_s,
        u"ServiceUnavailable"_s,
        u"Internal"_s,
        u"InvalidTableState"_s,
        u"TableSchemaValidationError"_s,
        u"Throttling"_s,
        u"TableBranchNotFound"_s,
        u"TableBranchAlreadyExists"_s,
    };
    QCOMPARE(expected.size(), lance::api::LastKnownErrorCode + 1);
    for (int code = 0; code < expected.size(); ++code) {
        QCOMPARE(lance::api::errorCodeName(code), expected.at(code));
    }
    QCOMPARE(lance::api::errorCodeName(24), u"Unknown(24)"_s);
    QCOMPARE(lance::api::errorCodeName(-1), u"Unknown(-1)"_s);
    QCOMPARE(lance::api::httpStatusForErrorCode(ErrorCode::ConcurrentModification), 409);
    QCOMPARE(lance::api::httpStatusForErrorCode(ErrorCode::Unsupported), 406);
    QCOMPARE(lance::api::httpStatusForErrorCode(ErrorCode::Throttling), 429);
}

void TestApiError::readsTheSpecErrorBody()
{
    const QUrl url(u"http://127.0.0.1:2333/v1/table/sales%24orders/describe?delimiter=%24"_s);
    const ApiError error = ApiError::http(
        u"DescribeTable"_s, url, 404,
        R"({"code":4,"error":"Table sales$orders not found","detail":"no row",)"
        R"("instance":"/v1/table/sales$orders/describe","context":{"request_id":"r1"},"x":1})",
        "application/json");
    QCOMPARE(error.kind(), ApiError::Kind::Http);
    QCOMPARE(error.httpStatus(), 404);
    QCOMPARE(error.serverCode(), std::optional<int>(4));
    QCOMPARE(error.serverCodeName(), u"TableNotFound"_s);
    QCOMPARE(error.serverError(), u"Table sales$orders not found"_s);
    QCOMPARE(error.serverDetail(), u"no row"_s);
    QCOMPARE(error.serverInstance(), u"/v1/table/sales$orders/describe"_s);
    QCOMPARE(error.context().value(u"request_id"_s), u"r1"_s);
    QVERIFY(error.hasErrorBody());
    QVERIFY(error.isNotFound());
    QVERIFY(!error.isUnsupported());
    QCOMPARE(error.userMessage(),
             u"DescribeTable failed: Table sales$orders not found (HTTP 404, TableNotFound)."_s);
    QVERIFY(error.details().contains(u"Error code: 4 (TableNotFound)"_s));
    QVERIFY(error.details().contains(u"Server detail: no row"_s));
}

void TestApiError::fallsBackToTheStatusForTextBodies()
{
    const QUrl url(u"http://127.0.0.1:2333/v1/table/t/declare"_s);
    const ApiError text = ApiError::http(u"DeclareTable"_s, url, 422,
                                         "Failed to deserialize the JSON body: missing field `x`",
                                         "text/plain; charset=utf-8");
    QVERIFY(!text.hasErrorBody());
    QVERIFY(!text.serverCode().has_value());
    QCOMPARE(text.userMessage(), u"DeclareTable failed: Failed to deserialize the JSON body: "
                                 u"missing field `x` (HTTP 422)."_s);

    const ApiError empty = ApiError::http(u"DeclareTable"_s, url, 500, {}, {});
    QCOMPARE(empty.userMessage(),
             u"DeclareTable failed: the server answered HTTP 500 Internal Server Error."_s);

    // JSON without the required `code` is not a spec error body either.
    const ApiError noCode
        = ApiError::http(u"DeclareTable"_s, url, 400, R"({"error":"bad"})", "application/json");
    QVERIFY(!noCode.hasErrorBody());
}

void TestApiError::recognisesUnsupportedOperations_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("unsupported");
    QTest::newRow("404 without body") << 404 << QByteArray() << true;
    QTest::newRow("404 with text body") << 404 << QByteArray("Not Found") << true;
    QTest::newRow("404 with a spec body") << 404 << QByteArray(R"({"code":4})") << false;
    QTest::newRow("405") << 405 << QByteArray() << true;
    QTest::newRow("406 with code 0") << 406 << QByteArray(R"({"code":0,"error":"no"})") << true;
    QTest::newRow("406 with another code") << 406 << QByteArray(R"({"code":13})") << false;
    QTest::newRow("501") << 501 << QByteArray() << true;
    QTest::newRow("400") << 400 << QByteArray(R"({"code":13})") << false;
    QTest::newRow("409") << 409 << QByteArray(R"({"code":14})") << false;
}

void TestApiError::recognisesUnsupportedOperations()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(bool, unsupported);
    const ApiError error = ApiError::http(u"BatchCommitTables"_s,
                                          QUrl(u"http://h/v1/table/batch-commit"_s), status, body);
    QCOMPARE(error.isUnsupported(), unsupported);
    if (unsupported) {
        QVERIFY2(
            error.userMessage().startsWith(u"This server does not support BatchCommitTables"_s),
            qPrintable(error.userMessage()));
    }
}

void TestApiError::classifiesConflictsAuthAndNotFound()
{
    const QUrl url(u"http://h/v1/table/batch-commit"_s);
    const ApiError conflict = ApiError::http(u"BatchCommitTables"_s, url, 409,
                                             R"({"code":14,"error":"version 3 exists"})");
    QVERIFY(conflict.isConflict());
    QVERIFY(!conflict.isNotFound());
    QVERIFY(!conflict.isTransient());
    QCOMPARE(conflict.serverCode(), std::optional<int>(14));

    QVERIFY(ApiError::http(u"X"_s, url, 401, {}).isAuthError());
    QVERIFY(ApiError::http(u"X"_s, url, 403, R"({"code":15})").isAuthError());
    QCOMPARE(ApiError::http(u"ListTables"_s, url, 401, {}).userMessage(),
             u"ListTables was refused: the server needs valid credentials (HTTP 401)."_s);
    QVERIFY(!ApiError::http(u"X"_s, url, 500, R"({"code":18})").isAuthError());
    QVERIFY(ApiError::http(u"X"_s, url, 404, R"({"code":1})").isNotFound());
    QVERIFY(!ApiError::http(u"X"_s, url, 404, {}).isNotFound()); // unsupported, not "missing"
}

void TestApiError::classifiesTransientFailures()
{
    const QUrl url(u"http://h/"_s);
    QVERIFY(ApiError::http(u"X"_s, url, 503, {}).isTransient());
    QVERIFY(ApiError::http(u"X"_s, url, 429, {}).isTransient());
    QVERIFY(ApiError::http(u"X"_s, url, 500, R"({"code":17})").isTransient());
    QVERIFY(!ApiError::http(u"X"_s, url, 500, {}).isTransient());
    ApiError reset = ApiError::network(u"X"_s, url, u"Connection closed"_s);
    QVERIFY(!reset.isTransient());
    reset.setConnectionReset(true);
    QVERIFY(reset.isTransient());
    QVERIFY(!ApiError::timeout(u"X"_s, url, 1000).isTransient());
}

void TestApiError::explainsTransportFailures()
{
    const QUrl url(u"https://catalog.example:9101/lance/v1/namespace/%24/list"_s);
    QCOMPARE(ApiError::network(u"ListNamespaces"_s, url, u"Connection refused"_s).userMessage(),
             u"Could not reach catalog.example:9101: Connection refused."_s);
    QCOMPARE(ApiError::timeout(u"ListNamespaces"_s, url, 2500).userMessage(),
             u"catalog.example:9101 did not answer ListNamespaces within 2.5 seconds."_s);
    QCOMPARE(ApiError::cancelled(u"ListNamespaces"_s, url).userMessage(),
             u"ListNamespaces was cancelled."_s);
    const ApiError tls = ApiError::tls(u"ListNamespaces"_s, url,
                                       u"The certificate is self-signed, and untrusted"_s);
    QCOMPARE(tls.kind(), ApiError::Kind::Tls);
    QVERIFY(tls.userMessage().contains(u"self-signed"_s));
    QCOMPARE(ApiError::invalidInput(u"Bad name."_s).userMessage(), u"Bad name."_s);
}

void TestApiError::neverKeepsCredentialsFromTheUrl()
{
    const QUrl url(u"https://alice:s3cret@catalog.example/v1/namespace/%24/list"_s);
    const ApiError error = ApiError::http(u"ListNamespaces"_s, url, 500, {});
    QVERIFY(!error.url().toString().contains(u"s3cret"_s));
    QVERIFY(!error.details().contains(u"s3cret"_s));
    QVERIFY(!error.userMessage().contains(u"s3cret"_s));
    const ApiError network = ApiError::network(u"ListNamespaces"_s, url, u"refused"_s);
    QVERIFY(!network.details().contains(u"s3cret"_s));
}

void TestApiError::describesDecodeErrorsByPath()
{
    ApiError error
        = ApiError::decode(u"results[2].create_table_version.version"_s, u"expected integer"_s);
    QCOMPARE(error.kind(), ApiError::Kind::Decode);
    QCOMPARE(error.detail(), u"results[2].create_table_version.version: expected integer"_s);
    QCOMPARE(error.userMessage(),
             u"Invalid data: results[2].create_table_version.version: expected integer."_s);
    error.setOperation(u"BatchCommitTables"_s);
    QCOMPARE(error.userMessage(), u"The server's answer to BatchCommitTables could not be read: "
                                  u"results[2].create_table_version.version: expected integer."_s);
}

LCB_TEST_GUILESS_MAIN(TestApiError)
#include "TestApiError.moc"
