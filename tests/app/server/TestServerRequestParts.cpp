// SPDX-License-Identifier: Apache-2.0
// The server's request parts in-process, without HTTP or an engine: route matching on the raw
// path, query parameters, credentials and the spec codes of HTTP-level refusals.
#include "AnswerEncoding.h"
#include "CredentialChecker.h"
#include "ErrorAnswer.h"
#include "QueryParameters.h"
#include "RequestFraming.h"
#include "RouteTable.h"
#include "TestRegistry.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::server::AnswerEncoding;
using lance::server::CredentialChecker;
using lance::server::ErrorAnswer;
using lance::server::QueryParameters;
using lance::server::RequestFraming;
using lance::server::RouteTable;
using Access = CredentialChecker::Access;

class TestServerRequestParts : public QObject
{
    Q_OBJECT

private slots:
    void everyRouteMatchesItsOwnPath();
    void matchingKeepsTheRawId_data();
    void matchingKeepsTheRawId();
    void unknownPathsMatchNothing_data();
    void unknownPathsMatchNothing();
    void queryParametersAreChecked_data();
    void queryParametersAreChecked();
    void credentialsGrantAccess();
    void errorAnswersCarryTheSpecBody();
    void answerEncodingIsChosenForSpeed_data();
    void answerEncodingIsChosenForSpeed();
    void encodedAnswersDecode();
    void framingFindsWhereARequestEnds_data();
    void framingFindsWhereARequestEnds();
};

void TestServerRequestParts::everyRouteMatchesItsOwnPath()
{
    QCOMPARE(RouteTable::routes().size(), std::size_t(37));
    std::size_t index = 0;
    for (const auto &route : RouteTable::routes()) {
        const QByteArray action(route.operation->action.data(),
                                qsizetype(route.operation->action.size()));
        QByteArray path;
        switch (route.operation->target) {
        case lance::api::OperationInfo::Target::Namespace:
            path = "/v1/namespace/a%24b/" + action;
            break;
        case lance::api::OperationInfo::Target::Table:
            path = "/v1/table/a%24b/" + action;
            break;
        case lance::api::OperationInfo::Target::None:
            path = action.isEmpty() ? QByteArray("/v1/table") : "/v1/table/" + action;
            break;
        case lance::api::OperationInfo::Target::Transaction:
            path = "/v1/transaction/a%24b/" + action;
            break;
        case lance::api::OperationInfo::Target::Transactions:
            path = "/v1/transaction/" + action;
            break;
        }
        QCOMPARE(path, route.operation->path("a%24b"));
        const auto match = RouteTable::match(path);
        QVERIFY2(match.route == &route, path.constData());
        QCOMPARE(route.index, index++);
    }
    QCOMPARE(&RouteTable::routeOf<lance::api::BatchCommitTablesRequest>().operation->id,
             &lance::api::Operation<lance::api::BatchCommitTablesRequest>::info.id);
}

void TestServerRequestParts::matchingKeepsTheRawId_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QString>("operation");
    QTest::addColumn<QByteArray>("id");
    QTest::newRow("encoded root") << QByteArray("/v1/namespace/%24/list") << u"ListNamespaces"_s
                                  << QByteArray("%24");
    QTest::newRow("literal root") << QByteArray("/v1/namespace/$/table/list") << u"ListTables"_s
                                  << QByteArray("$");
    QTest::newRow("slash inside a name")
        << QByteArray("/v1/table/a%2Fb/describe") << u"DescribeTable"_s << QByteArray("a%2Fb");
    QTest::newRow("trailing slash")
        << QByteArray("/v1/table/t/tags/list/") << u"ListTableTags"_s << QByteArray("t");
    QTest::newRow("the table collection")
        << QByteArray("/v1/table") << u"ListAllTables"_s << QByteArray();
    QTest::newRow("the collection, trailing slash")
        << QByteArray("/v1/table/") << u"ListAllTables"_s << QByteArray();
    QTest::newRow("a transaction") << QByteArray("/v1/transaction/abc-1/describe")
                                   << u"DescribeTransaction"_s << QByteArray("abc-1");
    QTest::newRow("the history") << QByteArray("/v1/transaction/list") << u"ListTransactions"_s
                                 << QByteArray();
    QTest::newRow("a table named version") << QByteArray("/v1/table/version/version/create")
                                           << u"CreateTableVersion"_s << QByteArray("version");
    QTest::newRow("batch create") << QByteArray("/v1/table/version/batch-create")
                                  << u"BatchCreateTableVersions"_s << QByteArray();
}

