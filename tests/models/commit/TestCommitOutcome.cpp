// SPDX-License-Identifier: Apache-2.0
// CommitOutcome: how every answer to a batch commit is classified and worded, and how the
// operations are named in words.
#include "CommitFixtures.h"
#include "TestRegistry.h"
#include "api/JsonCodec.h"
#include "commit/CommitOutcome.h"
#include "commit/OperationText.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::commit::CommitOutcome;
using lance::commit::OperationText;
using lance::test::CommitFixtures;
using Kind = CommitOutcome::Kind;

Q_DECLARE_METATYPE(lance::api::ApiError)

namespace {

const QUrl Url(u"http://127.0.0.1:2333/v1/table/batch-commit"_s);
const QString Op = u"BatchCommitTables"_s;

BatchCommitTablesRequest sample()
{
    return CommitFixtures::batch({CommitFixtures::declare(u"sales$new"_s),
                                  CommitFixtures::createVersion(u"sales$orders"_s, 4),
                                  CommitFixtures::deleteVersions(u"sales$orders"_s, 1, 3),
                                  CommitFixtures::deregister(u"sales$old"_s)});
}

QByteArray errorBody(int code, const QString &text, const QString &index = {})
{
    ErrorResponse body;
    body.code = code;
    body.error = text;
    if (!index.isEmpty()) {
        body.context.insert(u"failed_operation_index"_s, index);
    }
    return json::encode(body);
}

} // namespace

class TestCommitOutcome : public QObject
{
    Q_OBJECT

private slots:
    void classifies_data();
    void classifies();
    void readsTheServersFailingIndex();
    void ignoresAnIndexOutsideTheBatch();
    void namesWhatIsMissingFromTheCode();
    void committedCarriesTheResults();
    void everyKindHasOneSentence();
    void describesOperations();
};

void TestCommitOutcome::classifies_data()
{
    QTest::addColumn<ApiError>("error");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<bool>("nothingApplied");

    const auto http = [](int status, const QByteArray &body, const QByteArray &type = {}) {
        return ApiError::http(Op, Url, status, body, type);
    };
    QTest::newRow("409 code 14") << http(409, errorBody(14, u"version exists"_s)) << Kind::Conflict
                                 << true;
    QTest::newRow("409 code 5") << http(409, errorBody(5, u"table exists"_s)) << Kind::Conflict
                                << true;
    QTest::newRow("401") << http(401, errorBody(16, u"no key"_s)) << Kind::AuthFailed << true;
    QTest::newRow("403") << http(403, errorBody(15, u"read only"_s)) << Kind::AuthFailed << true;
    QTest::newRow("404 with JSON")
        << http(404, errorBody(4, u"no table"_s)) << Kind::NotFound << true;
    QTest::newRow("404 without body") << http(404, {}) << Kind::Unsupported << true;
    QTest::newRow("404 plain text")
        << http(404, "Not Found", "text/plain") << Kind::Unsupported << true;
    QTest::newRow("405") << http(405, "Method Not Allowed", "text/plain") << Kind::Unsupported
                         << true;
    QTest::newRow("406 code 0") << http(406, errorBody(0, u"not supported"_s)) << Kind::Unsupported
                                << true;
    QTest::newRow("406 without body") << http(406, {}) << Kind::Unsupported << true;
    QTest::newRow("501") << http(501, {}) << Kind::Unsupported << true;
    QTest::newRow("400") << http(400, errorBody(13, u"bad range"_s)) << Kind::Invalid << true;
    QTest::newRow("422 text") << http(422, "missing field", "text/plain") << Kind::Invalid << true;
    QTest::newRow("500") << http(500, errorBody(18, u"disk full"_s)) << Kind::ServerError << true;
    QTest::newRow("502 html") << http(502, "<html>bad gateway</html>", "text/html")
                              << Kind::ServerError << true;
    QTest::newRow("503") << http(503, errorBody(17, u"busy"_s)) << Kind::ServerError << true;
    QTest::newRow("429") << http(429, errorBody(21, u"slow down"_s)) << Kind::ServerError << true;
    QTest::newRow("refused before sending")
        << ApiError::invalidInput(u"The URL has no host."_s) << Kind::Invalid << true;
    QTest::newRow("tls") << ApiError::tls(Op, Url, u"unknown CA"_s) << Kind::NetworkBeforeSend
                         << true;
    ApiError reset = ApiError::network(Op, Url, u"closed"_s);
    reset.setConnectionReset(true);
    QTest::newRow("connection reset") << reset << Kind::Unknown << false;
    QTest::newRow("timeout") << ApiError::timeout(Op, Url, 30000) << Kind::Unknown << false;
    // Unless RestCall knows no connection was made, never "not applied".
    QTest::newRow("other network error")
        << ApiError::network(Op, Url, u"Network unreachable"_s) << Kind::Unknown << false;
    ApiError refused = ApiError::network(Op, Url, u"Connection refused"_s);
    refused.setNeverSent(true);
    QTest::newRow("connection refused") << refused << Kind::NetworkBeforeSend << true;
    QTest::newRow("cancelled") << ApiError::cancelled(Op, Url) << Kind::Unknown << false;
    QTest::newRow("unreadable 2xx")
        << ApiError::decode(u"results[0]"_s, u"expected object"_s) << Kind::Unknown << false;
}

void TestCommitOutcome::classifies()
{
    QFETCH(ApiError, error);
    QFETCH(Kind, kind);
    QFETCH(bool, nothingApplied);
    const CommitOutcome outcome = CommitOutcome::fromError(error, sample());
    QCOMPARE(outcome.kind(), kind);
    QCOMPARE(outcome.nothingApplied(), nothingApplied);
    QVERIFY(!outcome.isCommitted());
    QCOMPARE(outcome.httpStatus(), error.httpStatus());
    QCOMPARE(outcome.isRetrySafe(), kind == Kind::ServerError || kind == Kind::NetworkBeforeSend
                                        || kind == Kind::AuthFailed);
}

void TestCommitOutcome::readsTheServersFailingIndex()
{
    const ApiError error = ApiError::http(
        Op, Url, 409,
        errorBody(14,
                  u"operation 2 (create_table_version of sales$orders): Version 4 of table "
                  "sales$orders exists already."_s,
                  u"1"_s));
    const CommitOutcome outcome = CommitOutcome::fromError(error, sample());
    QCOMPARE(outcome.kind(), Kind::Conflict);
    QCOMPARE(outcome.failedOperationIndex(), std::optional<qsizetype>(1));
    QCOMPARE(outcome.conflictingOperations(), QList<qsizetype>{1});
    QCOMPARE(outcome.conflicts().at(0).operation,
             u"operation 2 (create version 4 of sales$orders)"_s);
    QCOMPARE(outcome.conflicts().at(0).reason, u"Version 4 of table sales$orders exists already"_s);
    QCOMPARE(outcome.message(),
             u"Nothing was committed: the server's state conflicts with operation 2 (create "
             "version 4 of sales$orders): Version 4 of table sales$orders exists already."_s);
    QCOMPARE(outcome.serverCode(), std::optional<int>(14));
}

void TestCommitOutcome::ignoresAnIndexOutsideTheBatch()
{
    for (const QString &index : {u"4"_s, u"-1"_s, u"two"_s}) {
        const ApiError error = ApiError::http(Op, Url, 409, errorBody(14, u"conflict"_s, index));
        const CommitOutcome outcome = CommitOutcome::fromError(error, sample());
        QCOMPARE(outcome.failedOperationIndex(), std::nullopt);
        QVERIFY(outcome.conflicts().isEmpty());
        QCOMPARE(outcome.message(),
                 u"Nothing was committed: the server reported a conflict (conflict); refresh and "
                 "review the staged operations."_s);
    }
}

void TestCommitOutcome::namesWhatIsMissingFromTheCode()
{
    const auto outcomeFor = [](int code, const QString &index) {
        return CommitOutcome::fromError(
            ApiError::http(Op, Url, 404, errorBody(code, u"missing"_s, index)), sample());
    };
    const CommitOutcome space = outcomeFor(1, u"0"_s);
    QCOMPARE(space.kind(), Kind::NotFound);
    QCOMPARE(space.missing().size(), 1);
    QCOMPARE(space.missing().at(0).what, CommitOutcome::Missing::What::Namespace);
    QCOMPARE(space.missing().at(0).id, CommitFixtures::id(u"sales"_s));
    QCOMPARE(space.message(), u"Nothing was committed: the server has no namespace sales."_s);

    const CommitOutcome table = outcomeFor(4, u"3"_s);
    QCOMPARE(table.missing().at(0).what, CommitOutcome::Missing::What::Table);
    QCOMPARE(table.missing().at(0).id, CommitFixtures::id(u"sales$old"_s));
    QCOMPARE(table.missing().at(0).index, 3);

    const CommitOutcome unknown = outcomeFor(4, {});
    QVERIFY(unknown.missing().isEmpty());
    QCOMPARE(unknown.message(), u"Nothing was committed: the server is missing a namespace or "
                                "table the batch needs (missing)."_s);
}