void TestServerRequestParts::matchingKeepsTheRawId()
{
    QFETCH(QByteArray, path);
    QFETCH(QString, operation);
    QFETCH(QByteArray, id);
    const auto match = RouteTable::match(path);
    QVERIFY(match.route);
    QCOMPARE(match.route->name(), operation);
    QCOMPARE(match.idSegment, id);
}

void TestServerRequestParts::unknownPathsMatchNothing_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("root") << QByteArray("/");
    QTest::newRow("transaction, no id") << QByteArray("/v1/transaction/describe");
    QTest::newRow("no action") << QByteArray("/v1/table/t");
    QTest::newRow("unknown action") << QByteArray("/v1/table/t/compact");
    QTest::newRow("encoded separator") << QByteArray("/v1/table/t%2Fdescribe");
    QTest::newRow("other version") << QByteArray("/v2/namespace/%24/list");
}

void TestServerRequestParts::unknownPathsMatchNothing()
{
    QFETCH(QByteArray, path);
    QVERIFY(!RouteTable::match(path).route);
}

void TestServerRequestParts::queryParametersAreChecked_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("valid");
    QTest::newRow("limit") << u"limit"_s << u"10"_s << true;
    QTest::newRow("limit negative") << u"limit"_s << u"-1"_s << false;
    QTest::newRow("limit text") << u"limit"_s << u"ten"_s << false;
    QTest::newRow("boolean true") << u"descending"_s << u"true"_s << true;
    QTest::newRow("boolean capitalised") << u"descending"_s << u"True"_s << false;
    QTest::newRow("boolean number") << u"include_declared"_s << u"1"_s << false;
    QTest::newRow("empty delimiter") << u"delimiter"_s << QString() << false;
    QTest::newRow("unknown parameter") << u"whatever"_s << u"x"_s << true;
}

void TestServerRequestParts::queryParametersAreChecked()
{
    QFETCH(QString, name);
    QFETCH(QString, value);
    QFETCH(bool, valid);
    const auto parsed = QueryParameters::parse({{name, value}});
    QCOMPARE(bool(parsed), valid);
    if (!valid) {
        QVERIFY2(parsed.error().detail().contains(name), qPrintable(parsed.error().detail()));
    }
}

void TestServerRequestParts::credentialsGrantAccess()
{
    QCOMPARE(CredentialChecker().check(std::nullopt, std::nullopt), Access::Full);

    CredentialChecker::Secrets secrets;
    secrets.apiKey = "key";
    secrets.bearerToken = "token";
    secrets.readOnlyKey = "reader";
    const CredentialChecker checker(secrets);
    QVERIFY(checker.requiresCredentials());
    QCOMPARE(checker.check(std::nullopt, std::nullopt), Access::Denied);
    QCOMPARE(checker.check("key", std::nullopt), Access::Full);
    QCOMPARE(checker.check("ke", std::nullopt), Access::Denied);
    QCOMPARE(checker.check("token", std::nullopt), Access::Denied);
    QCOMPARE(checker.check(std::nullopt, "Bearer token"), Access::Full);
    QCOMPARE(checker.check(std::nullopt, "bearer token"), Access::Full);
    QCOMPARE(checker.check(std::nullopt, "Basic token"), Access::Denied);
    QCOMPARE(checker.check(std::nullopt, "Bearer key"), Access::Denied);
    QCOMPARE(checker.check("reader", std::nullopt), Access::ReadOnly);
    QCOMPARE(checker.check(std::nullopt, "Bearer reader"), Access::ReadOnly);
    QCOMPARE(checker.check("reader", "Bearer token"), Access::Full);
}