void TestCommitOutcome::committedCarriesTheResults()
{
    BatchCommitTablesResponse response;
    response.transactionId = u"tx-42"_s;
    response.results.append(DeclareTableResponse());
    CreateTableVersionResponse created;
    created.version = TableVersion();
    created.version->version = 4;
    created.version->manifestPath = u"b/orders/_versions/18446744073709551611.manifest"_s;
    response.results.append(created);
    const CommitOutcome outcome = CommitOutcome::committed(response);
    QCOMPARE(outcome.kind(), Kind::Committed);
    QVERIFY(outcome.isCommitted());
    QVERIFY(!outcome.nothingApplied());
    QCOMPARE(outcome.transactionId(), std::optional<QString>(u"tx-42"_s));
    QCOMPARE(outcome.finalManifestPath(1),
             std::optional<QString>(u"b/orders/_versions/18446744073709551611.manifest"_s));
    QCOMPARE(outcome.finalManifestPath(0), std::nullopt);
    QCOMPARE(outcome.finalManifestPath(2), std::nullopt);
    QCOMPARE(outcome.message(), u"All 2 operations were committed in transaction tx-42."_s);
}

void TestCommitOutcome::everyKindHasOneSentence()
{
    const QList<ApiError> errors{
        ApiError::http(Op, Url, 409, errorBody(14, u"conflict"_s)),
        ApiError::http(Op, Url, 401, errorBody(16, u"no key"_s)),
        ApiError::http(Op, Url, 403, errorBody(15, u"read only"_s)),
        ApiError::http(Op, Url, 404, errorBody(4, u"missing"_s)),
        ApiError::http(Op, Url, 500, errorBody(18, u"disk full"_s)),
        ApiError::tls(Op, Url, u"unknown CA"_s),
        ApiError::timeout(Op, Url, 30000),
        ApiError::http(Op, Url, 501, {}),
        ApiError::http(Op, Url, 400, errorBody(13, u"bad range"_s)),
    };
    QSet<Kind> kinds;
    for (const ApiError &error : errors) {
        const CommitOutcome outcome = CommitOutcome::fromError(error, sample());
        kinds.insert(outcome.kind());
        const QString message = outcome.message();
        QVERIFY2(message.endsWith(u'.') && !message.contains(u".."_s), qPrintable(message));
        QVERIFY2(!message.isEmpty() && message.at(0).isUpper(), qPrintable(message));
        QVERIFY(!CommitOutcome::kindName(outcome.kind()).isEmpty());
    }
    QCOMPARE(kinds.size(), 8); // every failure kind (401 and 403 share one)
    QCOMPARE(CommitOutcome::fromError(errors.at(6), sample()).message(),
             u"The outcome is unknown (127.0.0.1:2333 did not answer BatchCommitTables within 30 "
             "seconds): the batch may have been applied; read the server's state before sending "
             "it again."_s);
    QCOMPARE(CommitOutcome::fromError(errors.at(7), sample()).message(),
             u"This server does not support batch commits (HTTP 501); the operations can only be "
             "applied one by one, without the all-or-nothing guarantee."_s);
    QCOMPARE(CommitOutcome::fromError(errors.at(8), sample()).message(),
             u"The batch was refused as invalid: bad range."_s);
}

void TestCommitOutcome::describesOperations()
{
    const BatchCommitTablesRequest request = sample();
    QCOMPARE(OperationText::describe(request.operations.at(0)), u"declare table sales$new"_s);
    QCOMPARE(OperationText::describe(request.operations.at(1)),
             u"create version 4 of sales$orders"_s);
    QCOMPARE(OperationText::describe(request.operations.at(2)),
             u"delete versions 1 to 2 of sales$orders"_s);
    QCOMPARE(OperationText::numbered(3, request.operations.at(3)),
             u"operation 4 (deregister table sales$old)"_s);
    QCOMPARE(OperationText::describe(CommitFixtures::deleteVersions(u"a$t"_s, 5, -1)),
             u"delete versions 5 and later of a$t"_s);
    QCOMPARE(OperationText::describe(CommitFixtures::deleteVersions(u"a$t"_s, 5, 6)),
             u"delete versions 5 of a$t"_s);
}

LCB_TEST_GUILESS_MAIN(TestCommitOutcome)
#include "TestCommitOutcome.moc"