void TestServerRequestParts::errorAnswersCarryTheSpecBody()
{
    const auto answer = ErrorAnswer::forHttpStatus(413, "/v1/table/t/declare", 1024);
    QCOMPARE(answer.status, 413);
    const QJsonObject body = QJsonDocument::fromJson(answer.body).object();
    QCOMPARE(body.value(u"code"_s).toInt(), 13);
    QCOMPARE(body.value(u"instance"_s).toString(), u"/v1/table/t/declare"_s);
    QVERIFY(body.value(u"error"_s).toString().contains(u"1024"_s));
    QCOMPARE(int(ErrorAnswer::codeForStatus(401)), 16);
    QCOMPARE(int(ErrorAnswer::codeForStatus(405)), 0);
    QCOMPARE(int(ErrorAnswer::codeForStatus(503)), 17);
    QCOMPARE(int(ErrorAnswer::codeForStatus(500)), 18);

    auto failure = lance::api::ApiError::catalog(lance::api::ErrorCode::ConcurrentModification,
                                                 u"lost the race"_s);
    failure.setContext({{u"failed_operation_index"_s, u"3"_s}});
    const auto fromEngine = ErrorAnswer::fromApiError(failure, "/v1/table/batch-commit");
    QCOMPARE(fromEngine.status, 409);
    const QJsonObject engineBody = QJsonDocument::fromJson(fromEngine.body).object();
    QCOMPARE(engineBody.value(u"code"_s).toInt(), 14);
    QCOMPARE(engineBody.value(u"error"_s).toString(), u"lost the race"_s);
    QCOMPARE(engineBody.value(u"context"_s).toObject().value(u"failed_operation_index"_s), u"3"_s);
    const auto decode = ErrorAnswer::fromApiError(
        lance::api::ApiError::decode(u"operations[2].version"_s, u"expected integer"_s), "/x");
    QCOMPARE(decode.status, 400);
    QVERIFY(decode.body.contains("operations[2].version"));
}

LCB_TEST_GUILESS_MAIN(TestServerRequestParts)
void TestServerRequestParts::answerEncodingIsChosenForSpeed_data()
{
    using Coding = AnswerEncoding::Coding;
    using Policy = AnswerEncoding::Policy;
    QTest::addColumn<Policy>("policy");
    QTest::addColumn<QByteArray>("accept"); // "-": no header
    QTest::addColumn<qsizetype>("bytes");
    QTest::addColumn<bool>("loopback");
    QTest::addColumn<Coding>("coding");
    const qsizetype big = 11000;
    // What Qt's network stack sends, from another machine: brotli (at quality 1).
    QTest::newRow("qt remote") << Policy::Auto << QByteArray("gzip, deflate, br") << big << false
                               << Coding::Brotli;
    QTest::newRow("qt loopback") << Policy::Auto << QByteArray("gzip, deflate, br") << big << true
                                 << Coding::Identity;
    QTest::newRow("loopback always")
        << Policy::Always << QByteArray("gzip, deflate, br") << big << true << Coding::Brotli;
    QTest::newRow("small") << Policy::Always << QByteArray("br") << qsizetype(1023) << false
                           << Coding::Identity;
    QTest::newRow("just big enough")
        << Policy::Auto << QByteArray("br") << qsizetype(1024) << false << Coding::Brotli;
    QTest::newRow("never") << Policy::Never << QByteArray("br") << big << false << Coding::Identity;
    QTest::newRow("no header") << Policy::Always << QByteArray("-") << big << false
                               << Coding::Identity;
    QTest::newRow("gzip only") << Policy::Auto << QByteArray("gzip") << big << false
                               << Coding::Gzip;
    QTest::newRow("br refused") << Policy::Auto << QByteArray("br;q=0, gzip;q=0.5") << big << false
                                << Coding::Gzip;
    QTest::newRow("case and spaces")
        << Policy::Auto << QByteArray(" GZIP ; Q=1 ") << big << false << Coding::Gzip;
    QTest::newRow("wildcard") << Policy::Auto << QByteArray("*") << big << false << Coding::Brotli;
    QTest::newRow("wildcard but br")
        << Policy::Auto << QByteArray("*, br;q=0") << big << false << Coding::Gzip;
    QTest::newRow("identity only")
        << Policy::Auto << QByteArray("identity") << big << false << Coding::Identity;
    QTest::newRow("unreadable q") << Policy::Auto << QByteArray("br;q=x, gzip;q=zz") << big << false
                                  << Coding::Identity;
}

void TestServerRequestParts::answerEncodingIsChosenForSpeed()
{
    QFETCH(AnswerEncoding::Policy, policy);
    QFETCH(QByteArray, accept);
    QFETCH(qsizetype, bytes);
    QFETCH(bool, loopback);
    QFETCH(AnswerEncoding::Coding, coding);
    const std::optional<QByteArray> header
        = accept == "-" ? std::nullopt : std::optional<QByteArray>(accept);
    QCOMPARE(AnswerEncoding::choose(policy, header, bytes, loopback), coding);
}

void TestServerRequestParts::encodedAnswersDecode()
{
    QByteArray body = "{\"tables\":[";
    for (int i = 0; i < 1000; ++i) {
        body += (i > 0 ? "," : "") + QByteArray("\"t") + QByteArray::number(i) + '"';
    }
    body += "]}";
    const auto gzip = AnswerEncoding::encode(AnswerEncoding::Coding::Gzip, body);
    QVERIFY(gzip && gzip->size() < body.size() / 3);
    QVERIFY(gzip->startsWith("\x1f\x8b")); // a gzip member, not a bare zlib stream
    const auto brotli = AnswerEncoding::encode(AnswerEncoding::Coding::Brotli, body);
    QVERIFY(brotli && brotli->size() < body.size() / 3);
    QCOMPARE(AnswerEncoding::encode(AnswerEncoding::Coding::Identity, body), body);
    QCOMPARE(AnswerEncoding::token(AnswerEncoding::Coding::Brotli), QByteArray("br"));
    QCOMPARE(AnswerEncoding::policyNamed(u"always"_s), AnswerEncoding::Policy::Always);
    QCOMPARE(AnswerEncoding::policyNamed(u"fast"_s), std::nullopt);
}

void TestServerRequestParts::framingFindsWhereARequestEnds_data()
{
    using State = RequestFraming::State;
    QTest::addColumn<QByteArray>("buffer");
    QTest::addColumn<State>("state");
    QTest::addColumn<qint64>("total");
    const QByteArray get = "GET /v1/namespace/%24/list HTTP/1.1\r\nHost: x\r\n\r\n";
    QTest::newRow("nothing yet") << QByteArray() << State::Incomplete << qint64(0);
    QTest::newRow("half a header") << get.left(20) << State::Incomplete << qint64(0);
    QTest::newRow("GET") << get << State::Complete << qint64(get.size());
    QTest::newRow("GET and the next") << get + get.left(5) << State::Complete << qint64(get.size());
    const QByteArray post = "POST /v1/table/t/declare HTTP/1.1\r\ncontent-LENGTH:  2 \r\n\r\n";
    QTest::newRow("body missing") << post << State::BodyPending << qint64(post.size() + 2);
    QTest::newRow("body half") << post + "{" << State::BodyPending << qint64(post.size() + 2);
    QTest::newRow("body whole") << post + "{}" << State::Complete << qint64(post.size() + 2);
    QTest::newRow("chunked") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")
                             << State::Streamed << qint64(0);
    QTest::newRow("expect") << QByteArray(
        "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 9\r\n\r\n")
                            << State::Streamed << qint64(0);
    QTest::newRow("two lengths") << QByteArray(
        "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
                                 << State::Streamed << qint64(0);
    QTest::newRow("length no number")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: two\r\n\r\n") << State::Streamed
        << qint64(0);
    QTest::newRow("length overflows")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: 9223372036854775807\r\n\r\n")
        << State::Streamed << qint64(0);
    // A header named like one that frames, but longer, frames nothing.
    const QByteArray lookAlike = "GET / HTTP/1.1\r\nContent-Lengthy: 5\r\n\r\n";
    QTest::newRow("look-alike name") << lookAlike << State::Complete << qint64(lookAlike.size());
}

void TestServerRequestParts::framingFindsWhereARequestEnds()
{
    QFETCH(QByteArray, buffer);
    QFETCH(RequestFraming::State, state);
    QFETCH(qint64, total);
    const RequestFraming framing = RequestFraming::of(buffer);
    QCOMPARE(framing.state, state);
    if (state == RequestFraming::State::Complete || state == RequestFraming::State::BodyPending) {
        QCOMPARE(framing.totalBytes, total);
    }
}

#include "TestServerRequestParts.moc"
